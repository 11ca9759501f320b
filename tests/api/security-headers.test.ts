import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { get } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

// issue 8: the helmet headers are computed once at start-up; every kind of answer still gets them.
describe('security headers', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t.close())

  it('are on API answers, API 404s and the SPA page alike', async () => {
    for (const url of ['/_api/countries', '/_api/products', '/_api/nothing-here', '/products']) {
      const res = await get(t, url)
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'")
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'")
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN')
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin')
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin')
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined()
      expect(res.headers['strict-transport-security'], url).toBeUndefined()
    }
  })

  it('add HSTS in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' })
    try {
      const res = await get(prod, '/_api/countries')
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    } finally {
      await prod.close()
    }
  })
})
