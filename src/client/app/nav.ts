import type { Role } from '@/shared/domain/roles'
import { pagePaths, pages, type Page } from '@/shared/pages'

type NavEntry = { to: string; label: string }

const menu = pagePaths
  .flatMap((to) => {
    const page: Page = pages[to]
    return page.menu ? [{ to, ...page.menu }] : []
  })
  .sort((a, b) => a.rank - b.rank)

/**
 * The staff menu of a role, in its order: exactly the pages the role may open
 * (docs/rules/people.md#who-may-do-what), from the page table's `menu` (src/shared/pages.ts).
 * Root: dashboard, users, countries, cities, zones, products, orders, contact messages;
 * super_admin: dashboard, users, cities, zones, products, orders, create a driver; admin:
 * orders, users; all three the campaigns (docs/rules/campaigns-staff.md) and the drivers' cash (docs/rules/money.md#drivers-cash).
 */
export const navFor = (role: Role): NavEntry[] =>
  menu.filter((e) => e.roles.includes(role)).map(({ to, label }) => ({ to, label }))
