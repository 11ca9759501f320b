import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { CallOutput } from '@/shared/calls/define-call'
import type { oversightCalls } from '@/shared/calls/oversight'
import { contactStatusLabels, type ContactStatus } from '@/shared/domain/order-status'
import { api, errorMessage } from '@/client/lib/api'

export const CONTACT_PAGE_SIZE = 15
type Page = CallOutput<typeof oversightCalls.contactMessages>

export function useContactMessages(status: ContactStatus | undefined, page: number) {
  return useQuery({
    queryKey: ['contact-messages', status ?? 'all', page],
    queryFn: () => api.get('/_api/admin/contact-messages', { status, page, limit: CONTACT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  })
}

/** A status shown at once, rolled back if the server refuses. */
export function useUpdateContactStatus() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: { messageId: number; status: ContactStatus }) =>
      api.post('/_api/admin/contact-messages/update-status', input),
    onMutate: async ({ messageId, status }) => {
      await qc.cancelQueries({ queryKey: ['contact-messages'] })
      const saved = qc.getQueriesData<Page>({ queryKey: ['contact-messages'] })
      for (const [key, data] of saved) {
        if (data)
          qc.setQueryData<Page>(key, {
            ...data,
            messages: data.messages.map((m) => (m.id === messageId ? { ...m, status } : m)),
          })
      }
      return { saved }
    },
    onError: (e, _v, ctx) => {
      ctx?.saved.forEach(([key, data]) => qc.setQueryData(key, data))
      toast.error(
        `Erreur lors de la mise à jour du statut: ${errorMessage(e, 'Failed to update message status')}`,
      )
    },
    onSuccess: ({ contactMessage }) =>
      toast.success(
        `Message #${contactMessage.id} mis à jour avec le statut "${contactStatusLabels[contactMessage.status]}"`,
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: ['contact-messages'] }),
  })
}

export function useDeleteContactMessage() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (messageId: number) => api.post('/_api/admin/contact-messages/delete', { messageId }),
    onSuccess: (_r, messageId) => {
      toast.success(`Message #${messageId} supprimé.`)
      return qc.invalidateQueries({ queryKey: ['contact-messages'] })
    },
    onError: (e) => toast.error(errorMessage(e, 'Failed to delete contact message')),
  })
}
