import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ShareUpdateInput, SlotUpdateInput } from '@/shared/schemas/campaign-setup'
import type { z } from '@/shared/schemas/zod'
import type {
  animalCreateInput,
  animalUpdateInput,
  campaignCreateInput,
  campaignUpdateInput,
  shareCreateInput,
  slotCreateInput,
} from '@/shared/schemas/campaigns'
import { api } from '@/client/lib/api'
import { staffErrorText } from '@/client/lib/error-text'
import { callKey, queryOptionsFor, queryPickFor } from '@/client/lib/queries'
import { toast } from '@/client/lib/toast'

// The staff's campaigns (docs/rules/campaigns-staff.md): one hook per call.

/** The campaigns of the staff's country (root: the country chosen, or all). */
export function useAdminCampaigns(countryId: number | undefined) {
  return useQuery(queryPickFor('/_api/admin/campaigns', { countryId }, (a) => a.campaigns))
}

/** One campaign whole: its rules, animals, shares and slots (null id: nothing read yet). */
export function useCampaignDetail(campaignId: number | null) {
  return useQuery({
    ...queryOptionsFor('/_api/admin/campaigns/detail', { campaignId: campaignId ?? 0 }),
    enabled: campaignId !== null,
  })
}

export function useCampaignBoard(campaignId: number | null) {
  return useQuery({
    ...queryPickFor('/_api/admin/campaigns/board', { campaignId: campaignId ?? 0 }, (a) => a.board),
    enabled: campaignId !== null,
  })
}

/** Every write makes the campaigns' reads stale: the list, the campaign, its board. */
function useSaved(text: string) {
  const qc = useQueryClient()
  return {
    onSuccess: () => {
      for (const path of [
        '/_api/admin/campaigns',
        '/_api/admin/campaigns/detail',
        '/_api/admin/campaigns/board',
      ] as const)
        void qc.invalidateQueries({ queryKey: callKey(path) })
      toast.success(text)
    },
    onError: (e: unknown) => toast.error(`Erreur lors de l’enregistrement : ${staffErrorText(e)}`),
  }
}

type Wire<T extends z.ZodType> = z.input<T>

export function useSaveCampaign() {
  const saved = useSaved('La campagne a été enregistrée.')
  return useMutation({
    mutationFn: (input: Wire<typeof campaignCreateInput> | Wire<typeof campaignUpdateInput>) =>
      'campaignId' in input
        ? api.post('/_api/admin/campaigns/update', input)
        : api.post('/_api/admin/campaigns/create', input),
    ...saved,
  })
}

export function useSaveAnimal() {
  const saved = useSaved('L’animal a été enregistré.')
  return useMutation({
    mutationFn: (input: Wire<typeof animalCreateInput> | Wire<typeof animalUpdateInput>) =>
      'animalId' in input
        ? api.post('/_api/admin/campaigns/animals/update', input)
        : api.post('/_api/admin/campaigns/animals/create', input),
    ...saved,
  })
}

export function useAnimalPhoto() {
  const saved = useSaved('La photo a été ajoutée.')
  return useMutation({
    mutationFn: ({
      animalId,
      file,
      onProgress,
    }: {
      animalId: number
      file: Blob
      onProgress?: (p: number) => void
    }) => api.upload('/_api/admin/campaigns/animals/photo', { animalId }, file, { onProgress }),
    ...saved,
  })
}

export function useRemoveAnimalPhoto() {
  const saved = useSaved('La photo a été retirée.')
  return useMutation({
    mutationFn: (input: { animalId: number; key: string }) =>
      api.post('/_api/admin/campaigns/animals/photo/remove', input),
    ...saved,
  })
}

export function useSaveShare() {
  const saved = useSaved('La part a été enregistrée.')
  return useMutation({
    mutationFn: (input: Wire<typeof shareCreateInput> | ShareUpdateInput) =>
      'shareId' in input
        ? api.post('/_api/admin/campaigns/shares/update', input)
        : api.post('/_api/admin/campaigns/shares/create', input),
    ...saved,
  })
}

export function useSaveSlot() {
  const saved = useSaved('Le créneau a été enregistré.')
  return useMutation({
    mutationFn: async (input: Wire<typeof slotCreateInput> | SlotUpdateInput) => {
      if ('slotId' in input) await api.post('/_api/admin/campaigns/slots/update', input)
      else await api.post('/_api/admin/campaigns/slots/create', input)
    },
    ...saved,
  })
}
