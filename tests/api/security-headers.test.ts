import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { get } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

// docs/decisions/0008: the helmet headers are computed once at start-up; every kind of answer still gets them.
describe('security headers', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t.close())

  it('are on the SPA page: the whole set a document obeys', async () => {
    const res = await get(t, '/products')
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined()
    expect(res.headers['strict-transport-security']).toBeUndefined()
  })

  it('are on API answers and API 404s: the set for an API, nothing a document alone obeys', async () => {
    for (const url of ['/_api/countries', '/_api/products', '/_api/nothing-here']) {
      const res = await get(t, url)
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'")
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.headers['x-frame-options'], url).toBe('DENY')
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin')
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin')
      expect(res.headers['cache-control'], url).toBe('no-store')
      for (const documentOnly of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
        'strict-transport-security',
      ])
        expect(res.headers[documentOnly], `${url} ${documentOnly}`).toBeUndefined()
    }
  })

  it('a missing file is a plain 404, never the app’s page sent without its CSP', async () => {
    for (const url of ['/assets/gone-123.js', '/icons/nope.png', '/images/products/abc/160.webp']) {
      const res = await get(t, url)
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type'], url).toMatch(/^application\/json/)
      expect(res.body, url).not.toContain('<html')
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
