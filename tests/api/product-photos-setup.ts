import { createServer, type Server } from 'node:http'
import sharp from 'sharp'
import { expect } from 'vitest'
import { photoUrl, type Photo } from '../../src/shared/photos'
import type { TestApp } from '../setup/test-app'

/** What product-photos.test.ts and product-photos-s3.test.ts share: a phone's photo, the upload, the routes' checks, a fake bucket. */

export type Product = { id: number; name: string; imageUrl: string | null; photo: Photo | null }

/** A real photo as a phone writes it: JPEG, with EXIF (a maker, a copyright, an orientation). */
export async function phoneJpeg(width: number, height: number, color = '#a33') {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .withExif({ IFD0: { Make: 'TestPhone', Model: 'Étal 1', Copyright: 'GPS 14.69N 17.44W' } })
    .jpeg({ quality: 90 })
    .toBuffer()
}

export const upload = (
  t: TestApp,
  id: number,
  bytes: Buffer,
  cookie?: string,
  type = 'application/octet-stream',
) =>
  t.app.inject({
    method: 'POST',
    url: `/_api/admin/products/photo?id=${id}`,
    payload: bytes,
    headers: { 'content-type': type, ...(cookie ? { cookie } : {}) },
  })

export function checkPhotoRoutes(t: () => TestApp) {
  return async (photo: Photo) => {
    const widths: number[] = []
    for (const w of [160, 320, 640]) {
      const res = await t().app.inject({ method: 'GET', url: photoUrl(photo.key, w) })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/webp')
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      // An image obeys no document header: only nosniff and CORP, no request id (decision 0028).
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin')
      expect(res.headers['content-security-policy']).toBeUndefined()
      expect(res.headers['x-request-id']).toBeUndefined()
      expect(res.headers.etag).toBe(`"${photo.key}-${w}"`)
      const meta = await sharp(res.rawPayload).metadata()
      expect(meta.format).toBe('webp')
      expect(meta.exif).toBeUndefined()
      widths.push(meta.width)
    }
    return widths
  }
}

/** A small S3 stand-in: path-style PUT, GET, DELETE of objects, signed requests only. */
export function fakeS3() {
  const objects = new Map<string, { body: Buffer; type: string }>()
  const seen: string[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      seen.push(`${req.method} ${req.url}`)
      if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 Credential=test-key/')) {
        res
          .writeHead(403, { 'content-type': 'application/xml' })
          .end('<Error><Code>AccessDenied</Code></Error>')
        return
      }
      const path = req.url ?? ''
      if (req.method === 'PUT') {
        objects.set(path, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) })
        res.writeHead(200, { etag: '"x"' }).end()
      } else if (req.method === 'GET') {
        const o = objects.get(path)
        if (!o)
          res
            .writeHead(404, { 'content-type': 'application/xml' })
            .end('<Error><Code>NoSuchKey</Code></Error>')
        else res.writeHead(200, { 'content-type': o.type, 'content-length': o.body.length }).end(o.body)
      } else if (req.method === 'DELETE') {
        objects.delete(path)
        res.writeHead(204).end()
      } else res.writeHead(405).end()
    })
  })
  return { server, objects, seen }
}
