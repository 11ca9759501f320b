import {
  useLayoutEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type RefObject,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
} from 'react'
import { cn } from './cn'

/** Gives every body cell its column's heading (`data-label`), which a phone shows beside the value. */
function labelCells(table: HTMLTableElement) {
  const headings = [...table.querySelectorAll(':scope > thead > tr:last-child > th')].map(
    (th) => th.textContent?.trim() ?? '',
  )
  for (const row of table.querySelectorAll(':scope > tbody > tr')) {
    let column = 0
    for (const cell of row.children) {
      const label = headings[column] ?? ''
      if (cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label)
      column += (cell as HTMLTableCellElement).colSpan || 1
    }
  }
}

/** Whether the element scrolls sideways now (it does from md up, when its table is wider). */
function useScrollsSideways(ref: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>) {
  const [scrolls, setScrolls] = useState(false)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const check = () =>
      setScrolls(getComputedStyle(el).overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1)
    check()
    const observer = new ResizeObserver(check)
    observer.observe(el)
    if (content.current) observer.observe(content.current)
    return () => observer.disconnect()
  }, [ref, content])
  return scrolls
}

/**
 * A table, named by its `aria-label`. On a phone (below md) each row is a card and each cell a
 * line with its column's heading (its value right-aligned beside and under it, at the card's
 * width), so nothing scrolls sideways; from md up, a table that fits its
 * container (cells wrap) and scrolls sideways only as a last resort. Then its container is a
 * region named after the table that the keyboard can reach (Tab, then the arrow keys scroll it).
 */
export function Table({ className, ...props }: HTMLAttributes<HTMLTableElement> & { 'aria-label': string }) {
  const ref = useRef<HTMLTableElement>(null)
  const container = useRef<HTMLDivElement>(null)
  const scrolls = useScrollsSideways(container, ref)
  useLayoutEffect(() => {
    const table = ref.current
    if (!table) return
    labelCells(table)
    const observer = new MutationObserver(() => labelCells(table))
    observer.observe(table, { childList: true, subtree: true, characterData: true })
    return () => observer.disconnect()
  }, [])
  return (
    <div
      ref={container}
      className="w-full rounded-lg border border-stone-200 bg-white focus-visible:outline-2 focus-visible:outline-brand md:overflow-x-auto"
      {...(scrolls && {
        role: 'region',
        'aria-label': `${props['aria-label']} (défilement horizontal)`,
        tabIndex: 0,
      })}
    >
      <table
        ref={ref}
        className={cn(
          'w-full text-left text-sm',
          // Phone: rows as cards, cells as 'heading: value' lines, the headings row hidden. The
          // heading floats left and the value, right-aligned, flows beside it and below: a cell
          // of several lines (a city, an address, a slot) stacks them at the card's width, never
          // squeezes them into a column beside each other (tests/e2e/phone-width.e2e.ts).
          'max-md:block max-md:[&>thead]:sr-only max-md:[&>tbody]:block max-md:[&>tbody>tr]:block max-md:[&>tbody>tr]:px-1 max-md:[&>tbody>tr]:py-2',
          'max-md:[&>tbody>tr>td]:flow-root max-md:[&>tbody>tr>td]:py-1 max-md:[&>tbody>tr>td]:text-right max-md:[&>tbody>tr>td]:[overflow-wrap:break-word]',
          // An empty cell (no action for this row, say) is not drawn: no heading over nothing.
          'max-md:[&>tbody>tr>td:empty]:hidden',
          'max-md:[&>tbody>tr>td]:before:float-left max-md:[&>tbody>tr>td]:before:mr-3 max-md:[&>tbody>tr>td]:before:text-left max-md:[&>tbody>tr>td]:before:font-medium max-md:[&>tbody>tr>td]:before:text-stone-500 max-md:[&>tbody>tr>td]:before:content-[attr(data-label)]',
          className,
        )}
        {...props}
      />
    </div>
  )
}
export const THead = (p: HTMLAttributes<HTMLTableSectionElement>) => (
  <thead className="bg-stone-50 text-stone-600" {...p} />
)
export const TBody = (p: HTMLAttributes<HTMLTableSectionElement>) => (
  <tbody className="divide-y divide-stone-100" {...p} />
)
export const Tr = ({ className, ...p }: HTMLAttributes<HTMLTableRowElement>) => (
  <tr className={cn('hover:bg-stone-50/60', className)} {...p} />
)
export const Th = ({ className, ...p }: ThHTMLAttributes<HTMLTableCellElement>) => (
  <th scope="col" className={cn('px-3 py-2.5 font-medium whitespace-nowrap', className)} {...p} />
)
export const Td = ({ className, ...p }: TdHTMLAttributes<HTMLTableCellElement>) => (
  <td className={cn('px-3 py-2.5 align-middle', className)} {...p} />
)
