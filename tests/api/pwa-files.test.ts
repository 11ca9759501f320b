import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicPagePaths } from '../../src/shared/pages'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * What makes the shop installable and findable (docs/rules/phones-offline.md#offline, docs/decisions/0021): the
 * web app manifest, the service worker's headers, the sitemap and robots.txt's line to it, and a
 * CSP that lets the worker and the manifest in.
 */
const publicDir = resolve(import.meta.dirname, '../../src/client/public')
/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (file: string) => {
  const bytes = readFileSync(file)
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)]
}

describe('the manifest, the service worker, the sitemap', () => {
  let t: TestApp
  let dist: string
  beforeAll(async () => {
    // A built client of its own, so that the worker's headers are checked whether or not
    // `npm run build` has run (the browser test tests/e2e/offline.e2e.ts checks the real one).
    dist = mkdtempSync(join(tmpdir(), 'etal-pwa-'))
    mkdirSync(join(dist, 'assets'))
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    )
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})\n')
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'export {}\n')
    t = await createTestApp({}, { clientDist: dist })
  })
  afterAll(async () => {
    await t?.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it('serves the web app manifest, in French, with the theme and its icons', async () => {
    const res = await t.app.inject({ url: '/manifest.webmanifest' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8')
    const manifest = res.json()
    expect(manifest).toMatchObject({
      name: 'Étal',
      short_name: 'Étal',
      lang: 'fr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#8f1d2c',
      background_color: '#fafaf9',
    })
    expect(manifest.description).toMatch(/boucherie en ligne/)
    // The theme colour is every page's own (src/server/web/document.ts) and the brand's (styles.css).
    const index = (await t.app.inject({ url: '/contact' })).body
    expect(index).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`)
    expect(readFileSync(resolve(publicDir, '../styles.css'), 'utf8')).toContain(
      `--color-brand: ${manifest.theme_color};`,
    )
    expect(index).toContain('<link rel="manifest" href="/manifest.webmanifest" />')
    expect(index).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />')
    // Each icon is a committed PNG of the size it says; one is maskable.
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[]
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ])
    for (const icon of icons) {
      expect(icon.type).toBe('image/png')
      const [w, h] = pngSize(join(publicDir, icon.src))
      expect(`${w}x${h}`, icon.src).toBe(icon.sizes)
    }
    expect(pngSize(join(publicDir, 'icons/apple-touch-icon.png'))).toEqual([180, 180])
  })

  it('serves /sw.js revalidated at every visit, as JavaScript, while hashed assets stay immutable', async () => {
    const sw = await t.app.inject({ url: '/sw.js' })
    expect(sw.statusCode).toBe(200)
    expect(sw.headers['cache-control']).toBe('no-cache')
    expect(sw.headers['content-type']).toMatch(/^(application|text)\/javascript/)
    expect(sw.body).toContain('addEventListener')
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' })
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('has a CSP that lets the worker and the manifest in, and nothing else', async () => {
    for (const url of ['/', '/products', '/sw.js', '/manifest.webmanifest']) {
      const csp = String((await t.app.inject({ url })).headers['content-security-policy'])
      expect(csp, url).toContain("worker-src 'self'")
      expect(csp, url).toContain("manifest-src 'self'")
      expect(csp, url).toContain("default-src 'self'")
    }
  })

  it('serves the sitemap of the public pages at the request’s origin only when it is this machine', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml', headers: { host: 'localhost:3107' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs).toEqual(publicPagePaths.map((p) => `http://localhost:3107${p}`))
    expect(locs).toContain('http://localhost:3107/products')
    expect(locs).toContain('http://localhost:3107/client/login')
    expect(locs).toContain('http://localhost:3107/register')
    expect(res.body).not.toMatch(/admin|root|delivery|employee|orders|dashboard/)
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    )

    const robots = await t.app.inject({ url: '/robots.txt', headers: { host: 'localhost:3107' } })
    expect(robots.body.split('\n')).toContain('Sitemap: http://localhost:3107/sitemap.xml')

    // A made-up Host header never reaches the sitemap nor robots.txt.
    for (const host of [
      'evil.example',
      'localhost.evil.example',
      'evil.example:80',
      '127.0.0.1.evil.example',
    ]) {
      const sitemap = await t.app.inject({ url: '/sitemap.xml', headers: { host } })
      expect(sitemap.statusCode, host).toBe(404)
      expect(sitemap.body, host).not.toContain('evil')
      const r = await t.app.inject({ url: '/robots.txt', headers: { host } })
      expect(r.statusCode, host).toBe(200)
      expect(r.body, host).not.toMatch(/sitemap|evil/i)
    }
  })

  it('builds the sitemap on PUBLIC_ORIGIN when it is set, whatever the Host header', async () => {
    const prod = await createTestApp({ PUBLIC_ORIGIN: 'https://etal.example/ignored/path' })
    try {
      for (const host of ['evil.example', 'localhost']) {
        const res = await prod.app.inject({ url: '/sitemap.xml', headers: { host } })
        expect(res.statusCode).toBe(200)
        const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
        expect(locs).toEqual(publicPagePaths.map((p) => `https://etal.example${p}`))
        const robots = await prod.app.inject({ url: '/robots.txt', headers: { host } })
        expect(robots.body.split('\n')).toContain('Sitemap: https://etal.example/sitemap.xml')
      }
    } finally {
      await prod.close()
    }
    await expect(createTestApp({ PUBLIC_ORIGIN: 'javascript:alert(1)' })).rejects.toThrow(/PUBLIC_ORIGIN/)
  })
})
