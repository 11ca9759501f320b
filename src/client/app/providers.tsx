import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import type { FirstPageCatalogue } from '@/shared/first-page'
import { FirstPageContext } from '../lib/first-page-context'
import { createQueryClient } from '../lib/query-client'
import { Toasts } from '../lib/toast'

/**
 * The app's providers; `client`: a query cache filled beforehand, and `firstPage`: whose catalogue
 * it holds (the server's render of / and /products, main.tsx's hydration of them).
 */
export function Providers({
  children,
  client: given,
  firstPage = null,
}: {
  children: ReactNode
  client?: QueryClient
  firstPage?: FirstPageCatalogue | null
}) {
  const [client] = useState(() => given ?? createQueryClient())
  return (
    <QueryClientProvider client={client}>
      <FirstPageContext value={firstPage}>{children}</FirstPageContext>
      <Toasts />
    </QueryClientProvider>
  )
}
