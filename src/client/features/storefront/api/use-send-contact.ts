import { useMutation } from '@tanstack/react-query'
import { storefrontCalls } from '@/shared/calls/storefront'
import type { ContactInput } from '@/shared/schemas/contact-form'
import { api } from '../../../lib/api'

export function useSendContact() {
  return useMutation({
    mutationFn: (input: ContactInput) => api.call(storefrontCalls.contact, input),
  })
}
