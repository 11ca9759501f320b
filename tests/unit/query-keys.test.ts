import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { callKey, queryKeyFor } from '../../src/client/lib/queries'

describe('query keys from the calls (src/client/lib/queries.ts)', () => {
  it('names an entry by its call’s path and input, and a call’s entries by its path', () => {
    expect(queryKeyFor('/_api/orders', { search: '', status: 'all' })).toEqual([
      '/_api/orders',
      { search: '', status: 'all' },
    ])
    expect(queryKeyFor('/_api/countries')).toEqual(['/_api/countries', {}])
    expect(callKey('/_api/admin/orders')).toEqual(['/_api/admin/orders'])
  })

  it('invalidating the staff’s orders list leaves the client’s, and the reverse', async () => {
    const qc = new QueryClient()
    const staff = queryKeyFor('/_api/admin/orders', { page: 1 })
    const client = queryKeyFor('/_api/orders', { search: '', status: 'all' })
    const details = queryKeyFor('/_api/orders/details', { orderId: 3 })
    for (const key of [staff, client, details]) qc.setQueryData(key, { any: 1 })
    const stale = () => [staff, client, details].map((key) => qc.getQueryState(key)?.isInvalidated)

    await qc.invalidateQueries({ queryKey: callKey('/_api/admin/orders') })
    expect(stale()).toEqual([true, false, false])
    await qc.invalidateQueries({ queryKey: callKey('/_api/orders') })
    expect(stale()).toEqual([true, true, false])
  })
})
