import { Agent, request } from 'node:http'
import { sql } from 'drizzle-orm'
import superjson from 'superjson'
import { fakeSecrets, startFakeProviders, type FakeSecrets } from '../../dev/fakes/payments'
import { openDatabase } from '../../src/server/db/client'
import { seedReference } from '../../src/server/seed/reference'
import { createSession, SESSION_COOKIE } from '../../src/server/http/session'

// The campaign rush's stage (bench/campaign-rush.ts, docs/rules/campaigns.md#the-rush): a shop
// with its reference data, one staff member and the clients of the campaign's country, each
// signed in (a session row, as a sign-in leaves); the payment providers' fakes, outside the
// server as the real providers are; and the HTTP calls the clients and payers make.

/** The campaign's country: Wave is offered there (docs/rules/money.md#payments). */
export const RUSH_COUNTRY = 'SN'

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows

/**
 * Migrates an empty database and writes the shop's reference data, an admin of the country and
 * `clients` clients of it, each with a session: what their browsers would hold once signed in.
 */
export async function seedRush(url: string, clients: number) {
  const database = openDatabase(url)
  try {
    await database.migrate()
    const db = database.db
    await seedReference(db)
    const [country] = rows<{ id: number }>(
      await db.execute(sql`select id from countries where code = ${RUSH_COUNTRY}`),
    )
    if (!country) throw new Error(`no country ${RUSH_COUNTRY} in the reference data`)
    // Never used to sign in: the sessions below stand for it.
    const hash = 'not-a-password-hash'
    await db.execute(sql`insert into users (email, password_hash, display_name, phone_number, city, country_id, role)
      values ('rush.admin@etal.bench', ${hash}, 'Admin Ruée', '+221 77 000 00 01', 'Dakar', ${country.id}, 'admin')`)
    await db.execute(sql`insert into users (email, password_hash, display_name, phone_number, city, country_id, role)
      select 'rush' || i || '@etal.bench', ${hash}, 'Client ' || i || ' Ruée', '+221 78 ' || lpad(i::text, 7, '0'),
        'Dakar', ${country.id}, 'client'
      from generate_series(1, ${clients}::int) as i`)
    const ids = rows<{ id: number; role: string }>(
      await db.execute(sql`select id, role from users where email like 'rush%@etal.bench' order by id`),
    )
    const cookie = async (id: number) => `${SESSION_COOKIE}=${(await createSession(db, id)).token}`
    const staff = await cookie(ids.find((u) => u.role === 'admin')!.id)
    const clientCookies: string[] = []
    for (const u of ids.filter((x) => x.role === 'client')) clientCookies.push(await cookie(u.id))
    return { staff, clients: clientCookies }
  } finally {
    await database.close()
  }
}

/** A success is superjson (as the app answers), an error plain JSON; undefined when neither. */
function decode(status: number, text: string): unknown {
  try {
    return status < 300 ? superjson.parse(text) : JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Where a notification reached the shop, and how long the shop took to answer it. */
export type Notified = { ms: number; status: number | null }

/**
 * The providers' fakes (dev/fakes/payments) in this process: the server talks to them over HTTP
 * as to Wave and CinetPay, and they notify it at its webhook, each notification timed.
 */
export async function startProviders() {
  const secrets: FakeSecrets = fakeSecrets([RUSH_COUNTRY])
  const notified: Notified[] = []
  const fake = await startFakeProviders({
    secrets,
    nodeEnv: 'development',
    deliver: async (url, init) => {
      const t0 = performance.now()
      const res = await fetch(url, {
        method: init.method ?? 'POST',
        headers: init.headers,
        ...(init.method !== 'GET' && { body: init.body }),
        signal: AbortSignal.timeout(30_000),
      }).catch(() => null)
      await res?.arrayBuffer()
      notified.push({ ms: performance.now() - t0, status: res?.status ?? null })
      return res
    },
  })
  const wave = secrets.wave[RUSH_COUNTRY]!
  return {
    fake,
    notified,
    /** The server's environment: Wave of the country, at its fake (production wants an https origin). */
    serverEnv: {
      PUBLIC_ORIGIN: 'https://etal.bench',
      WAVE_API_URL: fake.origins.wave,
      [`WAVE_API_KEY_${RUSH_COUNTRY}`]: wave.apiKey,
      [`WAVE_WEBHOOK_SECRET_${RUSH_COUNTRY}`]: wave.webhookSecret,
      PAYMENT_NOTIFY_PER_MINUTE: '1000000',
    } as Record<string, string>,
    /** Once the server listens: Wave's webhooks go to it. */
    listen(base: string) {
      fake.setWaveWebhookBase(`${base}/_api/payments/notify/wave`)
    },
  }
}

/** One answer: its status, its body (superjson decoded when it is a success) and its time. */
export type Answer<T = unknown> = { status: number; ms: number; end: number; body: T; text: string }

/**
 * The clients' HTTP: one keep-alive agent with a socket for each client, so that a rush sends
 * every request at once on connections already open, as browsers on the campaign page would.
 */
export function rushClient(base: string, sockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets })
  const url = new URL(base)
  function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, cookie?: string) {
    return new Promise<Answer<T>>((ok, fail) => {
      const payload = body === undefined ? undefined : JSON.stringify(body)
      const headers: Record<string, string> = {}
      if (payload !== undefined) headers['content-type'] = 'application/json'
      if (cookie) headers.cookie = cookie
      const t0 = performance.now()
      const req = request({ host: url.hostname, port: url.port, path, method, headers, agent }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const end = performance.now()
          const text = Buffer.concat(chunks).toString('utf8')
          const status = res.statusCode ?? 0
          ok({ status, ms: end - t0, end, body: decode(status, text) as T, text })
        })
        res.on('error', fail)
      })
      req.on('error', fail)
      req.end(payload)
    })
  }
  return {
    call,
    get: <T>(path: string, cookie?: string) => call<T>('GET', path, undefined, cookie),
    post: <T>(path: string, body: unknown, cookie?: string) => call<T>('POST', path, body, cookie),
    /** Opens `n` connections at once (a cheap read each), kept for the rush. */
    async warm(n: number) {
      await Promise.all(Array.from({ length: n }, () => call('GET', '/_api/countries')))
    },
    close: () => agent.destroy(),
  }
}
export type RushClient = ReturnType<typeof rushClient>

const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()

/** A value the call must answer 200 with, or the bench stops here, saying which call. */
export function must<T>(what: string, a: Answer<T>): T {
  if (a.status !== 200) throw new Error(`${what}: ${a.status} ${a.text.slice(0, 300)}`)
  return a.body
}

/** The staff's calls: a campaign open now, its animals (docs/rules/campaigns-staff.md). */
export function staffCalls(http: RushClient, staff: string) {
  let tags = 0
  return {
    async openCampaign(name: string) {
      const answer = await http.post<{ campaign: { id: number } }>(
        '/_api/admin/campaigns/create',
        {
          name,
          feastDate: iso(Date.now() + 40 * DAY).slice(0, 10),
          opensAt: iso(Date.now() - DAY),
          closesAt: iso(Date.now() + 30 * DAY),
          balanceDueAt: iso(Date.now() + 35 * DAY),
        },
        staff,
      )
      return must('campaign', answer).campaign
    },
    async addAnimal(campaignId: number, price: number) {
      const answer = await http.post<{ animal: { id: number } }>(
        '/_api/admin/campaigns/animals/create',
        { campaignId, tag: `RUSH-${++tags}`, breed: 'Ladoum', weightKg: 60, ageMonths: 18, price },
        staff,
      )
      return must('animal', answer).animal
    },
  }
}
