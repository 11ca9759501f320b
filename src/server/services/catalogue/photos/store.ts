import { AwsClient } from 'aws4fetch'
import { and, eq, inArray } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import type { Config } from '@/server/config'
import type { Executor } from '@/server/db/client'
import { productPhotoVariants } from '@/server/db/schema'

/** Where the WebP bytes of the photos live; every instance reads the same (decision 0019). */
export type PhotoStore = {
  readonly kind: 'database' | 's3'
  /** Writes every width of a photo; writing one already there changes nothing. */
  put(key: string, variants: { width: number; bytes: Buffer }[]): Promise<void>
  /** One width's bytes, or null when there is none. */
  get(key: string, width: number): Promise<Buffer | null>
  /** Deletes the bytes of these photos (each with its widths); the rows go with the photo's. */
  remove(photos: { key: string; widths: number[] }[]): Promise<void>
}

export function createPhotoStore(config: Config, db: Executor): PhotoStore {
  const store = config.PHOTO_STORAGE === 's3' ? s3Store(config) : databaseStore(db)
  return keptInMemory(store, Math.floor(config.PHOTO_CACHE_MB * 1024 * 1024))
}

/**
 * The widths last served, kept in memory up to `maxBytes` (least recently served first out), so
 * that a photo asked for again is not read from the database or the bucket again (docs/security/outside-attack.md
 * item 6: 6,777 lookups in 10 s from one client slowed the storefront's reads). A key names its
 * bytes for good (a content hash), so a kept copy is never stale; a photo deleted here is
 * dropped too. Requests for one width in flight share one read (lru-cache's `fetch`,
 * docs/decisions/0037). A missing width is not kept.
 */
export function keptInMemory(store: PhotoStore, maxBytes: number): PhotoStore {
  if (maxBytes <= 0) return store
  const kept = new LRUCache<string, Buffer>({
    maxSize: maxBytes,
    // A width larger than the whole budget is served, not kept.
    maxEntrySize: maxBytes,
    sizeCalculation: (bytes) => Math.max(1, bytes.length),
    fetchMethod: async (id) => {
      const [key, width] = id.split('/')
      return (await store.get(key!, Number(width))) ?? undefined
    },
  })
  return {
    kind: store.kind,
    put: (key, variants) => store.put(key, variants),
    async get(key, width) {
      return (await kept.fetch(`${key}/${width}`)) ?? null
    },
    async remove(photos) {
      for (const p of photos) for (const w of p.widths) kept.delete(`${p.key}/${w}`)
      await store.remove(photos)
    },
  }
}

/** The default: a table of variants, bytea, read by the instances that share the database. */
function databaseStore(db: Executor): PhotoStore {
  return {
    kind: 'database',
    async put(key, variants) {
      await db
        .insert(productPhotoVariants)
        .values(variants.map((v) => ({ key, width: v.width, bytes: v.bytes })))
        .onConflictDoNothing()
    },
    async get(key, width) {
      const [row] = await db
        .select({ bytes: productPhotoVariants.bytes })
        .from(productPhotoVariants)
        .where(and(eq(productPhotoVariants.key, key), eq(productPhotoVariants.width, width)))
        .limit(1)
      return row?.bytes ?? null
    },
    async remove(photos) {
      // Deleting the photo's row deletes these too (on delete cascade); this is for a caller
      // that keeps the row.
      if (photos.length === 0) return
      await db.delete(productPhotoVariants).where(
        inArray(
          productPhotoVariants.key,
          photos.map((p) => p.key),
        ),
      )
    },
  }
}

/**
 * An S3-compatible bucket (AWS, MinIO, R2, Scaleway…), path-style, signed with SigV4 by
 * aws4fetch. The server reads the bucket and serves the bytes itself, so the URLs, headers and
 * Save-Data rule are the same whichever the store; the bucket can stay private.
 */
function s3Store(config: Config): PhotoStore {
  const client = new AwsClient({
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    region: config.S3_REGION,
    service: 's3',
    retries: 2,
  })
  const base = `${config.S3_ENDPOINT!.replace(/\/+$/, '')}/${encodeURIComponent(config.S3_BUCKET!)}/`
  const url = (key: string, width: number) => `${base}${config.S3_PREFIX}${key}/${width}.webp`
  const fail = async (what: string, res: Response) => {
    const text = (await res.text().catch(() => '')).slice(0, 200)
    return new Error(`S3 ${what} answered ${res.status}: ${text}`)
  }
  return {
    kind: 's3',
    async put(key, variants) {
      for (const v of variants) {
        const res = await client.fetch(url(key, v.width), {
          method: 'PUT',
          body: new Uint8Array(v.bytes),
          headers: { 'content-type': 'image/webp', 'content-length': String(v.bytes.length) },
        })
        if (!res.ok) throw await fail('PUT', res)
        await res.arrayBuffer()
      }
    },
    async get(key, width) {
      const res = await client.fetch(url(key, width))
      if (res.status === 404) {
        await res.arrayBuffer()
        return null
      }
      if (!res.ok) throw await fail('GET', res)
      return Buffer.from(await res.arrayBuffer())
    },
    async remove(photos) {
      for (const p of photos)
        for (const w of p.widths) {
          const res = await client.fetch(url(p.key, w), { method: 'DELETE' })
          // Deleting what is already gone is not a failure: S3 answers 204 either way.
          if (!res.ok && res.status !== 404) throw await fail('DELETE', res)
          await res.arrayBuffer()
        }
    },
  }
}
