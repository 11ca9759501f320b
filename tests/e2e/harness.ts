import { mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium'
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { users } from '../../src/server/db/schema'
import { totpCode } from '../../src/server/services/people/two-factor'
import { freshCode, secretOf } from '../two-factor'
import { createTestApp, type TestApp } from '../setup/test-app'

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 800 }
export const DEMO_PASSWORD = 'Demo-2026!'
export const SHOTS = 'tests/e2e/artifacts'

export type E2E = { t: TestApp; baseUrl: string; browser: Browser; close(): Promise<void> }

/** An account of the demo data (or one a test made) by its e-mail, as the database holds it. */
export async function demoUser(e: E2E, email: string) {
  const [user] = await e.t.db.select().from(users).where(eq(users.email, email))
  if (!user) throw new Error(`no account ${email}`)
  return user
}

/** Text with every kind of space made one plain space, so '14 500 F CFA' matches whatever space Intl used. */
export const plain = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim()

/** An amount as the screen writes it, in francs: '12 500 F CFA' → 12500, '−1 000 F CFA' → -1000. */
export const francs = (text: string | null) =>
  Number((text ?? '').replace(/\u2212/g, '-').replace(/[^\d-]/g, ''))

/**
 * What React says when the markup a page was served does not match the browser's first render
 * (its production errors 418 to 425, or a development build's words), in a console message.
 */
const HYDRATION = /hydrat|did not match|react\.dev\/errors\/(418|419|421|422|423|425)\b/i

/** Errors seen on any page of this file's browser since the last test ended: each fails that test. */
const pageErrors: string[] = []
/** The errors seen on the pages since the last test ended (the test fails on them at its end anyway). */
export const seenPageErrors = (): readonly string[] => [...pageErrors]

/**
 * Watches every page of a browser profile: an error thrown on the page (uncaught, or reported,
 * as React reports a hydration mismatch) and a hydration error React logs are kept, with the
 * page's address, for the test to fail on.
 */
