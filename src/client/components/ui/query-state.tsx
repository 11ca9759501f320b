import type { UseQueryResult } from '@tanstack/react-query'
import { AlertTriangle, Inbox } from 'lucide-react'
import type { ReactNode } from 'react'
import { isRefusal } from '@/client/lib/query-client'
import { Button } from './button'

/**
 * A failure, its message and an optional retry. `titleAs="h1"` when the failure is the whole
 * page (a refusal, a record not found): the page still has its one main heading.
 */
export function ErrorState({
  title = 'Erreur de chargement',
  titleAs: Title = 'p',
  message,
  onRetry,
}: {
  title?: string
  titleAs?: 'p' | 'h1' | 'h2'
  message: string
  onRetry?: () => void
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-6 text-center"
    >
      <AlertTriangle className="h-8 w-8 text-red-700" aria-hidden />
      <div>
        <Title className="font-semibold text-red-900">{title}</Title>
        <p className="mt-1 text-sm text-red-800">{message}</p>
      </div>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Réessayer
        </Button>
      )}
    </div>
  )
}

export function EmptyState({ message, children }: { message: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-stone-300 bg-white p-8 text-center text-stone-600">
      <Inbox className="h-8 w-8 text-stone-400" aria-hidden />
      <p>{message}</p>
      {children}
    </div>
  )
}

/**
 * A failure to show while the query still retries: once a retry has failed too, or at once for
 * a refusal (4xx), whatever retry policy the query has (the app's is one retry, lib/query-client.ts).
 * The skeletons give way to the error instead of waiting for every retry.
 */
function settledFailure(query: UseQueryResult<unknown>): Error | null {
  const reason = query.failureReason
  return reason && (query.failureCount >= 2 || isRefusal(reason)) ? reason : null
}

/**
 * The same loading, error and empty behaviour on every screen: skeletons while loading, the
 * error's message with a retry (after the first failed retry at the latest), the empty text,
 * else the children with the data.
 */
export function QueryState<T>({
  query,
  loading,
  empty,
  isEmpty,
  errorTitle,
  errorTitleAs,
  errorMessage,
  errorView,
  children,
}: {
  query: UseQueryResult<T>
  loading: ReactNode
  empty?: ReactNode
  isEmpty?: (data: T) => boolean
  errorTitle?: string
  /** 'h1' when the error stands for the whole page. */
  errorTitleAs?: 'p' | 'h1' | 'h2'
  /** Turns the error into the text shown (defaults to the error's own message). */
  errorMessage?: (e: Error) => string
  /**
   * A view of its own for a failure (a record not found, say), given the error and the retry;
   * undefined for the usual one.
   */
  errorView?: (e: Error, retry: () => void) => ReactNode | undefined
  children: (data: T) => ReactNode
}) {
  const failed = (error: Error) =>
    errorView?.(error, () => void query.refetch()) ?? (
      <ErrorState
        title={errorTitle}
        titleAs={errorTitleAs}
        message={errorMessage ? errorMessage(error) : error.message}
        onRetry={() => void query.refetch()}
      />
    )
  if (query.isPending) {
    const failure = settledFailure(query)
    return failure ? failed(failure) : <>{loading}</>
  }
  if (query.isError) return failed(query.error)
  if (empty !== undefined && isEmpty?.(query.data)) {
    return typeof empty === 'string' ? <EmptyState message={empty} /> : <>{empty}</>
  }
  return <>{children(query.data)}</>
}
