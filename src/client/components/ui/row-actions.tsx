import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from './button'
import { cn } from './cn'

/** One action of a table's row (or a list's line): a button, or a link to another page. */
export type RowAction = {
  /** Its accessible name, naming the row it acts on: 'Modifier Sénégal', 'Stock de Gigot'. */
  label: string
  /** Its word: 'Modifier'. Shown as `show` says, else the icon's tooltip. */
  text: string
  icon?: LucideIcon
  /**
   * `icon` (the default): the icon alone, the word as its tooltip; `wide`: the word beside the
   * icon from `sm` up (the icon alone on a phone); `always`: the word always.
   */
  show?: 'icon' | 'wide' | 'always'
  onClick?: () => void
  /** A page to open instead of a click (the row's history, say): a link with the button's look. */
  to?: string
  /** Irreversible (a deletion, behind a confirmation): its icon is red. */
  destructive?: boolean
  disabled?: boolean
}

/**
 * A row's actions, at the end of the row: its own controls first (`children`: an on/off switch,
 * a status select), then one button per action, all of one look (outline, small). An action
 * that does not apply to this row is left out by a falsy entry (`canEdit && { … }`). The row's
 * name is in each action's `label`: 'Modifier' alone, read out of a list of twenty, says
 * nothing. The actions wrap on a narrow screen rather than push the table sideways. With none
 * for this row (and no control of its own), nothing is drawn.
 */
export function RowActions({
  actions,
  children,
  className,
}: {
  actions: (RowAction | false | null | undefined)[]
  children?: ReactNode
  className?: string
}) {
  // None applies to this row: nothing, so that the cell is empty (a phone's card then hides it
  // rather than show its heading over nothing; table.tsx).
  if (!children && !actions.some(Boolean)) return null
  return (
    <div className={cn('flex flex-wrap items-center justify-end gap-2', className)}>
      {children}
      {actions.map((action) => action && <RowActionButton key={action.label} action={action} />)}
    </div>
  )
}

function RowActionButton({ action }: { action: RowAction }) {
  const { label, text, icon: Icon, onClick, to, destructive, disabled } = action
  // Without an icon, the word is always shown.
  const show = Icon ? (action.show ?? 'icon') : 'always'
  const content = (
    <>
      {Icon && <Icon className={cn('h-4 w-4', destructive && 'text-red-700')} aria-hidden />}
      {show === 'always' && text}
      {show === 'wide' && <span className="hidden sm:inline">{text}</span>}
    </>
  )
  const named = { 'aria-label': label, title: show === 'icon' ? text : undefined }
  if (to)
    return (
      <Button asChild variant="outline" size="sm">
        <Link to={to} {...named}>
          {content}
        </Link>
      </Button>
    )
  return (
    <Button variant="outline" size="sm" onClick={onClick} disabled={disabled} {...named}>
      {content}
    </Button>
  )
}
