import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminListRuns } from '../../src/server/api/orders/admin/list'
import { createOrder, createUser, decode, get, signedIn } from '../factories'
import { pgBase, pgTitle } from '../setup/postgres-only'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * On PostgreSQL the staff order list is kept with the database's snapshot read with the caller's
 * session (docs/decisions/0086): a repeated read is not computed again, and any commit, made by
 * this instance or by another one straight on the database, is seen by the next read.
 */
type Page = { orders: { id: number; status: string }[]; total: number }

describe.skipIf(!pgBase)(pgTitle('admin order list kept by snapshot on PostgreSQL'), () => {
  let t: TestApp
  let other: pg.Client
  beforeAll(async () => {
    t = await createTestApp()
    // Another instance: its own connection, writing without this process hearing of it.
    other = new pg.Client({ connectionString: t.config.DATABASE_URL })
    await other.connect()
  })
  afterAll(async () => {
    await other.end()
    await t.close()
  })

  const url = '/_api/admin/orders?page=1&limit=15'
  const read = async (cookie: string) => {
    const answer = await get(t, url, cookie)
    expect(answer.statusCode, answer.body).toBe(200)
    return decode<Page>(answer.body)
  }
  const statusOf = (page: Page, id: number) => page.orders.find((o) => o.id === id)?.status
  /**
   * Whether a read repeated at once is given the kept answer. Transaction ids are the whole
   * server's, so a commit in another test file's database also renews the snapshot: the pair is
   * tried again until nothing committed between its two reads.
   */
  const repeatIsKept = async (cookie: string) => {
    for (let i = 0; i < 20; i++) {
      const first = await read(cookie)
      const runs = adminListRuns.count
      expect(await read(cookie)).toEqual(first)
      if (adminListRuns.count === runs) return true
    }
    return false
  }

  it('answers a repeated read without computing it again; a commit elsewhere is seen at once', async () => {
    const client = await createUser(t.db, { country: 'SN' })
    const order = await createOrder(t.db, { user: client })
    const root = await signedIn(t, 'root', 'SN')
    expect(statusOf(await read(root.cookie), order.id)).toBe('pending')
    expect(await repeatIsKept(root.cookie), 'the same snapshot: the kept answer').toBe(true)

    const runs = adminListRuns.count
    await other.query(`update orders set status = 'in_preparation' where id = $1`, [order.id])
    expect(statusOf(await read(root.cookie), order.id), 'the next read sees the other commit').toBe(
      'in_preparation',
    )
    expect(adminListRuns.count).toBeGreaterThan(runs)
  })

  it('a transaction still open elsewhere is not seen, and is seen as soon as it commits', async () => {
    const client = await createUser(t.db, { country: 'SN' })
    const order = await createOrder(t.db, { user: client })
    const admin = await signedIn(t, 'admin', 'SN')
    await other.query('begin')
    await other.query(`update orders set status = 'cancelled' where id = $1`, [order.id])
    expect(statusOf(await read(admin.cookie), order.id)).toBe('pending')
    expect(await repeatIsKept(admin.cookie), 'an open transaction changes nothing yet').toBe(true)
    expect(statusOf(await read(admin.cookie), order.id)).toBe('pending')
    await other.query('commit')
    expect(statusOf(await read(admin.cookie), order.id)).toBe('cancelled')
  })

  it('a write to another table also gives a new snapshot: computed again, the same answer', async () => {
    const root = await signedIn(t, 'root', 'SN')
    const first = await read(root.cookie)
    const runs = adminListRuns.count
    await other.query(`update countries set name = name where code = 'SN'`)
    expect(await read(root.cookie)).toEqual(first)
    expect(adminListRuns.count).toBeGreaterThan(runs)
  })
})
