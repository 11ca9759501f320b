import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AddressInput, AddressView, UpdateAddressInput } from '@/shared/schemas/addresses'
import { api } from './api'
import { callKey, queryOptionsFor } from './queries'

/**
 * The client's saved delivery addresses (docs/rules/people.md#delivery-addresses): one read for
 * the account page and the checkout, the last used first. Each write marks it stale; so does an
 * order (it marks the address it used as the last used).
 */
export const addressesKey = callKey('/_api/account/addresses')

export function useAddresses(enabled = true) {
  return useQuery({ ...queryOptionsFor('/_api/account/addresses'), enabled })
}

/** An address can be delivered to now: its zone, city and country are open. */
export const usable = (a: AddressView) => a.closedReason === null

/** Creates (no id) or rewrites (an id) an address. */
export function useSaveAddress() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: AddressInput | UpdateAddressInput) =>
      'id' in input
        ? api.post('/_api/account/addresses/update', input)
        : api.post('/_api/account/addresses/create', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: addressesKey }),
  })
}

export function useDeleteAddress() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.post('/_api/account/addresses/delete', { id }),
    onSuccess: (answer) => qc.setQueryData(queryOptionsFor('/_api/account/addresses').queryKey, answer),
  })
}
