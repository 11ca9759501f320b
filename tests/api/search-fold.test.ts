import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FOLD_FROM, foldForSearch } from '../../src/shared/search'
import {
  createOrder,
  createProduct,
  createUser,
  decode,
  deliveryIn,
  get,
  postOrder,
  signedIn,
} from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * Searches ignore accents, case and the œ/æ ligatures (docs/rules/catalogue.md#search): the database's
 * etal_fold (migration 0013) and the browser's foldForSearch (src/shared/search.ts) fold every
 * text alike, and every search of the API compares folded texts. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestApp
let root: string
beforeAll(async () => {
  t = await createTestApp()
  root = (await signedIn(t, 'root')).cookie
})
afterAll(() => t.close())

const tricky = [
  'Bœuf',
  'BŒUF',
  'Côtelettes d’agneau',
  "Côtelettes d'agneau",
  'Chèvre',
  'CHÈVRE',
  'Ægir et Æsa',
  'Éléphant ÉLÉGANT',
  'naïve Noël',
  'Thiès, Ségou, Kaédi',
  'Façade',
  'Ñandou',
  'Øre',
  'Gbɛ Ɔkɔ Ɓaaba Ɗaaka Ƙasa Ƴaaye',
  'İstanbul ı',
  'Łódź Škoda Čačak Đakovo',
  // Typed in decomposed form: a letter then its combining accent.
  'Be\u0301ne\u0301dicte Cho\u0302te\u0301 Zoe\u0308',
  // Not folded, alike on both sides.
  'Straße',
  'ΣΑΣ Жюль',
  'ﬁlet',
  '🥩 Steak #12',
  '100% _x\\y',
  '   espaces   ',
  '',
]

async function dbFold(words: string[]) {
  const values = sql.join(
    words.map((w, i) => sql`(${i}::int, ${w}::text)`),
    sql`, `,
  )
  const res = (await t.db.execute(
    sql`select i, etal_fold(w) as f from (values ${values}) as v(i, w) order by i`,
  )) as unknown as {
    rows: { i: number; f: string }[]
  }
  return res.rows.map((r) => r.f)
}

describe('etal_fold (database) and foldForSearch (browser, server) fold alike', () => {
  it('gives the answers the shop needs', () => {
    expect(foldForSearch('Bœuf')).toBe('boeuf')
    expect(foldForSearch('Côtelettes d’agneau')).toBe("cotelettes d'agneau")
    expect(foldForSearch('Chèvre')).toBe('chevre')
    expect(foldForSearch('ÆGIR')).toBe('aegir')
    expect(foldForSearch('Be\u0301ne\u0301dicte')).toBe('benedicte')
  })

  it('on a list of tricky words', async () => {
    expect(await dbFold(tricky)).toEqual(tricky.map(foldForSearch))
  })

  it('on every Latin letter, every ASCII character and a few others, one by one', async () => {
    const range = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))
    const chars = [
      ...range(0x20, 0x7e),
      ...range(0xa0, 0x24f), // Latin-1 Supplement, Latin Extended-A and B
      ...range(0x250, 0x2af), // IPA extensions: ɓ, ɗ, ɛ, ɔ, ŋ…
      ...range(0x1e00, 0x1eff), // Latin Extended Additional: ẽ, ỳ…
      ...[...FOLD_FROM],
      ...['Ж', 'ж', 'Σ', 'ẞ', '€', '«', '»', '\u2019', '🥩'],
    ]
    const folded = chars.map(foldForSearch)
    expect(await dbFold(chars)).toEqual(folded)
    // Every letter of Latin-1 and Latin Extended-A is a plain one once folded, but these.
    const unfolded = range(0xc0, 0x17f).filter((c) => !/^([a-z]|oe|ae)$/.test(foldForSearch(c)))
    expect(unfolded.join('')).toBe('×Þß÷þĲĳĸĿŀŉſ')
  })
})

