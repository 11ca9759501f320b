import { sql } from 'drizzle-orm'
import type { Executor } from '../../src/server/db/client'
import { unsealedSecret } from '../../src/server/services/people/two-factor'
import type { UnitType } from '../../src/shared/domain/units'
import { bulkInsert, firstNames, lastNames, prng } from './bulk'

export const BENCH_PASSWORD = 'Bench-2026!'
/** The authenticator of the bench's root and super admin, who sign in with a code (docs/decisions/0053). */
export const BENCH_TOTP_SECRET = 'ETALBENCHETALBENCHETALBENCHETALB'
export const benchEmail = {
  root: 'bench.root@etal.bench',
  superAdmin: 'bench.superadmin@etal.bench',
  admin: 'bench.admin@etal.bench',
  client: (i: number) => `client${i}@etal.bench`,
}

export type Place = {
  countryId: number
  countryName: string
  cityId: number
  cityName: string
  zoneId: number
  zoneName: string
}
export type BenchProduct = {
  id: number
  countryId: number
  pricePerUnit: number
  unitType: UnitType
  minQuantity: number
  name: string
  isActive: boolean
}
export type BenchClient = {
  id: number
  countryId: number
  displayName: string
  phoneNumber: string
  discount: number | null
}

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows

/** Every active zone with its city and country: where orders are delivered. */
export async function loadPlaces(db: Executor): Promise<Place[]> {
  return rows<Place>(
    await db.execute(sql`select co.id as "countryId", co.name as "countryName", ci.id as "cityId", ci.name as "cityName",
      z.id as "zoneId", z.name as "zoneName" from zones z join cities ci on ci.id = z.city_id join countries co on co.id = ci.country_id
      order by co.id, ci.id, z.id`),
  )
}

/** Products spread over the countries; about 90% active, 2% featured. */
export async function insertProducts(
  db: Executor,
  count: number,
  countryIds: number[],
): Promise<BenchProduct[]> {
  const categories = rows<{ id: number }>(
    await db.execute(sql`select id from product_categories order by id`),
  )
  const r = prng(7)
  const list = Array.from({ length: count }, (_, n) => {
    const i = n + 1
    const unitType: UnitType = i % 3 === 0 ? 'unit' : 'kg'
    return {
      name: `${unitType === 'kg' ? 'Morceau' : 'Colis'} de viande n° ${i}`,
      description: `Produit de banc d'essai n° ${i} : découpe fraîche du jour, préparée par nos bouchers.`,
      // No photo: an outside address is refused (docs/decisions/0033), and an own one would 404.
      image_url: null,
      price_per_unit: 1500 + r.int(120) * 100,
      unit_type: unitType,
      min_quantity: unitType === 'kg' && i % 4 === 1 ? 0.5 : 1,
      category_id: categories[i % categories.length]?.id ?? null,
      country_id: countryIds[i % countryIds.length],
      is_active: i % 10 !== 0,
      is_featured: i % 50 === 1,
    }
  })
  await bulkInsert(
    db,
    'products',
    [
      ['name', 'text'],
      ['description', 'text'],
      ['image_url', 'text'],
      ['price_per_unit', 'integer'],
      ['unit_type', 'unit_type'],
      ['min_quantity', 'numeric'],
      ['category_id', 'integer'],
      ['country_id', 'integer'],
      ['is_active', 'boolean'],
      ['is_featured', 'boolean'],
    ],
    list,
  )
  return rows<BenchProduct>(
    await db.execute(sql`select id, country_id as "countryId", price_per_unit as "pricePerUnit", unit_type as "unitType",
      min_quantity::float8 as "minQuantity", name, is_active as "isActive" from products order by id`),
  )
}

/**
 * Staff (root, a super admin and an admin of the first country), five drivers per country and
 * the clients, in one statement each; one argon2 hash for all (hashing 50,000 would take minutes).
 */
export async function insertPeople(
  db: Executor,
  clients: number,
  countryIds: number[],
  passwordHash: string,
) {
  const first = countryIds[0]!
  const staff = [
    { email: benchEmail.root, display_name: 'Racine Banc', role: 'root', country_id: first },
    { email: benchEmail.superAdmin, display_name: 'Super Banc', role: 'super_admin', country_id: first },
    { email: benchEmail.admin, display_name: 'Admin Banc', role: 'admin', country_id: first },
    ...countryIds.flatMap((c) =>
      [1, 2, 3, 4, 5].map((k) => ({
        email: `driver${c}.${k}@etal.bench`,
        display_name: `Livreur ${k} ${c}`,
        role: 'delivery_driver',
        country_id: c,
      })),
    ),
  ].map((u) => ({ ...u, password_hash: passwordHash, phone_number: '+221 77 000 00 00', city: 'Ville' }))
  await bulkInsert(
    db,
    'users',
    [
      ['email', 'text'],
      ['display_name', 'text'],
      ['role', 'role'],
      ['country_id', 'integer'],
      ['password_hash', 'text'],
      ['phone_number', 'text'],
      ['city', 'text'],
    ],
    staff,
  )
  await db.execute(sql`insert into second_factors (user_id, secret, enabled_at)
    select id, ${unsealedSecret(BENCH_TOTP_SECRET)}, now() from users
    where email in (${benchEmail.root}, ${benchEmail.superAdmin})`)
  const ids = `array[${countryIds.join(',')}]::int[]`
  const fn = `array[${firstNames.map((n) => `'${n.replace(/'/g, "''")}'`).join(',')}]`
  const ln = `array[${lastNames.map((n) => `'${n.replace(/'/g, "''")}'`).join(',')}]`
  await db.execute(sql`insert into users (email, password_hash, display_name, phone_number, city, country_id, role, custom_discount_percent, created_at)
    select 'client' || i || '@etal.bench', ${passwordHash},
      (${sql.raw(fn)})[1 + i % ${firstNames.length}] || ' ' || (${sql.raw(ln)})[1 + (i / ${firstNames.length}) % ${lastNames.length}] || ' ' || i,
      '+221 77 ' || lpad((i % 10000000)::text, 7, '0'), 'Ville', (${sql.raw(ids)})[1 + i % ${countryIds.length}], 'client',
      case when i % 10 = 0 then 5 end, now() - (i % 400) * interval '1 day'
    from generate_series(1, ${clients}::int) as i`)
  return {
    clients: rows<BenchClient>(
      await db.execute(sql`select id, country_id as "countryId", display_name as "displayName", phone_number as "phoneNumber",
        custom_discount_percent::float8 as discount from users where role = 'client' order by id`),
    ),
    drivers: rows<{ id: number; countryId: number }>(
      await db.execute(
        sql`select id, country_id as "countryId" from users where role = 'delivery_driver' order by id`,
      ),
    ),
    staffId: rows<{ id: number }>(
      await db.execute(sql`select id from users where email = ${benchEmail.superAdmin}`),
    )[0]!.id,
  }
}

/** Contact messages over the last year: a third new, a third read, a third processed. */
export async function insertContactMessages(db: Executor, count: number) {
  await db.execute(sql`insert into contact_messages (name, email, subject, message, status, created_at)
    select 'Visiteur ' || i, 'visiteur' || i || '@exemple.sn', 'Question sur la commande ' || i,
      'Bonjour, je voudrais savoir si la livraison est possible demain matin. Message n° ' || i || '.',
      (array['new','read','processed']::contact_status[])[1 + i % 3],
      now() - (${count}::int - i) * (interval '365 days' / ${count}::int)
    from generate_series(1, ${count}::int) as i`)
}
