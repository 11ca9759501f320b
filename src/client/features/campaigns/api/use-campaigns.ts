import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, errorMessage } from '@/client/lib/api'
import { callKey, queryOptionsFor, queryPickFor } from '@/client/lib/queries'
import { toast } from '@/client/lib/toast'
import { useWaitingPoll } from '@/client/lib/waiting-poll'
import type { ChooseInput } from '@/shared/schemas/campaign-client'

// The campaigns' calls as the client and the payer read them (docs/rules/campaigns-client.md),
// one hook per call.

/** The campaigns open now (the caller's country, or the visitor's every country): the home's banner. */
export function useOpenCampaigns() {
  return useQuery({ ...queryPickFor('/_api/campaigns', {}, (a) => a.campaigns), staleTime: 60_000 })
}

/** One open campaign: its services, slots (places left) and shares, and its country's currency. */
export function useCampaign(campaignId: number | null) {
  return useQuery({
    ...queryOptionsFor('/_api/campaigns/campaign', { campaignId: campaignId ?? 0 }),
    enabled: campaignId !== null,
  })
}

/** An open campaign's animals (every 20 s: another client may take one meanwhile). */
export function useCampaignAnimals(campaignId: number | null) {
  return useQuery({
    ...queryPickFor('/_api/campaigns/animals', { campaignId: campaignId ?? 0 }, (a) => a.animals),
    enabled: campaignId !== null,
    refetchInterval: 20_000,
  })
}

/** The wallets that pay a campaign: by its id (the account) or by the pay link's token. */
export function useCampaignWallets(by: { campaignId: number } | { token: string } | null) {
  return useQuery({
    ...queryPickFor('/_api/campaigns/wallets', by ?? {}, (a) => a.wallets),
    enabled: by !== null,
    staleTime: 5 * 60_000,
  })
}

/** Reserves an animal or a share; the caller then goes to its pay link for the deposit. */
export function useReserve() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: { animalId: number } | { shareId: number }) =>
      (await api.post('/_api/campaigns/reserve', input)).reservation,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: callKey('/_api/campaigns/animals') })
      void qc.invalidateQueries({ queryKey: callKey('/_api/campaigns/campaign') })
      void qc.invalidateQueries({ queryKey: callKey('/_api/campaigns/mine') })
    },
    onError: (e) => toast.error(errorMessage(e, 'La réservation n’a pas abouti. Réessayez.')),
  })
}

/**
 * What the pay link shows; asked again while a payment may be on its way (after the provider's
 * page sends the payer back), backing off.
 */
export function usePayLink(token: string | null, waiting: boolean) {
  const poll = useWaitingPoll()
  return useQuery({
    ...queryPickFor('/_api/campaigns/reservation', { token: token ?? '' }, (a) => a.reservation),
    enabled: token !== null,
    refetchInterval: () => poll(waiting),
  })
}

/** The client's own reservations (asked again while one waits for a payment). */
export function useMyReservations(waiting = false) {
  const poll = useWaitingPoll()
  return useQuery({
    ...queryPickFor('/_api/campaigns/mine', {}, (a) => a.reservations),
    refetchInterval: () => poll(waiting),
  })
}

const toCheckout = (attempt: { checkoutUrl: string | null }) => {
  if (attempt.checkoutUrl) window.location.assign(attempt.checkoutUrl)
}

/** An instalment from the pay link: the provider's page is opened next (a full navigation). */
export function usePayByLink() {
  return useMutation({
    mutationFn: async (input: { token: string; amount: number; wallet: string }) =>
      (await api.post('/_api/campaigns/pay', input)).attempt,
    onSuccess: toCheckout,
  })
}

/** An instalment by the owner from the account. */
export function usePayMine() {
  return useMutation({
    mutationFn: async (input: { reservationId: number; amount: number; wallet: string }) =>
      (await api.post('/_api/campaigns/pay-mine', input)).attempt,
    onSuccess: toCheckout,
  })
}

/** The services, slot and recipient of one's reservation. */
export function useChoose() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: ChooseInput) => (await api.post('/_api/campaigns/choose', input)).reservation,
    onSuccess: () => {
      toast.success('Vos choix sont enregistrés.')
      void qc.invalidateQueries({ queryKey: callKey('/_api/campaigns/mine') })
      void qc.invalidateQueries({ queryKey: callKey('/_api/campaigns/campaign') })
    },
    onError: () => void qc.invalidateQueries({ queryKey: callKey('/_api/campaigns/campaign') }),
  })
}

/** A new pay link to send to family: the old ones stop working (docs/rules/campaigns-messages.md#the-pay-links). */
export function useNewLink() {
  return useMutation({
    mutationFn: async (input: { reservationId: number }) =>
      api.post('/_api/campaigns/link', { ...input, revoke: true }),
    onError: (e) => toast.error(errorMessage(e, 'Le lien n’a pas pu être créé. Réessayez.')),
  })
}