function watchErrors(context: BrowserContext) {
  const watch = (page: Page) => {
    page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`))
    page.on('console', (m) => {
      if ((m.type() === 'error' || m.type() === 'warning') && HYDRATION.test(m.text()))
        pageErrors.push(`${page.url()}: ${m.text()}`)
    })
  }
  context.pages().forEach(watch)
  context.on('page', watch)
}

// No page may throw: a test during which one did fails, and so does the file if one did after
// its last test (a page of a shared profile, say). Registered on each e2e file that imports the
// harness, before its own hooks, so that its own `afterAll` (closing the app) runs first.
afterEach(() => {
  expect(pageErrors.splice(0), 'errors on the pages (pageerror, hydration)').toEqual([])
})
afterAll(() => {
  expect(pageErrors.splice(0), 'errors on the pages (pageerror, hydration)').toEqual([])
})

/** A browser whose every profile, hence every page, is watched for errors (watchErrors). */
async function watchedBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  const newContext = browser.newContext.bind(browser)
  // browser.newPage opens its own profile through newContext too.
  browser.newContext = async (options) => {
    const context = await newContext(options)
    watchErrors(context)
    return context
  }
  return browser
}

/**
 * The built app (run `npm run build` first) on a fresh in-memory database with the demo data,
 * listening on a free port, and the system Chromium.
 */
export async function startE2E(env: Record<string, string> = {}): Promise<E2E> {
  const t = await createTestApp({ SEED_DEMO: 'true', LOG_LEVEL: 'info', ...env }, { logStream: slowOrFailed })
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  const browser = await watchedBrowser()
  const e: E2E = {
    t,
    baseUrl: address,
    browser,
    async close() {
      if (running === e) running = null
      await browser.close()
      await t.close()
    },
  }
  running = e
  return e
}

/**
 * The server's log, kept quiet but for what explains a journey that stalls: an answer that took
 * more than 5 s (a live stream is long by nature: left out) and every error, written to the
 * run's output with its request id.
 */
const slowOrFailed = {
  write(line: string) {
    let entry: { level?: number; url?: string; responseTime?: number }
    try {
      entry = JSON.parse(line) as typeof entry
    } catch {
      return
    }
    const slow = (entry.responseTime ?? 0) > 5_000 && !entry.url?.startsWith('/_api/live')
    if (slow || (entry.level ?? 0) >= 50) process.stderr.write(`[e2e server] ${line.trimEnd()}\n`)
  },
}

/**
 * One file's app and Chromium: started before its first test, closed after its last. The
 * answer stands for the started E2E; read it inside tests and hooks only.
 */
export function e2eApp(env: Record<string, string> = {}): E2E {
  let started: E2E | undefined
  beforeAll(async () => {
    started = await startE2E(env)
  })
  afterAll(() => started?.close())
  return new Proxy({} as E2E, {
    get(_, key: keyof E2E) {
      if (!started) throw new Error('the e2e app is not started: read it inside a test or a hook')
      return started[key]
    },
  })
}

/** The app the sign-in helpers read accounts' authenticators from (one per test file). */
let running: E2E | null = null

/**
 * A page whose `goto` and `reload` also wait for React to hold it (main.tsx's `data-ready`): the
 * storefront's pages act before their script (docs/rules/catalogue.md#before-the-script), so a
 * test's tap on "Ajouter" before then would post the form to the server instead of exercising the
 * app's code. The tests of a tap before the script open their pages without it.
 */
export function waitingForReact(page: Page): Page {
  const ready = () =>
    page
      .waitForFunction(
        () => {
          const root = document.getElementById('root')
          return !root || root.dataset.ready === 'true'
        },
        undefined,
        { timeout: 30_000 },
      )
      .catch(() => undefined)
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  page.goto = async (...args) => {
    const res = await goto(...args)
    await ready()
    return res
  }
  page.reload = async (...args) => {
    const res = await reload(...args)
    await ready()
    return res
  }
  return page
}

/** A fresh browser profile (own cookies and storage) at phone width unless told otherwise. */
export async function newPage(e: E2E, viewport = PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e.browser.newContext({ baseURL: e.baseUrl, viewport, locale: 'fr-FR' })
  const page = waitingForReact(await context.newPage())
  page.setDefaultTimeout(15_000)
  return { context, page }
}

/**
 * A page walk's shared profile, signed in once: each page of the walk is its own test, opened
 * in its own tab of this profile (`tabOf`), so that one test's time limit bounds one page, not a
 * whole role's walk, however slow the machine.
 */
export async function signedInProfile(
  e: E2E,
  login?: [path: string, email: string],
): Promise<BrowserContext> {
  const { page, context } = await newPage(e, PHONE)
  // A sign-in hashes a password and checks a code: on a loaded machine (a CI run beside other
  // work) it took more than a page's usual 15 s. Within the hook's own limit (120 s).
  page.setDefaultTimeout(60_000)
  if (login) {
    await loginAt(page, login[0], login[1])
    await page.waitForURL((u) => u.pathname !== login[0])
  }
  await page.close()
  return context
}

/** A new tab of a shared profile at the given width. */
export async function tabOf(context: BrowserContext, viewport = PHONE): Promise<Page> {
  const page = waitingForReact(await context.newPage())
  await page.setViewportSize(viewport)
  // A page's own waits (its load, the network settling) may take more than 15 s on a loaded
  // machine, three tabs at a time beside another file: root's /admin/orders/1 at 1280 px did
  // once. The test's own limit (vitest.e2e.config.ts) still bounds a hang.
  page.setDefaultTimeout(60_000)
  return page
}

/** Signs in through a login page's form. */
export async function loginAt(page: Page, path: string, email: string, password = DEMO_PASSWORD) {
  await page.goto(path)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Mot de passe').fill(password)
  await page.getByRole('button', { name: /se connecter/i }).click()
  await passSecondStep(page, email)
}

/**
 * After a password step typed in the browser: the code of an enrolled account (root and super
 * admin, the demo's among them), computed from its secret as an authenticator app would; an
 * account that must enrol first (a super admin a test made) enrols with the secret the page
 * shows, and goes on past its recovery codes (docs/rules/people.md#accounts, docs/decisions/0053).
 */
export async function passSecondStep(page: Page, email: string) {
  if (!running) return
  const db = running.t.db
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  if (!user) return
  const secret = await secretOf(db, user.id, running.t.config)
  if (secret) {
    await page
      .getByLabel('Code de vérification')
      .fill(await freshCode(db, user.id, secret, running.t.config.TOTP_DRIFT_STEPS))
    await page.getByRole('button', { name: 'Vérifier' }).click()
  } else if (user.role === 'root' || user.role === 'super_admin') {
    const shown = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '')
    await page.getByLabel('Code à 6 chiffres').fill(totpCode(shown))
    await page.getByRole('button', { name: 'Activer', exact: true }).click()
    await page.getByRole('button', { name: /codes de secours/ }).click()
  }
}

/** Saves a full-page screenshot under tests/e2e/artifacts (looked at, not compared). */
export async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
export type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }
/** axe-core's serious and critical violations on the page, each as 'rule: targets'. */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
}

/**
 * Once every animation and transition under way on the page has ended (a spinner turns for
 * ever: not waited for), instead of a fixed pause.
 */
export async function animationsEnded(page: Page) {
  await page.evaluate(async () => {
    const ending = document
      .getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)))
  })
}

/** axe-core's violations on the page as it is now (every impact: callers choose). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource)
  // Colours are read once every transition under way has ended: a button leaving its pending
  // state is, for 150 ms, between two colours that no one reads as its contrast.
  await animationsEnded(page)
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: Document, o: object): Promise<{ violations: AxeViolation[] }> }
      }
    ).axe
    return (await axe.run(document, { resultTypes: ['violations'] })).violations
  })
}

/**
 * A client's order card (its list, its dashboard) by the order's number: its heading exactly,
 * since 'Commande #2' is also the start of '#21', and of '#2' followed by its date.
 */
export const orderCard = (page: Page, orderId: number) =>
  page.getByTestId('order-card').filter({ has: page.getByText(`Commande #${orderId}`, { exact: true }) })
