import { queryOptions } from '@tanstack/react-query'
import { api, type GetInput, type GetOutput, type GetPath } from './api'

/**
 * The query cache's keys, derived from the calls declared in src/shared/calls, as tRPC does: a
 * GET call's entry is `[path, input]`, so a key cannot name a call that does not exist, and an
 * invalidation names the call it makes stale (`callKey(path)`: every input's entry of that call,
 * none of another's). Invalidating the staff's orders list (`/_api/admin/orders`) leaves the
 * client's (`/_api/orders`) alone, and the reverse.
 *
 * One hook reads a call (docs/architecture.md "How to add a page"); where it keeps part of the
 * answer (`pick`), its entry holds that part. The session's key is its own (lib/session.ts).
 */

/** The input a call takes, optional when it takes none. */
type InputArg<P extends GetPath> =
  Record<string, never> extends GetInput<P> ? [input?: GetInput<P>] : [input: GetInput<P>]

/** Every entry of a call, whatever its input: what an invalidation names. */
export const callKey = <P extends GetPath>(path: P) => [path] as const

/** The entry of a call with this input. */
export const queryKeyFor = <P extends GetPath>(path: P, ...[input]: InputArg<P>) =>
  [path, (input ?? {}) as GetInput<P>] as const

const get = <P extends GetPath>(path: P, input: GetInput<P>) =>
  (api.get as unknown as (path: P, input: GetInput<P>) => Promise<GetOutput<P>>)(path, input)

/** A call read through the query cache: its key and its fetch. */
export function queryOptionsFor<P extends GetPath>(path: P, ...[input]: InputArg<P>) {
  const key = queryKeyFor(path, ...([input] as InputArg<P>))
  return queryOptions({ queryKey: key, queryFn: () => get(path, key[1]) })
}

/** The same, keeping `pick` of the answer (the one hook that reads the call shows only that). */
export function queryPickFor<P extends GetPath, T>(
  path: P,
  input: GetInput<P>,
  pick: (answer: GetOutput<P>) => T,
) {
  return queryOptions({
    queryKey: queryKeyFor(path, ...([input] as InputArg<P>)),
    queryFn: async () => pick(await get(path, input)),
  })
}
