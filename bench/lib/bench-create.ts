import type { CreateResult, Options } from './bench-set'
import { drain, login } from './bench-server'
import type { LoadResult } from './load-worker'
import { combine, runLoad, type memorySampler } from './runner'
import type { CreatePayload } from './targets'

/**
 * Checkouts under load (`npm run bench`, on each data set that asks for them): the bench's
 * clients sign in, one order is probed, then a warm-up and the turns, each acknowledged order
 * counted so that bench/lib/bench-set.ts checks that every one was stored.
 */
export async function benchCreate(
  base: string,
  payloads: CreatePayload[],
  opts: Options,
  mem: ReturnType<typeof memorySampler>,
  log: (l: string) => void,
): Promise<CreateResult> {
  const clients = await Promise.all(
    payloads.map(async (p) => ({ cookie: await login(base, p.email), body: p.body })),
  )
  const probe = await fetch(`${base}/_api/orders/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: clients[0]!.cookie },
    body: clients[0]!.body,
  })
  if (!probe.ok) return { skipped: `answered ${probe.status}: ${(await probe.text()).slice(0, 160)}` }
  const spec = (duration: number) => ({
    url: base,
    path: '/_api/orders/create',
    method: 'POST' as const,
    connections: opts.connections,
    duration,
    headers: {},
    clients,
  })
  // As for the reads: a warm-up, then the turns, their figures the mean of the turns. Every
  // order acknowledged in any of them (warm-up included) must be stored.
  let created = 1 // the probe above
  if (opts.warmup > 0) created += (await runLoad(spec(opts.warmup))).statusCodes['201'] ?? 0
  await drain(base)
  mem.takeWindow()
  const turns: LoadResult[] = []
  for (let i = 0; i < opts.rounds; i++) {
    turns.push(await runLoad(spec(opts.duration)))
    await drain(base)
  }
  const load = combine(turns)
  const rssMb = mem.takeWindow()
  const seconds = opts.duration * opts.rounds
  // A 200 is a retried key answering its first order: only 201s are new orders.
  const acknowledged = created + (load.statusCodes['201'] ?? 0)
  log(
    `  orders/create: ${(load.ok / seconds).toFixed(0)} orders/s, p99 ${load.p99} ms, ${rssMb.toFixed(0)} MB`,
  )
  return { load, acknowledged, rssMb, seconds }
}
