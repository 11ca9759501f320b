/**
 * `npx tsx bench/lib/cpu-profile.ts FILE.cpuprofile [top]`: where a server's CPU time went, from
 * the profile `node --cpu-prof` writes (BENCH_SERVER_FLAGS of bench/reads-ratio.ts): self time by
 * function and by where the code lives (a package of node_modules, node's own, the app's source),
 * and total time (self and callees) of the app's functions and the packages' entry points.
 */
import { readFileSync } from 'node:fs'

type Frame = { functionName: string; url: string; lineNumber: number }
type Node = { id: number; callFrame: Frame; children?: number[] }
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] }

/**
 * Only the samples taken while HTTP requests were being answered, from the first second in which
 * most of the busy time was under node:http's parser to the last: the start-up (loading the code,
 * opening the database) and the shutdown left out.
 */
export function underLoad(profile: Profile): Profile {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const http = new Map<number, boolean>()
  const isHttp = (id: number): boolean => {
    let v = http.get(id)
    if (v === undefined) {
      const n = byId.get(id)!
      const p = parent.get(id)
      v =
        /parserOnIncoming|processTicksAndRejections|onStreamRead/.test(n.callFrame.functionName) ||
        (p !== undefined && isHttp(p))
      http.set(id, v)
    }
    return v
  }
  let t = 0
  const seconds = new Map<number, { busy: number; http: number }>()
  const at: number[] = []
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0
    at.push(t)
    if (byId.get(id)!.callFrame.functionName === '(idle)') return
    const s = seconds.get(Math.floor(t / 1e6)) ?? { busy: 0, http: 0 }
    s.busy += profile.timeDeltas[i] ?? 0
    if (isHttp(id)) s.http += profile.timeDeltas[i] ?? 0
    seconds.set(Math.floor(t / 1e6), s)
  })
  const loaded = [...seconds].filter(([, s]) => s.busy > 300_000 && s.http > 0.6 * s.busy).map(([k]) => k)
  if (!loaded.length) return profile
  const from = Math.min(...loaded) * 1e6
  const to = (Math.max(...loaded) + 1) * 1e6
  const keep = profile.samples.map((_, i) => at[i]! >= from && at[i]! < to)
  return {
    nodes: profile.nodes,
    samples: profile.samples.filter((_, i) => keep[i]),
    timeDeltas: profile.timeDeltas.filter((_, i) => keep[i]),
  }
}

/** Where a frame's code lives: a package, node's own code, the app (its path from src/), or the engine. */
export function placeOf(url: string): string {
  if (!url) return '(engine: gc, idle, native)'
  if (url.startsWith('node:')) return 'node'
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return pkg[1]!
  const src = /\/(src\/.*|dist\/server\/.*)$/.exec(url)
  return src ? src[1]! : url
}

export function summarize(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const selfUs = new Map<number, number>()
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
  const label = (f: Frame) =>
    `${f.functionName || '(anonymous)'} ${placeOf(f.url)}${f.url ? `:${f.lineNumber + 1}` : ''}`
  const self = new Map<string, number>()
  const places = new Map<string, number>()
  const total = new Map<string, number>()
  let all = 0
  let idle = 0
  for (const [id, us] of selfUs) {
    const n = byId.get(id)!
    all += us
    if (n.callFrame.functionName === '(idle)') {
      idle += us
      continue
    }
    self.set(label(n.callFrame), (self.get(label(n.callFrame)) ?? 0) + us)
    const place = placeOf(n.callFrame.url)
    places.set(place, (places.get(place) ?? 0) + us)
    // Total: each function once per stack (recursion counted once).
    const seen = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = label(byId.get(at)!.callFrame)
      if (seen.has(key)) continue
      seen.add(key)
      total.set(key, (total.get(key) ?? 0) + us)
    }
  }
  return { all, idle, self, places, total }
}

if (process.argv[1]?.endsWith('cpu-profile.ts')) {
  const file = process.argv[2]
  if (!file) throw new Error('usage: cpu-profile.ts FILE.cpuprofile [top]')
  const top = Number(process.argv[3] ?? 40)
  const { all, idle, self, places, total } = summarize(
    underLoad(JSON.parse(readFileSync(file, 'utf8')) as Profile),
  )
  const busy = all - idle
  const pct = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)}%`
  const list = (m: Map<string, number>, n: number) =>
    [...m]
      .filter(([k]) => !k.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `  ${pct(us)}  ${k}`)
      .join('\n')
  console.log(
    `busy ${(busy / 1e6).toFixed(2)} s of ${(all / 1e6).toFixed(2)} s profiled (shares of busy time)`,
  )
  console.log(`\nself time by place:\n${list(places, 25)}`)
  console.log(`\nself time by function:\n${list(self, top)}`)
  console.log(`\ntotal time by function:\n${list(total, top)}`)
}
