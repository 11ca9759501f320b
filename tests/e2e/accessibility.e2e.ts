import { eq } from 'drizzle-orm'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from 'vitest'
import { users } from '../../src/server/db/schema'
import { pagePaths, pages, roleGroups, type Page as SitePage, type PagePath } from '../../src/shared/pages'
import { isStaff, type Role } from '../../src/shared/domain/roles'
import {
  axeViolations,
  DESKTOP,
  newPage,
  PHONE,
  shot,
  signedInProfile,
  startE2E,
  tabOf,
  type E2E,
} from './harness'

/**
 * Every distinct screen of src/shared/pages.ts passes axe-core without a serious or critical
 * violation, has exactly one h1, its own title and the skip link as its first Tab stop: every
 * page as every role (and a visitor) sees it, each screen opened once (`walkOf`). A page a role
 * may not open shows its refusal (or the sign-in it is sent to), which must pass too: once per
 * layout, role and kind of refusal, since the refusal is the guard's (src/client/app/router.tsx)
 * whatever the page behind it, and tests/unit/pages.test.ts checks that every page is behind its
 * group's guard.
 */

let e: E2E
let clientId: number
beforeAll(async () => {
  // Several roles at once, each page a few API calls: more than the API's per-minute budget
  // from one address, which is not what this file checks.
  e = await startE2E({ API_RATE_PER_MINUTE: '100000' })
  clientId = (await e.t.db.select().from(users).where(eq(users.email, 'client@etal.demo')))[0]!.id
})
afterAll(() => e?.close())

const roles: { who: Role | 'visitor'; login?: [string, string] }[] = [
  { who: 'visitor' },
  { who: 'client', login: ['/client/login', 'client@etal.demo'] },
  { who: 'delivery_driver', login: ['/delivery/login', 'livreur@etal.demo'] },
  { who: 'admin', login: ['/employee/login', 'admin@etal.demo'] },
  { who: 'super_admin', login: ['/employee/login', 'superadmin@etal.demo'] },
  { who: 'root', login: ['/employee/login', 'root@etal.demo'] },
]

/** Each page's path pattern (src/shared/pages.ts), and one no page has. */
const patterns = [...pagePaths, '/nulle-part']

/** Whether a role opens the page of a pattern (the unknown one is everyone's Not Found). */
function opens(who: Role | 'visitor', pattern: string) {
  const page = pages[pattern as PagePath]
  if (!page || page.opens === 'anyone') return true
  return who !== 'visitor' && (roleGroups[page.opens] as readonly Role[]).includes(who)
}

/**
 * The staff role that opens the shop's own pages (the site's and the confirmation's layouts) for
 * the three: those pages tell a visitor, a shopper, a driver and a staff member apart (the header,
 * ShopDenied, the campaign and confirmation pages ask `isShopper` or `isStaff`), never one staff
 * role from another. The staff layouts differ by role (the menu, what each may do): walked by each.
 */
const shopStaff: Role = 'admin'

/**
 * A role's walk, each of its distinct screens once: every page it opens (the shop's pages once
 * for all staff, by `shopStaff`), and one refusal per layout and kind of refusal it meets: the
 * generic refusal names the role, not the group it lacks; the shoppers' pages show ShopDenied.
 */
function walkOf(who: Role | 'visitor') {
  const refusals = new Set<string>()
  return patterns.filter((pattern) => {
    const page = pages[pattern as PagePath] as SitePage | undefined
    // The unknown path is the site's Not Found page.
    const layout = page?.layout ?? 'site'
    if (isStaff(who) && who !== shopStaff && (layout === 'site' || layout === 'confirmation')) return false
    if (opens(who, pattern)) return true
    const key = `${layout} ${page!.opens === 'shoppers' ? 'shop' : 'guard'}`
    if (refusals.has(key)) return false
    refusals.add(key)
    return true
  })
}

