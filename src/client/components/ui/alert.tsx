import { AlertTriangle, Info } from 'lucide-react'
import type { HTMLAttributes, ReactNode } from 'react'
import { cn } from './cn'

const tones = {
  destructive: { box: 'border-red-200 bg-red-50 text-red-900', icon: 'text-red-700', Icon: AlertTriangle },
  warning: {
    box: 'border-amber-300 bg-amber-50 text-amber-950',
    icon: 'text-amber-700',
    Icon: AlertTriangle,
  },
  info: { box: 'border-sky-200 bg-sky-50 text-sky-950', icon: 'text-sky-700', Icon: Info },
} as const

/**
 * A message that stays on the page until what it says is mended (a fault, a warning): an icon,
 * a title and what to know. `role="alert"`: a screen reader reads it when it appears.
 */
export function Alert({
  tone = 'destructive',
  title,
  children,
  className,
  ...props
}: Omit<HTMLAttributes<HTMLDivElement>, 'title'> & {
  tone?: keyof typeof tones
  title?: ReactNode
  children?: ReactNode
}) {
  const t = tones[tone]
  return (
    <div
      role="alert"
      className={cn('flex items-start gap-3 rounded-md border p-3 text-sm', t.box, className)}
      {...props}
    >
      <t.Icon className={cn('mt-0.5 h-5 w-5 shrink-0', t.icon)} aria-hidden />
      <div className="min-w-0 space-y-1 break-words">
        {title && <p className="font-semibold">{title}</p>}
        {children}
      </div>
    </div>
  )
}
