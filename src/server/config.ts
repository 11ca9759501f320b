import { z } from '@/shared/schemas/zod'

const bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1')

/** Every environment variable, parsed once (README lists them). */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * The interface the server listens on. Unset: every interface (0.0.0.0) in production, this
   * machine only (127.0.0.1) elsewhere, where the fake payment providers answer "paid" to anyone
   * who can reach the server (loadConfig).
   */
  HOST: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  DATABASE_URL: z.string().default('file:./data/db'),
  SEED_DEMO: bool.optional(),
  REDIS_URL: z.string().optional(),
  LOYALTY_POINT_VALUE: z.coerce.number().int().min(0).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** false (socket address), true (any proxy), a hop count, or a list of trusted addresses. */
  TRUST_PROXY: z.string().default('false'),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  /** Password reset requests (docs/rules/people.md#accounts): per e-mail or phone, and per client IP, in a window. */
  RESET_PER_IDENTIFIER: z.coerce.number().int().positive().default(5),
  RESET_PER_IP: z.coerce.number().int().positive().default(30),
  RESET_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  /**
   * 32 bytes in base64 or hex: the key (AES-256-GCM) of the staff's TOTP secrets in the database
   * (docs/decisions/0053). Unset, the secrets are stored as they are, and never logged.
   */
  TWO_FACTOR_KEY: z
    .string()
    .optional()
    .refine(
      (v) => !v || /^[0-9a-f]{64}$/i.test(v) || Buffer.from(v, 'base64').length === 32,
      'TWO_FACTOR_KEY: 32 bytes in hex (64 digits) or base64',
    ),
  /**
   * How many 30-second steps either side of now a staff member's authenticator code may be from
   * (its clock's drift): 1, as RFC 6238 advises. Each step is still taken once (docs/decisions/0053).
   */
  TOTP_DRIFT_STEPS: z.coerce.number().int().min(0).max(30).default(1),
  REGISTER_PER_HOUR: z.coerce.number().int().positive().default(10),
  CONTACT_PER_10_MINUTES: z.coerce.number().int().positive().default(5),
  /** The SMS confirmation link's reads and confirmations per client IP and minute (docs/rules/confirmation.md#confirmation). */
  CONFIRM_LINK_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /** docs/rules/gift-vouchers.md#using-a-voucher: tries of a voucher code per client IP and minute. */
  VOUCHER_REDEEM_PER_MINUTE: z.coerce.number().int().positive().default(20),
  API_RATE_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /**
   * The live orders' streams (docs/rules/orders.md#live): open at once per account and per client
   * IP (a new one beyond closes the oldest), in this process (beyond, a new one is refused 503 with
   * Retry-After), each one's longest life (then it ends, and the browser reconnects and catches
   * up), and how often each one's session is looked at again (signed out, deactivated, its role or
   * country changed: the stream ends).
   */
  LIVE_STREAMS_PER_ACCOUNT: z.coerce.number().int().positive().default(3),
  LIVE_STREAMS_PER_IP: z.coerce.number().int().positive().default(10),
  LIVE_STREAMS_MAX: z.coerce.number().int().positive().default(1000),
  LIVE_STREAM_MAX_LIFE_SECONDS: z.coerce.number().int().positive().default(900),
  LIVE_SESSION_CHECK_SECONDS: z.coerce.number().positive().default(5),
  /** How long a storefront answer (products, featured) is kept; 0 turns the cache off. */
  STOREFRONT_CACHE_MS: z.coerce.number().int().min(0).default(5000),
  /**
   * On the embedded database (PGlite), keep an admin order list's answer until the next write:
   * every write goes through this one process, so it is never stale. Ignored on PostgreSQL.
   */
  PGLITE_READ_CACHE: bool.default(true),
  /**
   * The shop's public address (https://etal.example): the origin of the sitemap's URLs and of
   * robots.txt's `Sitemap:` line. Unset, those follow the request's host only when it is this
   * machine (localhost), never a Host header a client made up (docs/rules/phones-offline.md#offline).
   */
  PUBLIC_ORIGIN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .url({
        protocol: /^https?$/,
        error: 'PUBLIC_ORIGIN : une adresse http(s), par exemple https://etal.example',
      })
      .transform((u) => new URL(u).origin)
      .optional(),
  ),
  /**
   * The mail server the outbox sends through (smtp://user:pass@host:587; docs/rules/orders.md#messages).
   * Unset, nothing is sent: each message is kept as "not sent", with what it would have said.
   */
  SMTP_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  /** The sender of the shop's e-mails. */
  SMTP_FROM: z.string().min(3).default('Étal <commandes@etal.example>'),
  /**
   * The SMS provider's API address (Infobip: https://xxxxx.api.infobip.com; decision 0048) and
   * key. Unset, no SMS is sent: each is kept as "not sent", with its text, as e-mails are.
   */
  SMS_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  SMS_API_KEY: z.string().optional(),
  /** The sender name the SMS show (alphanumeric, at most 11 characters, registered per country). */
  SMS_FROM: z.string().min(1).max(11).default('Etal'),
  /** The first retry's delay after a failed send, in ms; each next one doubles, up to an hour. */
  OUTBOX_RETRY_MS: z.coerce.number().int().min(0).default(30_000),
  /** Server processes (node:cluster workers) on one port; more than 1 needs PostgreSQL. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).default(1),
  /**
   * Where product photos' bytes are kept (docs/decisions/0019-product-photos.md): in the
   * database (the default: nothing more to run) or an S3-compatible bucket, named below.
   */
  PHOTO_STORAGE: z.enum(['database', 's3']).default('database'),
  /** The bucket's endpoint, path-style (`https://s3.eu-west-3.amazonaws.com`, `http://minio:9000`). */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Where the photos' keys start in the bucket. */
  S3_PREFIX: z.string().default('products/'),
  /**
   * Memory kept for the photos last served, in MB (docs/security/outside-attack.md item 6): a photo asked for again is
   * not read again from the database or the bucket. 0 keeps none.
   */
  PHOTO_CACHE_MB: z.coerce.number().min(0).max(4096).default(16),
  /**
   * Per client IP and minute (docs/security/outside-attack.md item 6): `/_api/ready`, and the product photos. Far above
   * what a load balancer's checks (one every few seconds) or a phone scrolling the catalogue
   * (photos cached for good by the browser) ever reach; `/_api/health` has no limit.
   */
  READY_RATE_PER_MINUTE: z.coerce.number().int().positive().default(600),
  PHOTO_RATE_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /**
   * Photo uploads processed at once (docs/security/outside-attack.md item 7): each decodes up to 50 million pixels,
   * hundreds of MB; the others wait their turn, up to PHOTO_QUEUE_MAX, and beyond that are
   * answered 503 with Retry-After.
   */
  PHOTO_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  PHOTO_QUEUE_MAX: z.coerce.number().int().min(0).max(100).default(4),
  /**
   * Mobile money (docs/rules/money.md#payments, docs/decisions/0042). CinetPay: one contract (API key,
   * site id, secret key for the notifications' x-token). Wave: a key and a webhook secret per
   * country, WAVE_API_KEY_<CC> and WAVE_WEBHOOK_SECRET_<CC> (read below). Never logged, never
   * stored, never sent to a browser.
   */
  CINETPAY_API_KEY: z.string().min(1).optional(),
  CINETPAY_SITE_ID: z.string().min(1).optional(),
  CINETPAY_SECRET_KEY: z.string().min(1).optional(),
  CINETPAY_API_URL: z.url().default('https://api-checkout.cinetpay.com'),
  WAVE_API_URL: z.url().default('https://api.wave.com'),
  /**
   * The in-repo fake providers (dev/fakes/payments): `auto` uses them when no provider
   * is configured, outside production only; `false` never. Production never starts them.
   */
  PAYMENTS_FAKE: z.enum(['auto', 'true', 'false']).default('auto'),
  /** The providers' notifications per client IP and minute, each route apart (docs/security/payments.md). */
  PAYMENT_NOTIFY_PER_MINUTE: z.coerce.number().int().positive().default(300),
})

