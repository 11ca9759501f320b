import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { OrderStatus } from '@/shared/domain/order-status'
import { api, errorMessage } from '../../../lib/api'

// The country-details tabs read the back-office lists of SPEC §7, built by the catalogue and
// orders features; only the fields shown here are typed.
export type CountryOrder = { id: number; customerName: string; createdAt: Date; status: OrderStatus; totalAmount: number; cityName?: string }
export type CountryProduct = {
  id: number
  name: string
  imageUrl: string | null
  pricePerUnit: number
  unitType: 'kg' | 'unit'
  isActive: boolean
  category: { id: number; name: string } | null
}
export type CountryCity = { id: number; name: string; isActive: boolean; createdAt: Date; country: { id: number; name: string } }

export const COUNTRY_ORDERS_PAGE = 50

export function useCountryOrders(country: string, q: { search?: string; status?: OrderStatus; page: number }) {
  return useQuery({
    queryKey: ['admin-orders', 'country', country, q],
    queryFn: () => api.get<{ orders: CountryOrder[]; total: number }>('/_api/admin/orders', { country, ...q, limit: COUNTRY_ORDERS_PAGE }),
    placeholderData: keepPreviousData,
  })
}

export function useCountryProducts(country: string) {
  return useQuery({
    queryKey: ['admin-products', 'country', country],
    queryFn: async () => (await api.get<{ products: CountryProduct[] }>('/_api/admin/products', { country })).products,
  })
}

/** SPEC §7: the admin cities list, filtered here by country name. */
export function useCountryCities(country: string) {
  return useQuery({
    queryKey: ['admin-cities'],
    queryFn: async () => (await api.get<{ cities: CountryCity[] }>('/_api/admin/cities')).cities,
    select: (cities) => cities.filter((c) => c.country.name.toLowerCase() === country.toLowerCase()),
  })
}

export function useToggleCity() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: { id: number; isActive: boolean }) => api.post<{ city: CountryCity }>('/_api/admin/cities/update', input),
    onSuccess: ({ city }) => {
      toast.success(`La ville ${city.name} est maintenant ${city.isActive ? 'active' : 'inactive'}.`)
      return qc.invalidateQueries({ queryKey: ['admin-cities'] })
    },
    // SPEC §8's wording for this toggle, kept as written.
    onError: (e) => toast.error('Erreur lors du mise à jour du statut', { description: errorMessage(e) }),
  })
}
