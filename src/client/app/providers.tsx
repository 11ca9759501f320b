import { QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Toaster } from 'sonner'
import { createQueryClient } from '../lib/query-client'

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient)
  return (
    <QueryClientProvider client={client}>
      {children}
      {/* Toasts: 3 visible, 4 s, bottom-right. */}
      <Toaster position="bottom-right" visibleToasts={3} duration={4000} richColors closeButton />
    </QueryClientProvider>
  )
}
