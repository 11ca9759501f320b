import { loadavg } from 'node:os'
import { fetchRaw } from './bare-server'
import { combine, runLoad } from './runner'
import type { Options, ServedSet } from './bench-set'
import { drain, login } from './bench-server'
import type { LoadResult } from './load-worker'
import type { Caller } from './targets'

// The admin crowd of `npm run bench` (bench/lib/bench-set.ts measures the data sets, then this).

/** One read of a crowd's mix: a read of the data set, as this caller. */
export type CrowdRead = { label: string; path: string; as: Caller }
/**
 * A crowd: `connections` readers of the admin order list sending the reads of its mix in turn
 * (docs/security/run-time.md "The overload guard and argon2"); `writesPerSec`: that many checkouts a
 * second alongside, each ending the answers PGlite keeps until the next write.
 */
export type CrowdResult = {
  name: string
  reads: CrowdRead[]
  writesPerSec?: number
  skipped?: string
  /** The turns together (latencies their mean, counts summed; `parts` by read). */
  load?: LoadResult
  /** Each turn apart: a target holds in every turn. */
  turns?: LoadResult[]
  /** Checkouts answered alongside, over the turns. */
  writes?: LoadResult
  rssMb?: number
  /** The machine's 1-minute load average once the turns are over (this bench's processes and any other work). */
  loadAverage?: number
}

/** The reads of the admin crowd (decision 0017): the list's first page, a status filter and a search, as root and as a country admin. */
export const crowdReadNames = [
  'admin/orders, first page (root)',
  'admin/orders ?status=pending',
  'admin/orders ?search=client name',
] as const

/**
 * The crowd of admin readers (decision 0017): `opts.connections` connections, each request the next
 * read of the mix (the list's first page, a status filter, a search; as root, then as an admin
 * of one country), a warm-up, then `opts.rounds` turns. Then the same crowd with one checkout a
 * second alongside, for information: each write ends the answers PGlite keeps (PGLITE_READ_CACHE).
 */
export async function benchCrowds(set: ServedSet, opts: Options, log = console.log) {
  const reads: CrowdRead[] = crowdReadNames.flatMap((name) => {
    const r = set.reads.find((x) => x.target.name === name)
    if (!r) return []
    const plain = name.replace(/ \(root\)$/, '')
    return (['root', 'admin'] as const).map((as) => ({ label: `${plain} (${as})`, path: r.target.path, as }))
  })
  const scenarios: { name: string; writesPerSec?: number }[] = [
    { name: `admin/orders mix, ${opts.connections} readers` },
    {
      name: `admin/orders mix, ${opts.connections} readers, one checkout a second alongside`,
      writesPerSec: 1,
    },
  ]
  log(`\n== crowd of admin readers at ${set.size.orders} orders`)
  for (const sc of scenarios) {
    const crowd: CrowdResult = {
      name: sc.name,
      reads,
      ...(sc.writesPerSec ? { writesPerSec: sc.writesPerSec } : {}),
    }
    set.crowds.push(crowd)
    const refused = await firstRefusal(set, reads)
    if (reads.length < 2 * crowdReadNames.length)
      crowd.skipped = "a read of the mix was not in the data set's reads"
    else if (refused) crowd.skipped = refused
    else if (sc.writesPerSec && set.crowdPayloads.length === 0) crowd.skipped = 'no client to order'
    if (crowd.skipped) {
      log(`  ${sc.name}: skipped (${crowd.skipped})`)
      continue
    }
    const writer = sc.writesPerSec
      ? {
          url: set.server.base,
          path: '/_api/orders/create',
          method: 'POST' as const,
          connections: 1,
          headers: {},
          rate: sc.writesPerSec,
          clients: await Promise.all(
            set.crowdPayloads.map(async (p) => ({
              cookie: await login(set.server.base, p.email),
              body: p.body,
            })),
          ),
        }
      : undefined
    const mix = reads.map((r) => ({ label: r.label, path: r.path, headers: set.headersFor(r.as) }))
    const turn = async (duration: number) => {
      const spec = {
        url: set.server.base,
        path: mix[0]!.path,
        method: 'GET' as const,
        connections: opts.connections,
        duration,
        headers: {},
        mix,
      }
      const [load, writes] = await Promise.all([
        runLoad(spec),
        writer ? runLoad({ ...writer, duration }) : undefined,
      ])
      await drain(set.server.base)
      return { load, writes }
    }
    if (opts.warmup > 0) await turn(opts.warmup)
    set.mem.takeWindow()
    const turns: Awaited<ReturnType<typeof turn>>[] = []
    for (let i = 0; i < opts.rounds; i++) turns.push(await turn(opts.duration))
    crowd.rssMb = set.mem.takeWindow()
    crowd.loadAverage = loadavg()[0]
    crowd.turns = turns.map((t) => t.load)
    crowd.load = combine(crowd.turns)
    if (writer) crowd.writes = combine(turns.map((t) => t.writes!))
    const l = crowd.load
    log(
      `  ${sc.name}: ${l.total} answers, ${l.reqPerSec.toFixed(0)} req/s, p99 ${crowd.turns.map((t) => t.p99).join(' / ')} ms, statuses ${JSON.stringify(l.statusCodes)}, errors ${l.errors + l.timeouts}, load average ${crowd.loadAverage?.toFixed(1)}${crowd.writes ? `; checkouts ${JSON.stringify(crowd.writes.statusCodes)}` : ''}`,
    )
  }
}

/** The first read of a mix that does not answer 200 once, alone: the crowd would measure a refusal. */
async function firstRefusal(set: ServedSet, reads: CrowdRead[]) {
  for (const r of reads) {
    const rec = await fetchRaw(set.server.base, r.path, set.headersFor(r.as))
    if (rec.status !== 200)
      return `${r.label} answered ${rec.status}: ${rec.body.toString('utf8').slice(0, 160)}`
  }
  return undefined
}
