import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { SENT } from '@/server/http/sent'

/**
 * Sends CSV pieces as they are made: the stream asks for the next piece only when the socket
 * has taken the last ones, so a slow download holds one batch in memory, not the whole file.
 */
export function sendCsv(reply: FastifyReply, name: string, pieces: AsyncGenerator<string>) {
  const day = new Date().toISOString().slice(0, 10)
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .send(Readable.from(pieces, { objectMode: false, highWaterMark: 1 }))
  return SENT
}
