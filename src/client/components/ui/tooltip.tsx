import { Tooltip as T } from 'radix-ui'
import type { ReactNode } from 'react'

/**
 * A tooltip opening after 700 ms. It carries its own provider so that pages without
 * tooltips (the storefront) never download the positioning code.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <T.Provider delayDuration={700} skipDelayDuration={300}>
      <T.Root>
        <T.Trigger asChild>{children}</T.Trigger>
        <T.Portal>
          <T.Content sideOffset={4} className="z-50 rounded bg-stone-900 px-2 py-1 text-xs text-white shadow">
            {content}
          </T.Content>
        </T.Portal>
      </T.Root>
    </T.Provider>
  )
}