/** Wave's keys, per country (a Wave key is bound to one business wallet). */
export type WaveKeys = Record<string, { apiKey: string; webhookSecret: string }>
export type PaymentsConfig = {
  cinetpay: { apiKey: string; siteId: string; secretKey: string; apiUrl: string } | null
  wave: { apiUrl: string; keys: WaveKeys }
  /** Use the in-repo fakes (never in production). */
  fake: boolean
}

function paymentsConfig(
  parsed: z.infer<typeof configSchema>,
  env: Record<string, string | undefined>,
  checkOrigin: boolean,
): PaymentsConfig {
  const c = parsed
  const cinetpay =
    c.CINETPAY_API_KEY && c.CINETPAY_SITE_ID && c.CINETPAY_SECRET_KEY
      ? {
          apiKey: c.CINETPAY_API_KEY,
          siteId: c.CINETPAY_SITE_ID,
          secretKey: c.CINETPAY_SECRET_KEY,
          apiUrl: c.CINETPAY_API_URL,
        }
      : null
  if (!cinetpay && (c.CINETPAY_API_KEY || c.CINETPAY_SITE_ID || c.CINETPAY_SECRET_KEY))
    throw new Error(
      'CinetPay : CINETPAY_API_KEY, CINETPAY_SITE_ID et CINETPAY_SECRET_KEY vont ensemble (le contrat entier, ou rien)',
    )
  const keys: WaveKeys = {}
  for (const [name, value] of Object.entries(env)) {
    const m = /^WAVE_API_KEY_([A-Z]{2})$/.exec(name)
    if (!m || !value) continue
    const secret = env[`WAVE_WEBHOOK_SECRET_${m[1]}`]
    if (!secret)
      throw new Error(
        `${name} demande WAVE_WEBHOOK_SECRET_${m[1]} (le secret du webhook de Wave de ce pays, stratégie « signing secret »)`,
      )
    keys[m[1]!] = { apiKey: value, webhookSecret: secret }
  }
  const none = !cinetpay && Object.keys(keys).length === 0
  // docs/rules/money.md#payments: the providers notify and bring the client back to the shop's
  // public address; in production without it they would be told http://localhost.
  if (checkOrigin && !none && c.NODE_ENV === 'production' && !c.PUBLIC_ORIGIN?.startsWith('https://'))
    throw new Error(
      'PUBLIC_ORIGIN : en production, avec un prestataire de paiement configuré, indiquez l’adresse publique de la boutique en https (par exemple https://etal.example) : CinetPay et Wave y envoient leurs notifications et y ramènent le client.',
    )
  const fake =
    c.NODE_ENV !== 'production' && (c.PAYMENTS_FAKE === 'true' || (c.PAYMENTS_FAKE === 'auto' && none))
  return { cinetpay, wave: { apiUrl: c.WAVE_API_URL, keys }, fake }
}

