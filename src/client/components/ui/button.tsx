import { Slot } from 'radix-ui'
import type { ButtonHTMLAttributes } from 'react'
import { cn } from './cn'
import { Spinner } from './spinner'

const variants = {
  default: 'bg-brand text-white hover:bg-brand-dark',
  secondary: 'bg-stone-100 text-stone-900 hover:bg-stone-200',
  outline: 'border border-stone-300 bg-white text-stone-900 hover:bg-stone-50',
  ghost: 'text-stone-700 hover:bg-stone-100',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
  link: 'text-brand underline-offset-4 hover:underline px-0',
}
const sizes = {
  default: 'h-10 px-4 text-sm',
  sm: 'h-8 px-3 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof variants
  size?: keyof typeof sizes
  /** Render the child (a Link) with the button's look. */
  asChild?: boolean
  /** Its action is under way: disabled, with a spinner before its label. */
  pending?: boolean
}

export function Button({
  variant = 'default',
  size = 'default',
  asChild,
  className,
  type,
  pending,
  disabled,
  children,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button'
  return (
    <Comp
      type={asChild ? undefined : (type ?? 'button')}
      disabled={disabled || pending}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-60',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    >
      {pending && !asChild ? (
        <>
          <Spinner size="sm" tone="current" />
          {children}
        </>
      ) : (
        children
      )}
    </Comp>
  )
}
