import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { animationsEnded, DESKTOP, PHONE, shot, signedInProfile, startE2E, tabOf, type E2E } from './harness'

/**
 * Phone first: every page, opened by a role that may see it, fits 390 px without sideways
 * scrolling (no list scrolls sideways either, at 390 or 1280 px, and the staff menu shows every entry), and renders its own content (not the error page). Screenshots at both widths are
 * saved under tests/e2e/artifacts/pages for a person to look at.
 */
let e: E2E
beforeAll(async () => {
  // Several roles at once, each page a few API calls: more than the API's per-minute budget
  // from one address, which is not what this file checks.
  e = await startE2E({ API_RATE_PER_MINUTE: '100000' })
})
afterAll(() => e?.close())

const journeys: { who: string; login?: [string, string]; paths: string[] }[] = [
  {
    who: 'visitor',
    paths: [
      '/',
      '/products',
      '/contact',
      '/register',
      '/client/login',
      '/delivery/login',
      '/employee/login',
      '/admin/dashboard',
      '/nulle-part',
    ],
  },
  {
    who: 'client',
    login: ['/client/login', 'client@etal.demo'],
    paths: ['/dashboard', '/cart', '/orders', '/order-confirmation/1', '/order-confirmation'],
  },
  {
    who: 'driver',
    login: ['/delivery/login', 'livreur@etal.demo'],
    paths: ['/delivery/dashboard', '/dashboard'],
  },
  {
    who: 'admin',
    login: ['/employee/login', 'admin@etal.demo'],
    paths: [
      '/admin/orders-only',
      '/admin/orders/1',
      '/admin/orders/1/assign-driver',
      '/admin/users-management',
      '/admin/payments',
    ],
  },
  {
    who: 'super_admin',
    login: ['/employee/login', 'superadmin@etal.demo'],
    paths: [
      '/admin/dashboard',
      '/admin/orders',
      '/admin/users',
      '/admin/cities',
      '/admin/zones',
      '/admin/products',
      '/admin/create-delivery-driver',
    ],
  },
  {
    who: 'root',
    login: ['/employee/login', 'root@etal.demo'],
    paths: [
      '/root/dashboard',
      '/root/users',
      '/admin/countries',
      '/admin/contact-messages',
      '/admin/payments',
      `/admin/country-details/${encodeURIComponent('Sénégal')}`,
    ],
  },
]

/**
 * Every table cell (a card's line on a phone) shows its words whole (the screen-by-screen walk-through): no word
 * broken over several lines while it would fit in its cell ("D/a/k/a/r" in a one-letter column),
 * and no value cut with an ellipsis ("R…"). A word wider than its cell (a long e-mail) may break.
 */
function squeezedCells(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    const probe = document.createElement('span')
    probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;left:0;top:0'
    for (const cell of document.querySelectorAll<HTMLElement>('td, th')) {
      if (cell.getClientRects().length === 0) continue // not shown (the phone's hidden headings row)
      const cellWidth = cell.getBoundingClientRect().width
      const label = cell.dataset.label || cell.textContent?.trim().slice(0, 20)
      const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT)
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        const parent = node.parentElement
        if (!parent || parent.getClientRects().length === 0) continue
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange()
          range.setStart(node, word.index)
          range.setEnd(node, word.index + word[0].length)
          const lines = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
          )
          if (lines.size <= 1) continue
          probe.textContent = word[0]
          parent.appendChild(probe)
          const wordWidth = probe.getBoundingClientRect().width
          probe.remove()
          if (wordWidth < cellWidth - 1)
            problems.push(
              `"${word[0]}" (${Math.round(wordWidth)} px) broken over ${lines.size} lines in the ${Math.round(cellWidth)} px cell "${label}"`,
            )
        }
      }
      for (const el of [cell, ...cell.querySelectorAll<HTMLElement>('*')]) {
        if (getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1)
          problems.push(
            `"${el.textContent?.trim().slice(0, 40)}" cut to ${el.clientWidth} of ${el.scrollWidth} px in "${label}"`,
          )
      }
    }
    return problems
  })
}

// Each role signs in once; its pages are then one test each, three at a time (maxConcurrency,
// vitest.e2e.config.ts), each in its own tab at both widths: a test's time limit bounds one page
// however slow the machine.
for (const { who, login, paths } of journeys) {
  describe.concurrent(`every page at 390 and 1280 px, for the ${who}`, () => {
    let profile: BrowserContext
    beforeAll(async () => {
      profile = await signedInProfile(e, login)
    })
    afterAll(() => profile?.close())
    // it.for: a concurrent test asserts with its own context's expect.
    it.for(paths)('%s', async (path, { expect }) => {
      for (const [viewport, tag] of [
        [PHONE, '390'],
        [DESKTOP, '1280'],
      ] as const) {
        const page = await tabOf(profile, viewport)
        await page.goto(path)
        await page.waitForLoadState('networkidle')
        await animationsEnded(page)
        await shot(page, `pages/${who}${path.replace(/[/%]/g, '_')}-${tag}`)
        if (tag === '390') {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
          expect(overflow, `${path} overflows 390 px by ${overflow}px for ${who}`).toBeLessThanOrEqual(0)
          expect(await squeezedCells(page), `${path} at 390 px for ${who}`).toEqual([])
        }
        // A list needs no sideways scrolling (cards on a phone, a table that fits at 1280), and the
        // staff menu shows every entry inside the screen.
        const sideways = await page.evaluate(() =>
          [...document.querySelectorAll('table')].flatMap((table) => {
            const problems: string[] = []
            if (table.getBoundingClientRect().right > window.innerWidth + 1)
              problems.push('table wider than the screen')
            for (let el = table.parentElement; el; el = el.parentElement) {
              const { overflowX } = getComputedStyle(el)
              if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
                problems.push(
                  `table scrolls sideways by ${el.scrollWidth - el.clientWidth}px (${table.getAttribute('aria-label') ?? table.querySelector('th')?.textContent ?? ''})`,
                )
              }
            }
            return problems
          }),
        )
        expect(sideways, `${path} at ${tag} px for ${who}`).toEqual([])
        const hiddenEntries = await page.evaluate(() =>
          [...document.querySelectorAll('nav[aria-label="Menu d\'administration"] a')]
            .filter((a) => {
              const r = a.getBoundingClientRect()
              return r.left < 0 || r.right > window.innerWidth + 1
            })
            .map((a) => a.textContent),
        )
        expect(hiddenEntries, `staff menu entries off screen on ${path} at ${tag} px for ${who}`).toEqual([])
        expect(await page.getByText('Une erreur est survenue').count(), `${path} crashed for ${who}`).toBe(0)
        await page.close()
      }
    })
  })
}
