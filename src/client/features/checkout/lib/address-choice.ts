import type { AddressView } from '@/shared/schemas/addresses'

export type AddressChoice = number | 'new'

/**
 * Which address the order goes to (docs/rules/people.md#delivery-addresses): the one chosen if it
 * can still be delivered to, else the last used that can (the list comes last used first), else a
 * new one. Null while the saved addresses load.
 */
export function resolveAddressChoice(
  chosen: AddressChoice | null,
  addresses: readonly AddressView[] | undefined,
): AddressChoice | null {
  if (chosen === 'new') return 'new'
  if (!addresses) return null
  const open = addresses.filter((a) => a.closedReason === null)
  if (chosen !== null && open.some((a) => a.id === chosen)) return chosen
  return open[0]?.id ?? 'new'
}
