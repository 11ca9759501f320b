import superjson from 'superjson'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api, ApiError, NETWORK_MESSAGE, REQUEST_TIMEOUT_MS, TIMEOUT_MESSAGE } from '../../src/client/lib/api'

/**
 * The browser's API client on a connection that never answers (docs/security/run-time.md "Requests
 * that never end"): it gives up after REQUEST_TIMEOUT_MS with a French message, and a caller's
 * own cancellation stays a cancellation. `fetch` is the network, outside the project: it is
 * replaced by one that hangs until its signal aborts.
 */
let calls: { signal: AbortSignal }[] = []
beforeEach(() => {
  vi.useFakeTimers()
  calls = []
  vi.stubGlobal('fetch', (_url: string, init: { signal: AbortSignal }) => {
    calls.push(init)
    return new Promise((_resolve, reject) => {
      init.signal.addEventListener('abort', () =>
        reject(new DOMException('The operation was aborted.', 'AbortError')),
      )
    })
  })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('api client timeout', () => {
  it(`gives up on a silent server after ${REQUEST_TIMEOUT_MS / 1000} s with a French message, not before`, async () => {
    let settled: unknown = 'pending'
    const pending = api.get('/_api/products').then(
      () => (settled = 'answered'),
      (e: unknown) => (settled = e),
    )
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1)
    expect(settled).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    await pending
    expect(settled).toBeInstanceOf(ApiError)
    expect(settled).toMatchObject({ message: TIMEOUT_MESSAGE, code: 'TIMEOUT', status: 0 })
  })

  it('gives up on a POST too', async () => {
    const pending = api.post('/_api/auth/logout').catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS)
    expect(await pending).toMatchObject({ code: 'TIMEOUT' })
  })

  it("keeps a caller's cancellation a cancellation (an AbortError, which the query library expects)", async () => {
    const controller = new AbortController()
    const pending = api.get('/_api/products', {}, { signal: controller.signal }).catch((e: unknown) => e)
    controller.abort()
    const err = (await pending) as Error
    expect(err.name).toBe('AbortError')
    expect(calls[0]!.signal.aborted).toBe(true)
  })

  it('says the server cannot be reached when the network fails at once', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    await expect(api.get('/_api/products')).rejects.toMatchObject({
      message: NETWORK_MESSAGE,
      code: 'NETWORK',
    })
  })
})

describe('api.get and api.post: a declared call named by its path, typed from the contract', () => {
  it('sends a GET call’s input as its query string and decodes its superjson answer', async () => {
    const seen: string[] = []
    vi.stubGlobal('fetch', async (url: string) => {
      seen.push(url)
      const body = superjson.serialize({
        cities: [
          {
            id: 1,
            name: 'Dakar',
            isActive: true,
            createdAt: new Date('2026-01-02T00:00:00Z'),
            country: { id: 1, name: 'Sénégal' },
          },
        ],
      })
      return new Response(JSON.stringify(body), { status: 200 })
    })
    const { cities } = await api.get('/_api/cities', { countryId: 7 })
    expect(seen).toEqual(['/_api/cities?countryId=7'])
    // The answer's type is the contract's: a Date, not a string.
    const created: Date = cities[0]!.createdAt
    expect(created).toBeInstanceOf(Date)
    // @ts-expect-error an input the call does not declare fails the compiler
    void (() => api.get('/_api/cities', { country: 'Sénégal' }))
    // @ts-expect-error a path no call declares fails the compiler
    void (() => api.get('/_api/citiez'))
    // @ts-expect-error a POST call is not a GET
    void (() => api.get('/_api/orders/create'))
  })

  it('leaves an unset filter (undefined, null, empty) out of the query string', async () => {
    const seen: string[] = []
    vi.stubGlobal('fetch', async (url: string) => {
      seen.push(url)
      return new Response(JSON.stringify(superjson.serialize({ orders: [], total: 0 })), { status: 200 })
    })
    await api.get('/_api/admin/orders', {
      search: '',
      status: undefined,
      cityId: null,
      zoneId: 0,
      page: 2,
      limit: 15,
    })
    expect(seen).toEqual(['/_api/admin/orders?zoneId=0&page=2&limit=15'])
  })

  it('sends a POST call’s input as its JSON body, with the caller’s headers', async () => {
    const seen: { url: string; init: RequestInit }[] = []
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      seen.push({ url, init })
      return new Response(JSON.stringify(superjson.serialize({ success: true })), { status: 200 })
    })
    const input = {
      items: [{ productId: 1, quantity: 2 }],
      deliveryAddress: 'Rue 1',
      deliveryCity: 'Dakar',
      deliveryCountry: 'Sénégal',
      deliveryPhone: '+221770000000',
      zoneId: 3,
    }
    await api.post('/_api/orders/create', input, { headers: { 'Idempotency-Key': 'k-1' } })
    expect(seen[0]!.url).toBe('/_api/orders/create')
    expect(seen[0]!.init).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Idempotency-Key': 'k-1' },
    })
    expect(JSON.parse(seen[0]!.init.body as string)).toEqual(input)
  })

  it('reads an auth call’s plain JSON answer', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ success: true }), { status: 200 }))
    const answer = await api.post('/_api/auth/logout')
    expect(answer.success).toBe(true)
  })
})
