import { formatSlotWindow } from '@/shared/domain/delivery-slots'
import { placeChangeRefreshes, usePlaceMutation } from '@/client/lib/staff-places'
import { created, updated } from './feedback'

const windowOf = (slot: { startsAt: string; endsAt: string }) => formatSlotWindow(slot.startsAt, slot.endsAt)

export const useCreateSlot = () =>
  usePlaceMutation(
    '/_api/admin/slots',
    placeChangeRefreshes.slot,
    created(({ slot }) => `Le créneau ${windowOf(slot)} a été créé.`),
  )

export const useUpdateSlot = () =>
  usePlaceMutation(
    '/_api/admin/slots/update',
    placeChangeRefreshes.slot,
    updated({
      saved: ({ slot }) => `Le créneau ${windowOf(slot)} a été enregistré.`,
      switched: ({ slot }) =>
        `Le créneau ${windowOf(slot)} est maintenant ${slot.isActive ? 'actif' : 'inactif'}.`,
    }),
  )
