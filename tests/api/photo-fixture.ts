import sharp from 'sharp'

let sample: Promise<Buffer> | undefined
/** A valid photo for the suites that call every endpoint with a valid input. */
export const samplePhoto = () =>
  (sample ??= sharp({ create: { width: 320, height: 240, channels: 3, background: '#844' } })
    .jpeg()
    .toBuffer())

/** An upload call (its input in the query string, a photo as its body), as the kernel wants it. */
export async function uploadRequest(url: string, input: Record<string, unknown>) {
  const qs = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)])).toString()
  return {
    method: 'POST' as const,
    url: qs ? `${url}?${qs}` : url,
    payload: await samplePhoto(),
    headers: { 'content-type': 'application/octet-stream' },
  }
}