export type Config = Omit<z.infer<typeof configSchema>, 'HOST'> & {
  HOST: string
  payments: PaymentsConfig
  seedDemo: boolean
  trustProxy: boolean | number | string
}

/**
 * `checkOrigin: false`: PUBLIC_ORIGIN is not required here (`npm run doctor` reads the rest and
 * says what is wrong with it on its own line).
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  opts: { checkOrigin?: boolean } = {},
): Config {
  const parsed = configSchema.parse(env)
  if (parsed.PHOTO_STORAGE === 's3') {
    const missing = (
      ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
    ).filter((name) => !parsed[name])
    if (missing.length) throw new Error(`PHOTO_STORAGE=s3 demande ${missing.join(', ')}`)
  }
  const embedded = !parsed.DATABASE_URL.startsWith('postgres')
  return {
    ...parsed,
    // Outside production the fakes pay any order: only this machine reaches them unless HOST says otherwise.
    HOST: parsed.HOST ?? (parsed.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    payments: paymentsConfig(parsed, env, opts.checkOrigin ?? true),
    // Demo data by default on the embedded database only (README, "Comptes de démonstration").
    seedDemo: parsed.SEED_DEMO ?? (embedded && parsed.NODE_ENV !== 'production'),
    trustProxy: parseTrustProxy(parsed.TRUST_PROXY),
  }
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true
  if (value === 'false' || value === '') return false
  if (/^\d+$/.test(value)) return Number(value)
  return value
}
