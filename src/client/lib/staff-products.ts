import { useQuery } from '@tanstack/react-query'
import type { CallInput } from '@/shared/calls/define-call'
import type { productCalls } from '@/shared/calls/products'
import { callKey, queryPickFor } from './queries'

type ProductsQuery = CallInput<typeof productCalls.list>

export const staffProductKeys = { all: callKey('/_api/admin/products') }

/** The back-office catalogue (the products screen, the country details' tab), active or not. */
export function useAdminProducts(q: ProductsQuery) {
  return useQuery({
    ...queryPickFor('/_api/admin/products', q, (answer) => answer.products),
  })
}
