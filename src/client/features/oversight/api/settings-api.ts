import { formatPercent } from '@/shared/format'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/client/lib/toast'
import type { UpdateShopSettingsInput } from '@/shared/schemas/weighin'
import { api, errorMessage } from '@/client/lib/api'
import { queryKeyFor, queryPickFor } from '@/client/lib/queries'

const settingsKey = queryKeyFor('/_api/admin/settings', {})

/** The shop's settings (root): the weigh-in tolerance. */
export function useShopSettings() {
  return useQuery({
    ...queryPickFor('/_api/admin/settings', {}, (answer) => answer.settings),
  })
}

export function useUpdateShopSettings() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: UpdateShopSettingsInput) =>
      (await api.post('/_api/admin/settings/update', input)).settings,
    onSuccess: (settings) => {
      qc.setQueryData(settingsKey, settings)
      toast.success(`Tolérance de pesée : ${formatPercent(settings.weighTolerancePercent)}.`)
    },
    onError: (e) => toast.error(errorMessage(e, 'Réglage non enregistré.')),
  })
}
