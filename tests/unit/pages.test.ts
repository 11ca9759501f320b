import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { routes } from '../../src/client/app/router'
import { documentTitle, matchPage, pagePaths, pageTitles } from '../../src/shared/pages'

const pathsOf = (rs: RouteObject[]): string[] =>
  rs.flatMap((r) => [...(r.path ? [r.path] : []), ...pathsOf(r.children ?? [])])

describe('the pages of the site (src/shared/pages.ts)', () => {
  it('are exactly the routes of the client’s router, each once, and the Not Found page', () => {
    const routed = pathsOf(routes)
    expect(routed.filter((p) => p !== '*').sort()).toEqual([...pagePaths].sort())
    expect(new Set(routed).size).toBe(routed.length)
    expect(routed.filter((p) => p === '*')).toHaveLength(1)
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
