import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react'
import { cn } from './cn'

/** A table that scrolls sideways on a phone rather than squeezing its columns. */
export function Table({ className, ...props }: HTMLAttributes<HTMLTableElement>) {
  return (
    <div className="w-full overflow-x-auto rounded-lg border border-stone-200 bg-white">
      <table className={cn('w-full min-w-max text-left text-sm', className)} {...props} />
    </div>
  )
}
export const THead = (p: HTMLAttributes<HTMLTableSectionElement>) => <thead className="bg-stone-50 text-stone-600" {...p} />
export const TBody = (p: HTMLAttributes<HTMLTableSectionElement>) => <tbody className="divide-y divide-stone-100" {...p} />
export const Tr = ({ className, ...p }: HTMLAttributes<HTMLTableRowElement>) => <tr className={cn('hover:bg-stone-50/60', className)} {...p} />
export const Th = ({ className, ...p }: ThHTMLAttributes<HTMLTableCellElement>) => (
  <th scope="col" className={cn('px-3 py-2.5 font-medium whitespace-nowrap', className)} {...p} />
)
export const Td = ({ className, ...p }: TdHTMLAttributes<HTMLTableCellElement>) => (
  <td className={cn('px-3 py-2.5 align-middle', className)} {...p} />
)
