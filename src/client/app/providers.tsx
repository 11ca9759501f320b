import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Toaster } from 'sonner'
import { createQueryClient } from '../lib/query-client'

/** The app's providers; `client`: a query cache filled beforehand (the server's render, main.tsx's hydration). */
export function Providers({ children, client: given }: { children: ReactNode; client?: QueryClient }) {
  const [client] = useState(() => given ?? createQueryClient())
  return (
    <QueryClientProvider client={client}>
      {children}
      {/* Toasts: 3 visible, 4 s, bottom-right. */}
      <Toaster position="bottom-right" visibleToasts={3} duration={4000} richColors closeButton />
    </QueryClientProvider>
  )
}
