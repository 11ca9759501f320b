import { fork, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PartResult } from './latency'
import type { LoadResult, LoadSpec } from './load-worker'

const workerPath = resolve(dirname(fileURLToPath(import.meta.url)), 'load-worker.ts')
let worker: ChildProcess | undefined
let seq = 0
const waiting = new Map<number, { ok: (r: LoadResult) => void; fail: (e: Error) => void }>()

/** Runs autocannon in the load process (started once, kept for every run) and returns its summary. */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  if (!worker) {
    worker = fork(workerPath, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    worker.on('message', (msg: { id: number; result?: LoadResult; error?: string }) => {
      const w = waiting.get(msg.id)
      waiting.delete(msg.id)
      if (msg.result) w?.ok(msg.result)
      else w?.fail(new Error(msg.error ?? 'load worker failed'))
    })
    worker.on('exit', (code) => {
      for (const w of waiting.values()) w.fail(new Error(`load worker exited with ${code}`))
      waiting.clear()
      worker = undefined
    })
  }
  const id = ++seq
  return new Promise((ok, fail) => {
    waiting.set(id, { ok, fail })
    worker!.send({ id, spec })
  })
}

/** Ends the load process. */
export function stopLoadWorker() {
  worker?.kill()
  worker = undefined
}

/** Resident memory of a process and its children (a cluster's workers), in bytes; 0 once gone. */
function treeRss(pid: number): number {
  let total = 0
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024
    for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean))
      total += treeRss(Number(child))
  } catch {
    // The process is gone.
  }
  return total
}

/** The resident memory of a process and its children now, in MB (0 once gone). */
export const currentRssMb = (pid: number) => treeRss(pid) / 1048576

/** Samples the server's resident memory (with its workers, if any) every 100 ms. */
export function memorySampler(pid: number) {
  let peak = 0
  let windowPeak = 0
  const sample = () => {
    const rss = treeRss(pid)
    peak = Math.max(peak, rss)
    windowPeak = Math.max(windowPeak, rss)
    return rss
  }
  const timer = setInterval(sample, 100)
  timer.unref()
  return {
    /** Peak since the last call, in MB. */
    takeWindow() {
      const v = Math.max(windowPeak, sample())
      windowPeak = 0
      return v / 1048576
    },
    peakMb: () => Math.max(peak, sample()) / 1048576,
    stop: () => clearInterval(timer),
  }
}

/** Several turns of one load: the mean of their throughput and latencies. */
export function combine(runs: LoadResult[]): LoadResult {
  const mean = (f: (r: LoadResult) => number) => runs.reduce((a, r) => a + f(r), 0) / runs.length
  const sum = (f: (r: LoadResult) => number) => runs.reduce((a, r) => a + f(r), 0)
  const codes: Record<string, number> = {}
  for (const r of runs) for (const [k, v] of Object.entries(r.statusCodes)) codes[k] = (codes[k] ?? 0) + v
  const labels = [...new Set(runs.flatMap((r) => Object.keys(r.parts ?? {})))]
  const parts = labels.length
    ? Object.fromEntries(labels.map((l) => [l, combineParts(runs.flatMap((r) => r.parts?.[l] ?? []))]))
    : undefined
  return {
    reqPerSec: mean((r) => r.reqPerSec),
    p50: mean((r) => r.p50),
    p99: mean((r) => r.p99),
    max: Math.max(...runs.map((r) => r.max)),
    total: sum((r) => r.total),
    ok: sum((r) => r.ok),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    bytesPerSec: mean((r) => r.bytesPerSec),
    statusCodes: codes,
    ...(parts ? { parts } : {}),
  }
}

/** One read of a mix over several turns, as `combine` does: latencies the mean of the turns, the worst maximum, counts summed. */
function combineParts(runs: PartResult[]): PartResult {
  const mean = (f: (r: PartResult) => number) => runs.reduce((a, r) => a + f(r), 0) / runs.length
  const codes: Record<string, number> = {}
  for (const r of runs) for (const [k, v] of Object.entries(r.statusCodes)) codes[k] = (codes[k] ?? 0) + v
  return {
    total: runs.reduce((a, r) => a + r.total, 0),
    p50: mean((r) => r.p50),
    p99: mean((r) => r.p99),
    max: Math.max(...runs.map((r) => r.max)),
    statusCodes: codes,
  }
}
