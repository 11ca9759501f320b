import type { BadgeVariant } from '@/shared/domain/roles'
import type { HTMLAttributes } from 'react'
import { cn } from './cn'

const variants: Record<BadgeVariant, string> = {
  default: 'bg-brand text-white border-transparent',
  secondary: 'bg-sky-100 text-sky-900 border-transparent',
  destructive: 'bg-red-100 text-red-800 border-transparent',
  outline: 'bg-white text-stone-700 border-stone-300',
  success: 'bg-emerald-100 text-emerald-800 border-transparent',
  warning: 'bg-amber-100 text-amber-900 border-transparent',
}

export function Badge({
  variant = 'default',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        variants[variant],
        className,
      )}
      {...props}
    />
  )
}
