import superjson from 'superjson'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api, ApiError, REQUEST_TIMEOUT_MS, TIMEOUT_MESSAGE } from '../../src/client/lib/api'

/**
 * `api.upload` (docs/rules/catalogue.md#photos): the bytes with their progress, through XMLHttpRequest.
 * XMLHttpRequest is the network, outside the project: a stand-in records what is sent and
 * plays the upload's events.
 */
class FakeXhr {
  static last: FakeXhr
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: unknown
  status = 0
  responseText = ''
  withCredentials = false
  upload: { onprogress?: (e: object) => void; onload?: () => void } = {}
  onload?: () => void
  onloadend?: () => void
  onerror?: () => void
  onabort?: () => void
  constructor() {
    FakeXhr.last = this
  }
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: unknown) {
    this.body = body
  }
  abort() {
    this.onabort?.()
    this.onloadend?.()
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total })
  }
  answer(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
    this.onloadend?.()
  }
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const product = { id: 4, name: 'Filet', photo: { key: 'a'.repeat(32), width: 640, height: 480 } }

describe('api.upload', () => {
  it('sends the bytes as octet-stream, the input in the query string, and reports progress', async () => {
    const seen: number[] = []
    const file = new Blob([new Uint8Array(10)])
    const done = api.upload('/_api/admin/products/photo', { id: 4 }, file, {
      onProgress: (f) => seen.push(f),
    })
    const xhr = FakeXhr.last
    expect([xhr.method, xhr.url, xhr.headers['content-type'], xhr.body]).toEqual([
      'POST',
      '/_api/admin/products/photo?id=4',
      'application/octet-stream',
      file,
    ])
    xhr.progress(4, 10)
    xhr.progress(10, 10)
    xhr.answer(200, superjson.serialize({ product }))
    expect((await done).product.photo?.width).toBe(640)
    expect(seen).toEqual([0.4, 1, 1])
    // @ts-expect-error an upload call is not sent as JSON
    void (() => api.post('/_api/admin/products/photo', { id: 4 }))
  })

  it("gives the server's French refusal as the error", async () => {
    const done = api.upload('/_api/admin/products/photo', { id: 4 }, new Blob(['x']))
    FakeXhr.last.answer(400, { error: "Ce fichier n'est pas une image.", code: 'BAD_REQUEST' })
    await expect(done).rejects.toMatchObject({ message: "Ce fichier n'est pas une image.", status: 400 })
  })

  it('gives up only when nothing has moved for REQUEST_TIMEOUT_MS, however long the whole', async () => {
    const done = api.upload('/_api/admin/products/photo', { id: 4 }, new Blob(['x']))
    const failed = done.catch((e: unknown) => e)
    const xhr = FakeXhr.last
    for (let i = 1; i <= 10; i++) {
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1_000)
      xhr.progress(i, 100)
    }
    expect(await Promise.race([failed, Promise.resolve('still going')])).toBe('still going')
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS)
    const error = await failed
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toBe(TIMEOUT_MESSAGE)
  })
})
