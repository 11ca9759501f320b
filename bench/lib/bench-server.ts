import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sessionByCode } from '../../tests/two-factor'
import { BENCH_PASSWORD, BENCH_TOTP_SECRET } from './people'

/**
 * The app as the benches run it: the server in a process of its own on a free port (the
 * production bundle, as `npm start` runs it), a session cookie for a bench account, and the
 * wait for the requests a turn left behind.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** A session cookie; root and the super admin give their authenticator's code too (docs/decisions/0053). */
export async function login(base: string, email: string) {
  const res = await fetch(`${base}/_api/auth/login_with_password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  })
  const cookies = res.headers.getSetCookie()
  const cookie = cookies.find((c) => c.startsWith('etal_session='))
  const pending = cookies.find((c) => c.startsWith('etal_pending='))
  if (res.ok && !cookie && pending) {
    return sessionByCode(BENCH_TOTP_SECRET, async (code) => {
      const r = await fetch(`${base}/_api/auth/two_factor/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: pending.split(';')[0]! },
        body: JSON.stringify({ code }),
      })
      return { status: r.status, setCookies: r.headers.getSetCookie() }
    })
  }
  if (!res.ok || !cookie) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`)
  return cookie.split(';')[0]!
}

/**
 * The server as `npm start` runs it, in a process of its own: the built bundle
 * (`node dist/server/main.js`, from `npm run build`), else the sources through tsx.
 * BENCH_SERVER_FLAGS adds node's own flags, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to
 * profile the server under a figure's load (node refuses those in NODE_OPTIONS).
 */
export const serverCommand = () => [
  ...(process.env.BENCH_SERVER_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
  ...(existsSync(resolve(root, 'dist/server/main.js'))
    ? ['--enable-source-maps', '--max-old-space-size=192', resolve(root, 'dist/server/main.js')]
    : ['--import', 'tsx', resolve(root, 'src/server/main.ts')]),
]

export async function startServer(
  url: string,
  log: (l: string) => void,
  extraEnv: Record<string, string> = {},
) {
  const port = await freePort()
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: url,
    SEED_DEMO: 'false',
    PORT: String(port),
    HOST: '127.0.0.1',
    // One client IP sends everything: the per-IP limits would measure themselves, not the app.
    API_RATE_PER_MINUTE: '1000000000',
    REGISTER_PER_HOUR: '1000000',
    CONTACT_PER_10_MINUTES: '1000000',
    // 200 staff streams of one account from one IP (bench/lib/live-streams.ts).
    LIVE_STREAMS_PER_ACCOUNT: '1000',
    LIVE_STREAMS_PER_IP: '1000',
    ...extraEnv,
  }
  const child = spawn(process.execPath, serverCommand(), {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
  const base = `http://127.0.0.1:${port}`
  for (let waited = 0; ; waited += 200) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering`)
    if (waited > 120_000) throw new Error('the server did not answer within 2 minutes')
    const ok = await fetch(`${base}/_api/countries`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    await new Promise((r) => setTimeout(r, 200))
  }
  log(
    `  server ${child.pid} on ${base}${Object.keys(extraEnv).length ? ` (${new URLSearchParams(extraEnv).toString()})` : ''}`,
  )
  return {
    base,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM')
      const code = await exited
      if (code !== 0) log(`  server exited with ${code}`)
    },
  }
}

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo
      srv.close(() => ok(port))
    })
  })
}

/**
 * Requests the app still works on when a turn ends (autocannon stops waiting) would slow the
 * next turn. A read that needs the database queues behind them (the pool's queue is first in,
 * first out): once it answers, the app is idle again.
 */
export async function drain(base: string) {
  const until = Date.now() + 60_000
  while (Date.now() < until) {
    // Not a cached read (countries is one): this one queries the database at every request.
    const ok = await fetch(`${base}/_api/product-categories`, { signal: AbortSignal.timeout(60_000) }).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
  }
}
