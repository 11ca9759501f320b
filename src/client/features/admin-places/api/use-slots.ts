import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/client/lib/toast'
import { formatSlotWindow } from '@/shared/domain/delivery-slots'
import type { CreateSlotInput, UpdateSlotInput } from '@/shared/schemas/slots'
import { api } from '@/client/lib/api'
import { callKey } from '@/client/lib/queries'
import { staffPlaceKeys } from '@/client/lib/staff-places'
import { staffErrorText } from '@/client/lib/error-text'

function useRefreshSlots() {
  const qc = useQueryClient()
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: staffPlaceKeys.slots }),
      // The checkout's slots of the city.
      qc.invalidateQueries({ queryKey: callKey('/_api/orders/slots') }),
    ])
}

export function useCreateSlot() {
  const refresh = useRefreshSlots()
  return useMutation({
    mutationFn: (input: CreateSlotInput) => api.post('/_api/admin/slots', input),
    onSuccess: ({ slot }) => {
      toast.success(`Le créneau ${formatSlotWindow(slot.startsAt, slot.endsAt)} a été créé.`)
      return refresh()
    },
    onError: (e) => toast.error(`Erreur lors de la création: ${staffErrorText(e)}`),
  })
}

export function useUpdateSlot() {
  const refresh = useRefreshSlots()
  return useMutation({
    mutationFn: (input: UpdateSlotInput) => api.post('/_api/admin/slots/update', input),
    onSuccess: ({ slot }, input) => {
      const window = formatSlotWindow(slot.startsAt, slot.endsAt)
      toast.success(
        input.isActive === undefined
          ? `Le créneau ${window} a été enregistré.`
          : `Le créneau ${window} est maintenant ${slot.isActive ? 'actif' : 'inactif'}.`,
      )
      return refresh()
    },
    onError: (e) => toast.error(`Erreur lors de la mise à jour: ${staffErrorText(e)}`),
  })
}
