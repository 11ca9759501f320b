import { useEffect } from 'react'
import { useNavigate } from 'react-router'

/** Followed once per page load, whatever React's development double effects do. */
let followed = false

/**
 * Goes to the link a client tapped while the app's code was still on its way: the page's early
 * script held it instead of loading a page that would download the same code again
 * (src/server/web/early-script.ts, docs/decisions/0087). Rendered inside the router once React
 * holds the page; it draws nothing, so the page hydrates as the server drew it, then moves on
 * without a reload.
 */
export function FollowHeldLink({ to }: { to: string }) {
  const navigate = useNavigate()
  useEffect(() => {
    if (followed) return
    followed = true
    void navigate(to)
  }, [navigate, to])
  return null
}
