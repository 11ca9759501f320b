import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromium } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium'

/**
 * `npm start` serves the bundle `npm run build` makes (dist/server/main.js), not the sources:
 * it must find its migrations and the built client from there, and serve the shop.
 */
let server: ChildProcess
let base: string

const freePort = () =>
  new Promise<number>((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo
      s.close(() => ok(port))
    })
  })

beforeAll(async () => {
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory:',
      SEED_DEMO: 'true',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const until = Date.now() + 120_000
  while (
    (await fetch(`${base}/_api/countries`).then(
      (r) => r.status,
      () => 0,
    )) !== 200
  ) {
    if (server.exitCode !== null || Date.now() > until) throw new Error('the built server did not start')
    await new Promise((r) => setTimeout(r, 500))
  }
}, 150_000)

afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r))
    server.kill('SIGTERM')
    await exited
  }
})

describe('the built server (node dist/server/main.js)', () => {
  it('migrates, seeds and serves the storefront with its products', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    try {
      const page = await browser.newPage()
      await page.goto(`${base}/products`)
      await expect
        .poll(() => page.getByTestId('product-card').count(), { timeout: 15_000 })
        .toBeGreaterThan(0)
      const asset = await page.evaluate(
        () => [...document.querySelectorAll('script[src]')].map((s) => (s as HTMLScriptElement).src)[0],
      )
      const res = await fetch(asset!)
      expect(res.headers.get('cache-control')).toContain('immutable')

      // A path that is no page answers 404 with the app, which shows its Not Found page.
      const missing = await page.goto(`${base}/nulle-part`)
      expect(missing!.status()).toBe(404)
      await expect.poll(() => page.title()).toBe('Page introuvable · Étal')
      await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1)
      expect(await page.getByRole('link', { name: /accueil/i }).count()).toBeGreaterThan(0)
    } finally {
      await browser.close()
    }
  })

  it('holds none of the outside services’ fakes: they are built apart, loaded outside production only', () => {
    // Every built script (the server, the pages it renders, the client's), the fakes' own file aside.
    const built = readdirSync('dist', { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.m?js$/.test(f) && f !== 'server/fakes.js')
      .map((f) => `dist/${f}`)
    expect(built).toContain('dist/server/main.js')
    for (const file of built) {
      const code = readFileSync(file, 'utf8')
      // The fakes' checkout page, their steering, each provider's server and the SMS fake.
      for (const fakeText of ['SIMULATION', 'ceci n’est pas', '/_fake/behaviour', 'startFakeSmsProvider'])
        expect(code, `${file}: ${fakeText}`).not.toContain(fakeText)
      for (const start of ['startFakeProviders', 'startWaveFake', 'startCinetpayFake', 'serveFake'])
        expect(code, `${file}: ${start}`).not.toMatch(new RegExp(`function ${start}\\b`))
    }
    // They are built beside it, for `npm start` without keys (never in production).
    expect(existsSync('dist/server/fakes.js')).toBe(true)
    expect(readFileSync('dist/server/fakes.js', 'utf8')).toContain('SIMULATION')
  })

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)))
    server.kill('SIGTERM')
    expect(await exited).toBe(0)
  })
})
