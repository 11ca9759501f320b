import { isValidElement, type ReactElement } from 'react'
import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { loadPage, RoutedPage, routes } from '../../src/client/app/router'
import { navFor } from '../../src/client/app/nav'
import { roles } from '../../src/shared/domain/roles'
import { drawnPagePaths, drawnPagesPattern } from '../../src/shared/drawn-pages'
import {
  documentTitle,
  matchPage,
  pagePaths,
  pages,
  pageTitles,
  roleGroups,
  type Page,
} from '../../src/shared/pages'

const pathsOf = (rs: RouteObject[]): string[] =>
  rs.flatMap((r) => [...(r.path ? [r.path] : []), ...pathsOf(r.children ?? [])])

describe('the pages of the site (src/shared/pages.ts)', () => {
  it('are exactly the routes of the client’s router, each once, and the Not Found page', () => {
    const routed = pathsOf(routes)
    expect(routed.filter((p) => p !== '*').sort()).toEqual([...pagePaths].sort())
    expect(new Set(routed).size).toBe(routed.length)
    expect(routed.filter((p) => p === '*')).toHaveLength(1)
  })

  it('each load the component the table names in their module (its `module` and `export`)', async () => {
    const routed = (rs: RouteObject[]): [string, unknown][] =>
      rs.flatMap((r) => [
        ...(r.path ? [[r.path, r.element] as [string, unknown]] : []),
        ...routed(r.children ?? []),
      ])
    const loaded = await Promise.all(
      routed(routes).map(async ([path, element]) => {
        // Each path's element is its own lazy page, titled (router.tsx's RoutedPage).
        expect(isValidElement(element) && element.type === RoutedPage, path).toBe(true)
        const shown = (element as ReactElement<{ path: string }>).props.path
        return [path, shown, typeof (await loadPage(shown as Parameters<typeof loadPage>[0]))]
      }),
    )
    expect(loaded).toEqual(loaded.map(([path]) => [path, path, 'function']))
    expect(loaded).toHaveLength(pagePaths.length + 1)
  })

  it('are each behind the guard of the roles the page table gives, and offered in the menu only to those', () => {
    /** Each routed path with the roles of the guard around it (undefined: none). */
    const guardOf = (
      rs: RouteObject[],
      guard?: readonly string[],
    ): [string, readonly string[] | undefined][] =>
      rs.flatMap((r) => {
        const props: unknown = isValidElement(r.element) ? r.element.props : undefined
        const inner = (props as { roles?: readonly string[] } | undefined)?.roles ?? guard
        return [
          ...(r.path ? [[r.path, inner] as [string, typeof inner]] : []),
          ...guardOf(r.children ?? [], inner),
        ]
      })
    const guards = new Map(guardOf(routes))
    for (const path of pagePaths) {
      const page: Page = pages[path]
      expect(guards.get(path), path).toEqual(page.opens === 'anyone' ? undefined : roleGroups[page.opens])
    }
    for (const role of roles)
      for (const entry of navFor(role)) {
        const page: Page = pages[entry.to as keyof typeof pages]
        if (page.opens !== 'anyone') expect(roleGroups[page.opens], entry.to).toContain(role)
      }
    expect(navFor('admin').map((e) => e.to)).toEqual([
      '/admin/orders-only',
      '/admin/users-management',
      '/admin/campagnes',
      // docs/rules/pickup.md#hand-over: the counter is every staff member's.
      '/admin/pickups',
      '/admin/cash',
      '/admin/payments',
      '/account/security',
    ])
  })

  it('each have a title of their own, shown as “title · Étal”', () => {
    const titles = Object.values(pageTitles)
    expect(new Set(titles).size).toBe(titles.length)
    expect(documentTitle(pageTitles['/products'])).toBe('Produits · Étal')
    expect(documentTitle(pageTitles['/cart'])).toBe('Mon panier · Étal')
  })

  it('match a URL as React Router does', () => {
    expect(matchPage('/')).toBe('/')
    expect(matchPage('/?q=1')).toBe('/')
    expect(matchPage('/products#top')).toBe('/products')
    expect(matchPage('/PRODUCTS/')).toBe('/products')
    expect(matchPage('/order-confirmation/12')).toBe('/order-confirmation/:orderId')
    expect(matchPage('/admin/users/3/history')).toBe('/admin/users/:userId/history')
    expect(matchPage('/admin/users/3')).toBeNull()
    expect(matchPage('/products/extra')).toBeNull()
    expect(matchPage('/robots.txt')).toBeNull()
  })
})

describe('the pages drawn at their own URL (src/shared/drawn-pages.ts)', () => {
  it('are the pages the early script lets the browser load; a link to any other page is held', () => {
    for (const path of ['/', '/products', '/produits/1-filet-de-boeuf', '/products/'])
      expect(drawnPagesPattern.test(path), path).toBe(true)
    for (const path of ['/cart', '/client/login', '/productsx', '/produits', '/produits/1/photos', '/admin'])
      expect(drawnPagesPattern.test(path), path).toBe(false)
    // Each is a page of the table, which the server draws (web/first-pages.ts).
    for (const path of drawnPagePaths) expect(pagePaths).toContain(path)
  })
})
