import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { UpdateShopSettingsInput } from '@/shared/schemas/weighin'
import { api, errorMessage } from '@/client/lib/api'

const settingsKey = ['settings'] as const

/** The shop's settings (root): the weigh-in tolerance. */
export function useShopSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: async () => (await api.get('/_api/admin/settings', {})).settings,
  })
}

export function useUpdateShopSettings() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: UpdateShopSettingsInput) =>
      (await api.post('/_api/admin/settings/update', input)).settings,
    onSuccess: (settings) => {
      qc.setQueryData(settingsKey, settings)
      toast.success(`Tolérance de pesée : ${settings.weighTolerancePercent} %.`)
    },
    onError: (e) => toast.error(errorMessage(e, 'Réglage non enregistré.')),
  })
}
