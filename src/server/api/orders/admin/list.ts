import { orderCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { listAdminOrders } from '@/server/services/orders/order-admin'
import { sharedReads } from '@/server/db/shared-reads'
import { preparedAnswer, type CachedAnswer } from '@/server/http/prepared-answer'
import { requestSnapshot } from '@/server/http/auth-context'

type Page = Awaited<ReturnType<typeof listAdminOrders>>

/**
 * Identical list reads in flight at the same moment, for the same scope (a country, or all for
 * root), are computed once: on PGlite, whose one connection runs one statement at a time on the
 * main thread, 32 staff reading the list queued 32 copies of the same statements (docs/security/run-time.md
 * "The overload guard and argon2"). Never across a write: a read after a write never shares an older one.
 */
const shared = sharedReads<CachedAnswer<Page>>({ keep: 'in-flight' })
/**
 * On PGlite (PGLITE_READ_CACHE, on by default), an answer is also kept until the next write: all
 * writes go through this process, so it is never stale, and a crowd of staff reading the list
 * no longer queues the same statements again in front of the one connection.
 *
 * Either way the answer is serialized once, with the page (preparedAnswer): the callers that share
 * it, or are served it until the next write, are sent its bytes, each compressed form made once
 * (docs/decisions/0068).
 */
/**
 * On PostgreSQL, where other instances write too, the same kept answers carry in their key the
 * database's snapshot read with the caller's session, before the answer was computed
 * (db/snapshot.ts, docs/decisions/0086): a request whose snapshot is the same sees the same
 * committed orders, so it is given the same answer; any commit, here or elsewhere, gives the next
 * request a new snapshot and a new computation. An answer may hold a commit made during its
 * computation, never miss one made before its snapshot.
 */
const kept = sharedReads<CachedAnswer<Page>>({ keep: 'until-write' })
/** How many list computations this process started (tests/api/admin-orders-coalesced.test.ts reads it). */
export const adminListRuns = { count: 0 }

export default defineEndpoint({
  call: orderCalls.list,
  roles: ['root', 'super_admin', 'admin'],
  summary: 'Orders of the caller’s country (root: all, or ?country), filtered and paged, newest first',
  async handler({ input, user, db, deps, req }) {
    const scope = user.role === 'root' ? 'all' : `country:${user.countryId}`
    const key = `${scope}|${JSON.stringify(input)}`
    const compute = async () => {
      adminListRuns.count++
      return preparedAnswer(await listAdminOrders(db, user, input))
    }
    if (deps.database.kind === 'pglite') {
      return deps.config.PGLITE_READ_CACHE ? kept(db, key, compute) : shared(db, key, compute)
    }
    const snapshot = requestSnapshot(req)
    return snapshot ? kept(db, `${snapshot}|${key}`, compute) : shared(db, key, compute)
  },
})