describe('every search of the API folds accents, case and ligatures', () => {
  it('the admin orders, by client name, email and a name an order was placed under', async () => {
    const client = await createUser(t.db, {
      country: 'SN',
      displayName: 'Aïssatou Bœuf-Ndiaye',
      email: 'aissatou.boeuf@exemple.sn',
    })
    const mine = (await createOrder(t.db, { user: client, createdAt: new Date(Date.UTC(2026, 2, 1)) })).id
    // An order written under another name than the account's (user_former_names).
    const other = (
      await createOrder(t.db, {
        user: { ...client, displayName: 'Jérôme Æbischer' },
        createdAt: new Date(Date.UTC(2026, 2, 2)),
      })
    ).id
    const found = async (q: string) => {
      const res = await get(t, `/_api/admin/orders?search=${encodeURIComponent(q)}`, root)
      expect(res.statusCode).toBe(200)
      return decode<{ orders: { id: number }[] }>(res.body).orders.map((o) => o.id)
    }
    for (const q of [
      'aissatou',
      'AÏSSATOU',
      'boeuf-ndiaye',
      'BOEUF',
      'bœuf',
      'Aissatou Bœuf',
      'aissatou.boeuf@',
    ])
      expect(await found(q), q).toEqual([other, mine])
    for (const q of ['jerome', 'JÉRÔME aebischer', 'Æbi']) expect(await found(q), q).toEqual([other])
    expect(await found('aissatou%')).toEqual([])
  })

  it('the super admins, by name and email', async () => {
    await createUser(t.db, {
      role: 'super_admin',
      country: 'CI',
      displayName: 'Émilie Lefèvre',
      email: 'emilie.lefevre@exemple.ci',
    })
    const found = async (q: string) =>
      decode<{ superAdmins: { displayName: string }[] }>(
        (await get(t, `/_api/admin/super-admins?search=${encodeURIComponent(q)}`, root)).body,
      ).superAdmins.map((s) => s.displayName)
    for (const q of ['emilie lefevre', 'LEFÈVRE', 'Émilie', 'EMILIE.LEF'])
      expect(await found(q), q).toEqual(['Émilie Lefèvre'])
  })

  it('the zones, by name', async () => {
    const found = async (q: string) =>
      decode<{ zones: { name: string }[] }>(
        (await get(t, `/_api/admin/zones?limit=100&search=${encodeURIComponent(q)}`, root)).body,
      ).zones.map((z) => z.name)
    expect(await found('medina')).toContain('Médina')
    expect(await found('MÉDINA')).toEqual(await found('medina'))
    expect((await found('medina')).every((n) => foldForSearch(n).includes('medina'))).toBe(true)
  })

  it("a client's own orders, by product name", async () => {
    const client = await signedIn(t, 'client', 'SN')
    const order = async (name: string) => {
      const p = await createProduct(t.db, { name, unitType: 'unit', minQuantity: 1 })
      const res = await postOrder(
        t,
        { ...(await deliveryIn(t.db, 'SN')), items: [{ productId: p.id, quantity: 1 }] },
        client.cookie,
      )
      expect(res.statusCode, res.body).toBe(201)
      return decode<{ order: { id: number } }>(res.body).order.id
    }
    const cotelettes = await order('Côtelettes d’agneau')
    const boeuf = await order('Filet de Bœuf')
    const chevre = await order('Viande de Chèvre')
    const found = async (q: string) =>
      decode<{ orders: { id: number }[] }>(
        (await get(t, `/_api/orders?search=${encodeURIComponent(q)}`, client.cookie)).body,
      ).orders.map((o) => o.id)
    expect(await found('cotelette')).toEqual([cotelettes])
    expect(await found("d'agneau")).toEqual([cotelettes])
    expect(await found('boeuf')).toEqual([boeuf])
    expect(await found('BŒUF')).toEqual([boeuf])
    expect(await found('chevre')).toEqual([chevre])
    expect(await found('e')).toHaveLength(3)
  })
})
