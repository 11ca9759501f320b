import { useMutation } from '@tanstack/react-query'
import type { ContactInput } from '@/shared/schemas/contact-form'
import { api } from '@/client/lib/api'

export function useSendContact() {
  return useMutation({
    mutationFn: (input: ContactInput) => api.post('/_api/contact', input),
  })
}
