import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/client/lib/toast'
import type { CallOutput } from '@/shared/calls/define-call'
import type { oversightCalls } from '@/shared/calls/oversight'
import { contactStatusLabels, type ContactStatus } from '@/shared/domain/order-status'
import { api, errorMessage } from '@/client/lib/api'
import { callKey, queryOptionsFor } from '@/client/lib/queries'

export const CONTACT_PAGE_SIZE = 15
type Page = CallOutput<typeof oversightCalls.contactMessages>
/** Every page of the messages, whatever its filter. */
const messagesKey = callKey('/_api/admin/contact-messages')

export function useContactMessages(status: ContactStatus | undefined, page: number) {
  return useQuery({
    ...queryOptionsFor('/_api/admin/contact-messages', { status, page, limit: CONTACT_PAGE_SIZE }),
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
      await qc.cancelQueries({ queryKey: messagesKey })
      const saved = qc.getQueriesData<Page>({ queryKey: messagesKey })
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
    onSettled: () => qc.invalidateQueries({ queryKey: messagesKey }),
  })
}

/** Opening a message marks a new one read (docs/rules/people.md#contact-inbox), shown at once. */
export function useOpenContactMessage() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (messageId: number) => api.post('/_api/admin/contact-messages/open', { messageId }),
    onSuccess: ({ contactMessage }) => {
      for (const [key, data] of qc.getQueriesData<Page>({ queryKey: messagesKey }))
        if (data)
          qc.setQueryData<Page>(key, {
            ...data,
            messages: data.messages.map((m) =>
              m.id === contactMessage.id ? { ...m, status: contactMessage.status } : m,
            ),
          })
    },
    onSettled: () => qc.invalidateQueries({ queryKey: messagesKey }),
  })
}

export function useDeleteContactMessage() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (messageId: number) => api.post('/_api/admin/contact-messages/delete', { messageId }),
    onSuccess: (_r, messageId) => {
      toast.success(`Message #${messageId} supprimé.`)
      return qc.invalidateQueries({ queryKey: messagesKey })
    },
    onError: (e) => toast.error(errorMessage(e, 'Failed to delete contact message')),
  })
}
