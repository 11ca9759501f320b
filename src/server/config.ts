import { z } from '@/shared/schemas/zod'

const bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1')

/** Every environment variable, parsed once (README lists them). */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().default('file:./data/db'),
  SEED_DEMO: bool.optional(),
  REDIS_URL: z.string().optional(),
  LOYALTY_POINT_VALUE: z.coerce.number().int().min(0).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** false (socket address), true (any proxy), a hop count, or a list of trusted addresses. */
  TRUST_PROXY: z.string().default('false'),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  REGISTER_PER_HOUR: z.coerce.number().int().positive().default(10),
  CONTACT_PER_10_MINUTES: z.coerce.number().int().positive().default(5),
  API_RATE_PER_MINUTE: z.coerce.number().int().positive().default(600),
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
   * machine (localhost), never a Host header a client made up (docs/rules.md#offline).
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
   * The mail server the outbox sends through (smtp://user:pass@host:587; docs/rules.md#messages).
   * Unset, nothing is sent: each message is kept as "not sent", with what it would have said.
   */
  SMTP_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  /** The sender of the shop's e-mails. */
  SMTP_FROM: z.string().min(3).default('Étal <commandes@etal.example>'),
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
})

export type Config = z.infer<typeof configSchema> & {
  seedDemo: boolean
  trustProxy: boolean | number | string
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.parse(env)
  if (parsed.PHOTO_STORAGE === 's3') {
    const missing = (
      ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
    ).filter((name) => !parsed[name])
    if (missing.length) throw new Error(`PHOTO_STORAGE=s3 needs ${missing.join(', ')}`)
  }
  const embedded = !parsed.DATABASE_URL.startsWith('postgres')
  return {
    ...parsed,
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
