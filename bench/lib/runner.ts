import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { LoadResult, LoadSpec } from './load-worker'

const worker = resolve(dirname(fileURLToPath(import.meta.url)), 'load-worker.ts')
const dir = mkdtempSync(join(tmpdir(), 'etal-bench-'))
let seq = 0

/** Runs autocannon in a child process and returns its summary. */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const file = join(dir, `spec-${++seq}.json`)
  writeFileSync(file, JSON.stringify(spec))
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', worker, file], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.on('error', reject)
    child.on('exit', (code) => {
      rmSync(file, { force: true })
      if (code !== 0) return reject(new Error(`load worker exited with ${code}`))
      try {
        resolvePromise(JSON.parse(out.trim().split('\n').pop()!) as LoadResult)
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)))
      }
    })
  })
}

/** Samples this process's RSS (the app, its PGlite if any, the bare server) every 200 ms. */
export function memorySampler() {
  let peak = 0
  let windowPeak = 0
  const timer = setInterval(() => {
    const rss = process.memoryUsage.rss()
    peak = Math.max(peak, rss)
    windowPeak = Math.max(windowPeak, rss)
  }, 200)
  timer.unref()
  return {
    /** Peak since the last call, in MB. */
    takeWindow() {
      const v = Math.max(windowPeak, process.memoryUsage.rss())
      windowPeak = 0
      return v / 1048576
    },
    peakMb: () => Math.max(peak, process.memoryUsage.rss()) / 1048576,
    stop: () => clearInterval(timer),
  }
}

/** Several turns of one load: the mean of their throughput and latencies. */
export function combine(runs: LoadResult[]): LoadResult {
  const mean = (f: (r: LoadResult) => number) => runs.reduce((a, r) => a + f(r), 0) / runs.length
  const sum = (f: (r: LoadResult) => number) => runs.reduce((a, r) => a + f(r), 0)
  const codes: Record<string, number> = {}
  for (const r of runs) for (const [k, v] of Object.entries(r.statusCodes)) codes[k] = (codes[k] ?? 0) + v
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
  }
}