/** A pattern's URL, its parameters filled with demo records (order 1, its client and campaign 1 are of Senegal). */
const urlOf = (pattern: string) =>
  pattern
    .replace(':orderId', '1')
    // A product's page: the server redirects to its current address (docs/rules/catalogue.md#product-page).
    .replace(':product', '1')
    .replace(':userId', String(clientId))
    // The demo's campaign of Senegal (src/server/seed/demo-campaigns.ts).
    .replace(':campaignId', '1')
    .replace(':countryName', encodeURIComponent('Sénégal'))

/** The page once its data is in: the network idle and no skeleton or spinner left. */
async function settle(page: Page, check: ExpectStatic = expect) {
  await page.waitForLoadState('networkidle')
  await check
    .poll(() => page.locator('main [role="status"], main [aria-busy="true"]').count(), {
      message: page.url(),
    })
    .toBe(0)
}

async function audit(page: Page): Promise<string[]> {
  const problems: string[] = []
  for (const v of await axeViolations(page)) {
    if (v.impact === 'serious' || v.impact === 'critical') {
      problems.push(
        `${v.impact} ${v.id} (${v.help}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(' | ')}`,
      )
    }
  }
  const h1 = await page.locator('h1').count()
  if (h1 !== 1) problems.push(`${h1} h1 on the page`)
  const title = await page.title()
  if (!/^.+ · Étal$/.test(title)) problems.push(`title “${title}”`)
  return problems
}

/**
 * Opens one page in a new tab of a role's profile and says what is wrong with it, or null when
 * it landed elsewhere on a page that has its own test (a guard sending a visitor to a sign-in).
 */
async function auditPage(
  profile: BrowserContext,
  viewport: typeof PHONE,
  pattern: string,
  check: ExpectStatic,
): Promise<string[] | null> {
  const page = await tabOf(profile, viewport)
  const url = urlOf(pattern)
  await page.goto(url)
  await settle(page, check)
  const landed = new URL(page.url()).pathname
  if (landed !== new URL(url, e.baseUrl).pathname && patterns.includes(landed)) {
    await page.close()
    return null
  }
  const problems = await audit(page)
  if (viewport === PHONE) {
    // The skip link is the first Tab stop.
    await page.keyboard.press('Tab')
    const first = await page.evaluate(() => document.activeElement?.textContent?.trim())
    if (first !== 'Aller au contenu') problems.push(`first Tab stop is “${first}”`)
  }
  await page.close()
  return problems
}

/**
 * Each role's profile, signed in once for the whole file (its walk at 390 px, root's at 1280 px
 * and the keyboard tests on root's pages): each page is then one test, in its own tab.
 */
const profiles = new Map<Role | 'visitor', Promise<BrowserContext>>()
function profileOf(who: Role | 'visitor') {
  let profile = profiles.get(who)
  if (!profile) {
    profile = signedInProfile(e, roles.find((r) => r.who === who)!.login)
    profiles.set(who, profile)
  }
  return profile
}
afterAll(async () => {
  await Promise.all([...profiles.values()].map(async (p) => (await p.catch(() => null))?.close()))
})

// Each role's pages are one test each, three at a time (maxConcurrency, vitest.e2e.config.ts),
// each in its own tab: most of a page's time is spent waiting for the network to settle, and a
// test's time limit bounds one page however slow the machine.
for (const { who } of roles) {
  describe.concurrent(`accessibility of every page at 390 px, for the ${who}`, () => {
    let profile: BrowserContext
    beforeAll(async () => {
      profile = await profileOf(who)
    })
    // it.for: a concurrent test asserts with its own context's expect.
    it.for(walkOf(who))('%s', async (pattern, { expect }) => {
      expect((await auditPage(profile, PHONE, pattern, expect)) ?? []).toEqual([])
    })
  })
}

describe.concurrent('the staff pages at 1280 px too (tables, menus), for root', () => {
  let profile: BrowserContext
  beforeAll(async () => {
    profile = await profileOf('root')
  })
  it.for(patterns.filter((p) => p.startsWith('/admin') || p.startsWith('/root')))(
    '%s',
    async (pattern, { expect }) => {
      expect((await auditPage(profile, DESKTOP, pattern, expect)) ?? []).toEqual([])
    },
  )
})

