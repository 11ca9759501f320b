import type { MouseEvent } from 'react'

/** The id of every layout's main region, the skip link's target. */
export const MAIN_ID = 'main'

/**
 * 'Aller au contenu': the first Tab stop of every layout, hidden until focused. It moves the
 * focus to the main region, past the header and the menus (the URL keeps no #main).
 */
export function SkipLink() {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID)
    if (!main) return
    e.preventDefault()
    main.focus()
    main.scrollIntoView({ block: 'start' })
  }
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={onClick}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-medium focus:text-brand focus:shadow-lg focus:outline-2 focus:outline-brand"
    >
      Aller au contenu
    </a>
  )
}
