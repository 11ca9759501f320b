import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorCodes } from '../../src/shared/calls/errors'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * docs/security/outside-attack.md item 9: every refusal, whoever makes it, is `{ error, code }` in French
 * (docs/rules/api.md#answers). Node's own parser answered `{"error":"Bad Request","message":
 * "Client Error"}` to a control character in a header and an English 431 to a 100 KB URL; these
 * are sent here as raw bytes on a socket, as an attacker would, to the app listening on a port.
 */
let t: TestApp
let port: number
beforeAll(async () => {
  t = await createTestApp()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
})
afterAll(() => t.close())

type Raw = { status: number; headers: Record<string, string>; body: string }

/** Sends these bytes and reads the whole answer (the server closes the connection after it). */
function raw(bytes: string | Buffer): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('data', (c) => chunks.push(c))
    socket.on('error', () => undefined)
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const [head = '', ...rest] = text.split('\r\n\r\n')
      const [statusLine = '', ...lines] = head.split('\r\n')
      const status = Number(statusLine.split(' ')[1])
      if (!status) return reject(new Error(`no answer: ${JSON.stringify(text.slice(0, 200))}`))
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      )
      resolve({ status, headers, body: rest.join('\r\n\r\n') })
    })
    socket.end(bytes)
  })
}

const request = (line: string, headers: string[] = [], body = '') =>
  `${line}\r\nHost: 127.0.0.1\r\n${headers.map((h) => `${h}\r\n`).join('')}Connection: close\r\n\r\n${body}`

/** A French `{ error, code }`: a known code, and a message with no English of Node's or Fastify's. */
function expectFrench(answer: Raw, status: number, code?: string) {
  expect(answer.status, answer.body).toBe(status)
  expect(answer.headers['content-type']).toMatch(/^application\/json/)
  const body = JSON.parse(answer.body) as { error: string; code: string }
  expect(Object.keys(body).sort()).toEqual(['code', 'error'])
  expect(errorCodes).toContain(body.code)
  if (code) expect(body.code).toBe(code)
  expect(body.error).not.toMatch(
    /Bad Request|Client Error|Not Found|Too Large|Exceeded|Unsupported|not allowed|Method|Payload/i,
  )
  expect(body.error).toMatch(/[a-zé]/)
  return body
}

describe("Node's parser refusals (raw bytes)", () => {
  it('a control character in a header value: a French 400', async () => {
    const answer = await raw(request('GET /_api/countries HTTP/1.1', ['X-Note: a\u0001b']))
    expect(expectFrench(answer, 400, 'BAD_REQUEST').error).toBe('Requête mal formée.')
  })

  it('a NUL and a DEL in a header name', async () => {
    expectFrench(await raw(request('GET / HTTP/1.1', ['X-\u0000: 1'])), 400, 'BAD_REQUEST')
    expectFrench(await raw('GET / HTTP/1.1\r\nHost: x\r\nX\u007f: 1\r\n\r\n'), 400, 'BAD_REQUEST')
  })

  it('a broken request line and an unknown method', async () => {
    expectFrench(await raw('NOT A REQUEST\r\n\r\n'), 400, 'BAD_REQUEST')
    expectFrench(await raw(request('FROB / HTTP/1.1')), 400, 'BAD_REQUEST')
  })

  it('a 100 KB URL: a French 431', async () => {
    const answer = await raw(request(`GET /products?q=${'a'.repeat(100 * 1024)} HTTP/1.1`))
    expect(expectFrench(answer, 431, 'HEADERS_TOO_LARGE').error).toBe(
      "L'adresse ou les en-têtes de la requête sont trop longs.",
    )
  })

  it('headers past 16 KB: a French 431', async () => {
    const headers = Array.from({ length: 40 }, (_, i) => `X-Pad-${i}: ${'b'.repeat(1000)}`)
    expectFrench(await raw(request('GET /_api/countries HTTP/1.1', headers)), 431, 'HEADERS_TOO_LARGE')
  })

  it('a Content-Length that is not a number', async () => {
    expectFrench(
      await raw(request('POST /_api/contact HTTP/1.1', ['Content-Length: dix'], '{}')),
      400,
      'BAD_REQUEST',
    )
  })
})

describe("Fastify's own refusals", () => {
  it('404 on an unknown API path, an unknown file, and a method no route has', async () => {
    expectFrench(await raw(request('GET /_api/nothing-here HTTP/1.1')), 404, 'NOT_FOUND')
    expectFrench(await raw(request('GET /assets/none.js HTTP/1.1')), 404, 'NOT_FOUND')
    expectFrench(await raw(request('DELETE /_api/countries HTTP/1.1')), 404, 'NOT_FOUND')
    expectFrench(await raw(request('PUT /products HTTP/1.1', ['Content-Length: 0'])), 404, 'NOT_FOUND')
    expectFrench(await raw(request('PROPFIND /_api/countries HTTP/1.1')), 404, 'NOT_FOUND')
  })

  it('a URL whose percent-encoding is broken', async () => {
    const broken = await raw(request('GET /_api/%E0%A4%A HTTP/1.1'))
    expect(expectFrench(broken, 400, 'BAD_REQUEST').error).toBe("L'adresse demandée est invalide.")
    expect(broken.headers['x-content-type-options']).toBe('nosniff')
    expectFrench(await raw(request('GET /images/products/%zz/320.webp HTTP/1.1')), 400)
  })

  it('413 past the body limit, 415 for a form, 400 for broken JSON', async () => {
    const big = JSON.stringify({ message: 'x'.repeat(200 * 1024) })
    expectFrench(
      await raw(
        request(
          'POST /_api/contact HTTP/1.1',
          ['Content-Type: application/json', `Content-Length: ${big.length}`],
          big,
        ),
      ),
      413,
      'PAYLOAD_TOO_LARGE',
    )
    expectFrench(
      await raw(
        request(
          'POST /_api/contact HTTP/1.1',
          ['Content-Type: application/x-www-form-urlencoded', 'Content-Length: 3'],
          'a=1',
        ),
      ),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    )
    expectFrench(
      await raw(
        request(
          'POST /_api/contact HTTP/1.1',
          ['Content-Type: application/json', 'Content-Length: 5'],
          '{"a":',
        ),
      ),
      400,
      'INVALID_JSON',
    )
  })
})