describe('keyboard', () => {
  it('the skip link is the first Tab stop and moves the focus to the main region', async () => {
    const { page, context } = await newPage(e, DESKTOP)
    await page.goto('/products')
    await settle(page)
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Aller au contenu' })
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await skip.isVisible()).toBe(true)
    await shot(page, 'a11y/skip-link-1280')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main')
    // The next Tab stop is in the page, past the header.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true)
    await context.close()
  })

  it('a navigation moves the focus to the new page’s heading, not the first load', async () => {
    const { page, context } = await newPage(e, PHONE)
    await page.goto('/')
    await settle(page)
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true)
    await page.getByRole('link', { name: 'Contact' }).first().click()
    await page.waitForURL('**/contact')
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Contactez-nous')
    expect(await page.title()).toBe('Contact · Étal')
    await context.close()
  })

  it('Escape closes a dialog opened from state and gives the focus back to the button that opened it', async () => {
    const page = await tabOf(await profileOf('root'), DESKTOP)
    page.setDefaultTimeout(15_000)
    await page.goto('/admin/cities')
    const opener = page.getByRole('button', { name: 'Renommer la ville Thiès' })
    await opener.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true)
    // Ready once the focus is inside: the dialog's effects (focus trap, Escape) have run.
    await expect
      .poll(() => page.getByRole('dialog').evaluate((d) => d.contains(document.activeElement)))
      .toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true)

    // A confirmation (AlertDialog) too.
    await page.goto('/admin/products')
    const remove = page.getByRole('button', { name: /^Supprimer / }).first()
    await remove.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByRole('alertdialog').isVisible()).toBe(true)
    await expect
      .poll(() => page.getByRole('alertdialog').evaluate((d) => d.contains(document.activeElement)))
      .toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0)
    await expect.poll(() => remove.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.close()
  })

  it('a table that scrolls sideways (a tablet beside the staff menu) is a named region reached by Tab', async () => {
    const page = await tabOf(await profileOf('root'), { width: 800, height: 900 })
    page.setDefaultTimeout(15_000)
    await page.goto('/admin/products')
    await settle(page)
    const region = page.getByRole('region', { name: 'Produits (défilement horizontal)' })
    await expect.poll(() => region.count()).toBe(1)
    expect(await region.getAttribute('tabindex')).toBe('0')
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
    await region.focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
    expect(await audit(page)).toEqual([])
    await shot(page, 'a11y/table-region-800')
    // A table that fits (the cities', at a desktop's width) is no region and no Tab stop.
    await page.setViewportSize(DESKTOP)
    await page.goto('/admin/cities')
    await settle(page)
    await expect.poll(() => page.locator('table').count()).toBeGreaterThan(0)
    await expect.poll(() => page.getByRole('region', { name: /défilement horizontal/ }).count()).toBe(0)
    expect(
      await page
        .locator('table')
        .first()
        .evaluate((t) => t.parentElement!.getAttribute('tabindex')),
    ).toBeNull()
    await page.close()
  })

  it('a field in error is invalid and described by its message', async () => {
    const { page, context } = await newPage(e, PHONE)
    await page.goto('/register')
    await settle(page)
    await page.getByRole('button', { name: 'Créer mon compte' }).click()
    const email = page.getByLabel('Email')
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true')
    const ids = (await email.getAttribute('aria-describedby'))?.split(' ') ?? []
    expect(ids.length).toBeGreaterThan(0)
    const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()))
    expect(texts.join(' ')).toMatch(/email/i)
    // A hint describes its field while there is no error.
    const password = page.getByLabel('Mot de passe')
    await password.fill('un-mot-de-passe-assez-long')
    await page.getByRole('button', { name: 'Créer mon compte' }).click()
    await expect.poll(() => password.getAttribute('aria-invalid')).toBeNull()
    const hint = await password.getAttribute('aria-describedby')
    expect(await page.locator(`[id="${hint}"]`).textContent()).toBe('Au moins 8 caractères.')
    await shot(page, 'a11y/register-errors-390')
    await context.close()
  })
})
