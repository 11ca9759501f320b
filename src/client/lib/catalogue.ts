import { useQuery } from '@tanstack/react-query'
import { api } from './api'

export const productsKey = ['products'] as const

export const fetchProducts = async () => (await api.get('/_api/products')).products

/** The whole public catalogue (the products page, and re-ordering checks what is still sold). */
export function useProducts() {
  return useQuery({ queryKey: productsKey, queryFn: fetchProducts })
}
