import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { photoQueueFull, PHOTO_RETRY_AFTER_SECONDS } from '../../src/server/services/catalogue/photos/queue'
import { createProduct, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * docs/security/outside-attack.md item 7: eight 49-megapixel uploads at once took the server from 130 to 591 MB
 * (`sharp.concurrency(1)` limits the threads of one image, not the images at once). Photos are
 * processed PHOTO_CONCURRENCY at a time, PHOTO_QUEUE_MAX wait their turn, and any more is
 * answered 503 with Retry-After and a French `{ error, code }` (docs/rules/catalogue.md#photos).
 * The uploads go through the real pipeline (sharp decodes 24-megapixel photos); the queue says
 * how many it ever processed at once.
 */
let big: Buffer
beforeAll(async () => {
  // 6000 × 4000: a few hundred milliseconds of decoding and resizing each, a small file.
  big = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#7a3' } })
    .jpeg({ quality: 80 })
    .toBuffer()
})

async function uploadsAtOnce(t: TestApp, count: number, onAnswer?: () => void) {
  const { cookie } = await signedIn(t, 'super_admin', 'SN')
  const products = await Promise.all(Array.from({ length: count }, () => createProduct(t.db)))
  return Promise.all(
    products.map((p) =>
      t.app
        .inject({
          method: 'POST',
          url: `/_api/admin/products/photo?id=${p.id}`,
          payload: big,
          headers: { 'content-type': 'application/octet-stream', cookie },
        })
        .then((res) => {
          onAnswer?.()
          return res
        }),
    ),
  )
}

describe('one photo at a time, two waiting, the rest refused', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ PHOTO_CONCURRENCY: '1', PHOTO_QUEUE_MAX: '2' })
  })
  afterAll(() => t.close())

  it('eight uploads at once: never more than one processed at a time, the rest stored in turn or refused', async () => {
    const answers = await uploadsAtOnce(t, 8)
    expect(t.deps.photoQueue.peak).toBe(1)
    const stored = answers.filter((a) => a.statusCode === 200)
    const refused = answers.filter((a) => a.statusCode === 503)
    expect(stored.length + refused.length).toBe(8)
    // At least the one processing and the two waiting.
    expect(stored.length).toBeGreaterThanOrEqual(3)
    for (const r of refused) expectRefusal(r)
    expect(t.deps.photoQueue.active + t.deps.photoQueue.waiting).toBe(0)
  }, 120_000)

  it('while one is processed and two wait, any more is refused at once with 503 and Retry-After in French', async () => {
    // The one slot held by the test, as a long photo would hold it; then eight uploads arrive.
    let release!: () => void
    const held = t.deps.photoQueue.run(() => new Promise<void>((r) => (release = r)))
    let answered = 0
    const pending = uploadsAtOnce(t, 8, () => (answered += 1))
    // The six refusals come back while the slot is still held (nothing can be stored meanwhile).
    for (let i = 0; i < 1000 && answered < 6; i++) await new Promise((r) => setTimeout(r, 10))
    expect(answered).toBe(6)
    expect(t.deps.photoQueue.waiting).toBe(2)
    release()
    await held
    const answers = await pending
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 503, 503, 503, 503, 503, 503])
    for (const r of answers.filter((a) => a.statusCode === 503)) expectRefusal(r)
    expect(t.deps.photoQueue.peak).toBe(1)
    // The queue empty again, the next upload is taken.
    const [after] = await uploadsAtOnce(t, 1)
    expect(after!.statusCode).toBe(200)
  }, 120_000)
})

function expectRefusal(refused: { headers: Record<string, unknown>; json: () => unknown }) {
  expect(refused.headers['retry-after']).toBe(String(PHOTO_RETRY_AFTER_SECONDS))
  expect(refused.json()).toEqual({ error: photoQueueFull, code: 'SERVICE_UNAVAILABLE' })
}

describe('PHOTO_CONCURRENCY=2', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ PHOTO_CONCURRENCY: '2', PHOTO_QUEUE_MAX: '10' })
  })
  afterAll(() => t.close())

  it('six uploads at once: all stored, never more than two processed at once', async () => {
    const answers = await uploadsAtOnce(t, 6)
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200])
    expect(t.deps.photoQueue.peak).toBeGreaterThanOrEqual(1)
    expect(t.deps.photoQueue.peak).toBeLessThanOrEqual(2)
  }, 120_000)
})
