/** Answers of one kind of request within a mixed load (load-worker.ts's `mix`): their count, latencies and statuses. */
export type PartResult = {
  total: number
  p50: number
  p99: number
  max: number
  statusCodes: Record<string, number>
}

/** The value at quantile q (0–1) of latencies sorted in ascending order: the smallest with at least q of them at or below it. */
export function quantile(sorted: readonly number[], q: number) {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
}

/** Collects the answers of a mixed load, by label. */
export function partsRecorder() {
  const parts = new Map<string, { times: number[]; statusCodes: Record<string, number> }>()
  return {
    record(label: string, status: number, ms: number) {
      const part = parts.get(label) ?? { times: [], statusCodes: {} }
      parts.set(label, part)
      part.times.push(ms)
      part.statusCodes[status] = (part.statusCodes[status] ?? 0) + 1
    },
    result(): Record<string, PartResult> {
      return Object.fromEntries(
        [...parts].map(([label, { times, statusCodes }]) => {
          const sorted = [...times].sort((a, b) => a - b)
          return [
            label,
            {
              total: sorted.length,
              p50: quantile(sorted, 0.5),
              p99: quantile(sorted, 0.99),
              max: sorted.at(-1) ?? 0,
              statusCodes,
            },
          ]
        }),
      )
    },
  }
}

/** Answers with a 5xx status, from autocannon's counts by status. */
export const serverErrors = (statusCodes: Record<string, number>) =>
  Object.entries(statusCodes).reduce((n, [code, count]) => (code.startsWith('5') ? n + count : n), 0)
