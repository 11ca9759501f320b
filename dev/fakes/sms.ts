import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A fake of the SMS provider (decision 0048) speaking Infobip's protocol as sms.ts uses it:
 * `POST /sms/3/messages` with `Authorization: App <key>`, answered as Infobip answers
 * (`{ bulkId, messages: [{ messageId, destination, status: { groupName: 'PENDING', … } }] }`),
 * 401 for a wrong key, 400 for a body without a destination or a text. What it received is kept
 * in `inbox`, for the tests (tests/api/accounts-reset.test.ts) and for a demo (`npm run sms:fake`).
 */
export type FakeSms = { to: string; text: string; sender: string; messageId: string }

export async function startFakeSmsProvider(opts: { apiKey?: string; port?: number } = {}) {
  const apiKey = opts.apiKey ?? 'fake-key'
  const inbox: FakeSms[] = []
  /** Set by a test: the status the next sends get (e.g. 'REJECTED'), or an HTTP status to answer. */
  const behaviour: { rejectWith?: string; httpStatus?: number } = {}
  let seq = 0
  const server: Server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (req.method !== 'POST' || req.url !== '/sms/3/messages') return answer(404, {})
    if (req.headers.authorization !== `App ${apiKey}`)
      return answer(401, {
        requestError: { serviceException: { messageId: 'UNAUTHORIZED', text: 'Invalid login details' } },
      })
    let raw = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => (raw += c))
    req.on('end', () => {
      if (behaviour.httpStatus) return answer(behaviour.httpStatus, {})
      type Body = {
        messages?: {
          sender?: string
          destinations?: { to?: string; messageId?: string }[]
          content?: { text?: string }
        }[]
      }
      let body: Body
      try {
        body = JSON.parse(raw) as Body
      } catch {
        return answer(400, {
          requestError: { serviceException: { messageId: 'BAD_REQUEST', text: 'Bad JSON' } },
        })
      }
      const out: unknown[] = []
      for (const m of body.messages ?? []) {
        const text = m.content?.text
        if (!text || !m.destinations?.length)
          return answer(400, {
            requestError: { serviceException: { messageId: 'BAD_REQUEST', text: 'Invalid message' } },
          })
        for (const d of m.destinations) {
          const messageId = d.messageId ?? `fake-${++seq}`
          if (!behaviour.rejectWith) inbox.push({ to: d.to ?? '', text, sender: m.sender ?? '', messageId })
          out.push({
            messageId,
            destination: d.to,
            status: behaviour.rejectWith
              ? {
                  groupId: 5,
                  groupName: 'REJECTED',
                  id: 6,
                  name: behaviour.rejectWith,
                  description: 'Rejected',
                }
              : {
                  groupId: 1,
                  groupName: 'PENDING',
                  id: 26,
                  name: 'PENDING_ACCEPTED',
                  description: 'Message sent to next instance',
                },
          })
        }
      }
      answer(200, { bulkId: `bulk-${seq}`, messages: out })
    })
  })
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    inbox,
    behaviour,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
