import { useEffect, useRef } from 'react'
import { Outlet, useLocation } from 'react-router'
import { PendingCartAdd } from '../lib/pending-cart-add'
import { CookieCart } from '../lib/cookie-cart'

/** How long a page may take to show its heading (a lazy branch, a guard's session check). */
const HEADING_WAIT_MS = 1500

/** Whether the person has pressed a key or pointed at something since the page loaded. */
function useInteracted() {
  const interacted = useRef(false)
  useEffect(() => {
    const mark = () => {
      interacted.current = true
    }
    window.addEventListener('pointerdown', mark, { capture: true, once: true })
    window.addEventListener('keydown', mark, { capture: true, once: true })
    return () => {
      window.removeEventListener('pointerdown', mark, { capture: true })
      window.removeEventListener('keydown', mark, { capture: true })
    }
  }, [])
  return interacted
}

/**
 * After a navigation the person made (a link, a form sent), focus goes to the new page's
 * heading, so that a screen reader reads where the person now is and the next Tab starts from
 * the page, not from the link left behind. Not on the first load, nor on a redirect before the
 * person has done anything (a guard's, a dashboard's): there the skip link stays the first Tab
 * stop. A page whose heading has not appeared yet is waited for; without one, the main region
 * takes the focus. If the person moves the focus meanwhile, it stays there.
 */
function useFocusOnNavigate() {
  const { pathname } = useLocation()
  const previous = useRef(pathname)
  const interacted = useInteracted()
  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    if (!interacted.current) return
    const before = document.activeElement
    const movedByPerson = () => document.activeElement !== before && document.activeElement !== document.body
    const focus = (el: HTMLElement) => {
      if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1')
      el.focus()
    }
    const tryHeading = () => {
      if (movedByPerson()) return true
      const h1 = document.querySelector<HTMLElement>('main h1')
      if (!h1) return false
      focus(h1)
      return true
    }
    if (tryHeading()) return
    const observer = new MutationObserver(() => {
      if (tryHeading()) stop()
    })
    const timer = setTimeout(() => {
      stop()
      const main = document.getElementById('main')
      if (!movedByPerson() && main) focus(main)
    }, HEADING_WAIT_MS)
    const stop = () => {
      observer.disconnect()
      clearTimeout(timer)
    }
    observer.observe(document.body, { childList: true, subtree: true })
    return stop
  }, [pathname, interacted])
}

/** The root of every page: the layouts below it, and what follows the route itself. */
export function AppShell() {
  useFocusOnNavigate()
  return (
    <>
      <PendingCartAdd />
      <CookieCart />
      <Outlet />
    </>
  )
}
