import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactMessages, users } from '../../src/server/db/schema'
import { createContactMessage, decode, get, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

let t: TestApp
let root: string, superSn: string, adminSn: string
beforeAll(async () => {
  t = await createTestApp()
  root = (await signedIn(t, 'root', 'SN')).cookie
  superSn = (await signedIn(t, 'super_admin', 'SN')).cookie
  adminSn = (await signedIn(t, 'admin', 'SN')).cookie
})
afterAll(() => t.close())

type List = { messages: { id: number; status: string; subject: string; createdAt: Date }[]; total: number }

describe('GET /_api/admin/contact-messages', () => {
  it('pages by 15, newest first, and filters by status', async () => {
    await t.db.delete(contactMessages)
    for (let i = 0; i < 17; i++) await createContactMessage(t.db, { subject: `Sujet ${i}` })
    await createContactMessage(t.db, { status: 'read' })
    const p1 = decode<List>((await get(t, '/_api/admin/contact-messages', root)).body)
    expect(p1.total).toBe(18)
    expect(p1.messages).toHaveLength(15)
    expect(p1.messages[0]!.createdAt).toBeInstanceOf(Date)
    const p2 = decode<List>((await get(t, '/_api/admin/contact-messages?page=2', root)).body)
    expect(p2.messages).toHaveLength(3)
    expect(new Set([...p1.messages, ...p2.messages].map((m) => m.id)).size).toBe(18)
    const read = decode<List>((await get(t, '/_api/admin/contact-messages?status=read', root)).body)
    expect(read.total).toBe(1)
    expect(read.messages.every((m) => m.status === 'read')).toBe(true)
  })
  it('validates the filters', async () => {
    expect((await get(t, '/_api/admin/contact-messages?status=spam', root)).json().error).toBe(
      'Le statut doit être new, read ou processed.',
    )
    expect((await get(t, '/_api/admin/contact-messages?limit=0', root)).json().error).toBe(
      'La limite doit être au moins 1.',
    )
  })
  it('is root only', async () => {
    expect((await get(t, '/_api/admin/contact-messages', superSn)).statusCode).toBe(403)
    expect((await get(t, '/_api/admin/contact-messages', adminSn)).statusCode).toBe(403)
    expect((await get(t, '/_api/admin/contact-messages')).statusCode).toBe(401)
  })
})

describe('GET /_api/admin/contact-messages: the totals (kept per status by a trigger)', () => {
  const totals = async () => {
    const of = async (q: string) =>
      decode<List>((await get(t, `/_api/admin/contact-messages${q}`, root)).body).total
    return {
      all: await of(''),
      new: await of('?status=new'),
      read: await of('?status=read'),
      processed: await of('?status=processed'),
    }
  }
  const counted = async () => {
    const { rows } = (await t.db.execute(
      sql`select count(*)::int as "all", (count(*) filter (where status = 'new'))::int as new,
        (count(*) filter (where status = 'read'))::int as read, (count(*) filter (where status = 'processed'))::int as processed
        from contact_messages`,
    )) as unknown as { rows: { all: number; new: number; read: number; processed: number }[] }
    return rows[0]
  }

  it('equal a count of the messages after every kind of write, one row or many', async () => {
    const sent = await post(t, '/_api/contact', {
      name: 'Awa',
      email: 'awa@exemple.sn',
      subject: 'Livraison',
      message: 'Livrez-vous à Thiès demain ?',
    })
    expect(sent.statusCode).toBeLessThan(300)
    expect(await totals()).toEqual(await counted())
    await t.db.execute(sql`insert into contact_messages (name, email, subject, message, status)
      select 'V' || i, 'v' || i || '@exemple.sn', 'Sujet', 'Message', (array['new','read','processed']::contact_status[])[1 + i % 3]
      from generate_series(1, 40) i`)
    expect(await totals()).toEqual(await counted())
    const one = decode<List>((await get(t, '/_api/admin/contact-messages?status=new', root)).body)
      .messages[0]!
    await post(t, '/_api/admin/contact-messages/update-status', { messageId: one.id, status: 'read' }, root)
    expect(await totals()).toEqual(await counted())
    await t.db.execute(sql`update contact_messages set status = 'processed' where status = 'read'`)
    expect(await totals()).toEqual(await counted())
    await post(t, '/_api/admin/contact-messages/delete', { messageId: one.id }, root)
    await t.db.execute(sql`delete from contact_messages where id % 2 = 0`)
    expect(await totals()).toEqual(await counted())
  })
})

describe('POST /_api/admin/contact-messages/update-status and delete', () => {
  it('switches statuses freely and answers { contactMessage }', async () => {
    const m = await createContactMessage(t.db)
    for (const status of ['read', 'processed', 'new'] as const) {
      const res = await post(
        t,
        '/_api/admin/contact-messages/update-status',
        { messageId: m.id, status },
        root,
      )
      expect(res.statusCode).toBe(200)
      expect(
        decode<{ contactMessage: { id: number; status: string } }>(res.body).contactMessage,
      ).toMatchObject({ id: m.id, status })
    }
  })
  it('deletes only a read or processed message (409 for a new one), for good', async () => {
    const m = await createContactMessage(t.db)
    const refused = await post(t, '/_api/admin/contact-messages/delete', { messageId: m.id }, root)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toBe('Seuls les messages lus ou traités peuvent être supprimés.')
    for (const status of ['read', 'processed'] as const) {
      const x = await createContactMessage(t.db, { status })
      const res = await post(t, '/_api/admin/contact-messages/delete', { messageId: x.id }, root)
      expect(res.statusCode).toBe(200)
      expect(decode(res.body)).toEqual({ success: true })
      expect(await t.db.select().from(contactMessages).where(eq(contactMessages.id, x.id))).toEqual([])
    }
  })
  it('answers 404 for an unknown message and 400 with the messages', async () => {
    expect(
      (
        await post(
          t,
          '/_api/admin/contact-messages/update-status',
          { messageId: 999999, status: 'read' },
          root,
        )
      ).statusCode,
    ).toBe(404)
    expect(
      (await post(t, '/_api/admin/contact-messages/delete', { messageId: 999999 }, root)).statusCode,
    ).toBe(404)
    const bad = await post(
      t,
      '/_api/admin/contact-messages/update-status',
      { messageId: 1, status: 'spam' },
      root,
    )
    expect(bad.json().error).toBe('Le statut doit être new, read ou processed.')
    const badId = await post(t, '/_api/admin/contact-messages/delete', { messageId: 'x' }, root)
    expect(badId.statusCode).toBe(400)
    expect(badId.json().error).toBe("L'identifiant du message est invalide.")
  })
  it('is root only', async () => {
    const m = await createContactMessage(t.db, { status: 'read' })
    for (const c of [superSn, adminSn]) {
      expect(
        (await post(t, '/_api/admin/contact-messages/update-status', { messageId: m.id, status: 'new' }, c))
          .statusCode,
      ).toBe(403)
      expect((await post(t, '/_api/admin/contact-messages/delete', { messageId: m.id }, c)).statusCode).toBe(
        403,
      )
    }
    expect((await post(t, '/_api/admin/contact-messages/delete', { messageId: m.id })).statusCode).toBe(401)
  })
})

describe('opening a message', () => {
  it('marks a new message read, leaves a processed one as it is; 404 for none; root only', async () => {
    const fresh = await createContactMessage(t.db, { subject: 'Question livraison' })
    const done = await createContactMessage(t.db, { status: 'processed' })
    const open = (messageId: number, cookie = root) =>
      post(t, '/_api/admin/contact-messages/open', { messageId }, cookie)
    const res = await open(fresh.id)
    expect(res.statusCode).toBe(200)
    expect(decode<{ contactMessage: { status: string } }>(res.body).contactMessage.status).toBe('read')
    expect(
      decode<{ contactMessage: { status: string } }>((await open(done.id)).body).contactMessage.status,
    ).toBe('processed')
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, fresh.id))
    expect(row!.status).toBe('read')
    expect((await open(999_999)).statusCode).toBe(404)
    expect((await open(fresh.id, adminSn)).statusCode).toBe(403)
  })

  it('lists the phone of the account that has the sender’s e-mail, for Répondre on WhatsApp', async () => {
    const user = await signedIn(t, 'client', 'SN')
    await t.db.update(users).set({ phoneNumber: '+221 77 555 44 33' }).where(eq(users.id, user.user.id))
    const known = await createContactMessage(t.db, { email: user.user.email.toUpperCase() })
    const stranger = await createContactMessage(t.db, { email: 'personne@example.com' })
    const list = decode<{ messages: { id: number; phone: string | null }[] }>(
      (await get(t, '/_api/admin/contact-messages?limit=100', root)).body,
    ).messages
    expect(list.find((m) => m.id === known.id)?.phone).toBe('+221 77 555 44 33')
    expect(list.find((m) => m.id === stranger.id)?.phone).toBeNull()
  })
})
