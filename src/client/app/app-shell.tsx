import { useEffect } from 'react'
import { Outlet, useMatches } from 'react-router'
import { documentTitle } from '@/shared/pages'
import { PendingCartAdd } from '../lib/pending-cart-add'

/** What a route tells the shell: its browser tab's title (router.tsx gives each page its own). */
export type PageHandle = { title: string }
const isPageHandle = (h: unknown): h is PageHandle =>
  typeof h === 'object' && h !== null && typeof (h as PageHandle).title === 'string'

/** The tab's title: the deepest matched route's, 'Produits · Étal'. */
function useDocumentTitle() {
  const matches = useMatches()
  const title = [...matches].reverse().find((m) => isPageHandle(m.handle))?.handle as PageHandle | undefined
  useEffect(() => {
    document.title = documentTitle(title?.title)
  }, [title?.title])
}

/** How long a page may take to show its heading (a lazy branch, a guard's session check). */
const HEADING_WAIT_MS = 1500

/** The root of every page: the layouts below it, and what follows the route itself. */
export function AppShell() {
  useDocumentTitle()
  return (
    <>
      <PendingCartAdd />
      <Outlet />
    </>
  )
}
