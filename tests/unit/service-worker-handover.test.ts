import { describe, expect, it } from 'vitest'
import { WARM_HEADER } from '../../src/client/lib/offline-caches'
import { urlsToKeep } from '../../src/client/lib/service-worker'

// docs/rules/phones-offline.md#offline: what a page loaded before the worker hands it to keep.
describe('urlsToKeep', () => {
  const origin = 'https://etal.example'
  const fetched = [
    { name: `${origin}/assets/index-abc.js`, responseStatus: 200 },
    // A visitor's session: refused, kept by no cache, so not asked for a second time.
    { name: `${origin}/_api/auth/session`, responseStatus: 401 },
    { name: `${origin}/_api/products?countryId=1`, responseStatus: 200 },
    // A browser without responseStatus (0 when the answer is opaque): handed over as before.
    { name: `${origin}/favicon.svg`, responseStatus: 0 },
    { name: 'https://elsewhere.example/tracker.js', responseStatus: 200 },
  ]

  it('hands over a public page from the browser’s cache, then what it fetched, less what was refused', () => {
    expect(urlsToKeep(fetched, `${origin}/products`, origin)).toEqual([
      [`${origin}/products`, { headers: { [WARM_HEADER]: 'page' }, cache: 'force-cache' }],
      `${origin}/assets/index-abc.js`,
      `${origin}/_api/products?countryId=1`,
      `${origin}/favicon.svg`,
    ])
  })

  it('hands over a product’s own page as it does the catalogue’s, and no page of the staff’s', () => {
    const product = `${origin}/produits/12-gigot-d-agneau?utm_source=whatsapp`
    expect(urlsToKeep(fetched, product, origin)[0]).toEqual([
      product,
      { headers: { [WARM_HEADER]: 'page' }, cache: 'force-cache' },
    ])
    expect(urlsToKeep(fetched, `${origin}/produits/12-gigot-d-agneau/`, origin)[0]).toEqual([
      `${origin}/produits/12-gigot-d-agneau/`,
      { headers: { [WARM_HEADER]: 'page' }, cache: 'force-cache' },
    ])
    // One segment only: nothing below a product's page is one.
    expect(urlsToKeep(fetched, `${origin}/produits/12/edit`, origin)[0]).toBe(`${origin}/assets/index-abc.js`)
    expect(urlsToKeep(fetched, `${origin}/admin/products`, origin)[0]).toBe(`${origin}/assets/index-abc.js`)
  })

  it('keeps no copy of an account’s page', () => {
    expect(urlsToKeep(fetched, `${origin}/dashboard`, origin)[0]).toBe(`${origin}/assets/index-abc.js`)
  })
})
