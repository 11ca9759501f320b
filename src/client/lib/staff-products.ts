import { useQuery } from '@tanstack/react-query'
import type { CallInput } from '@/shared/calls/define-call'
import type { productCalls } from '@/shared/calls/products'
import { api } from './api'

type ProductsQuery = CallInput<typeof productCalls.list>

export const staffProductKeys = {
  all: ['admin-products'] as const,
  list: (q: ProductsQuery) => ['admin-products', 'list', q] as const,
}

/** The back-office catalogue (the products screen, the country details' tab), active or not. */
export function useAdminProducts(q: ProductsQuery) {
  return useQuery({
    queryKey: staffProductKeys.list(q),
    queryFn: async () => (await api.get('/_api/admin/products', q)).products,
  })
}
