/** How the bench's report writes its numbers (report.ts, report-live.ts). */
export const f0 = (n: number) => n.toFixed(0)
export const f1 = (n: number) => n.toFixed(1)
export const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(0))
export const rowsNote = (n: number | undefined) => (n === undefined ? '' : ` (${n} row${n === 1 ? '' : 's'})`)
export const passFail = (ok: boolean) => (ok ? '**pass**' : '**FAIL**')
/** A turn in which no answer came back has no latency to show: it fails every latency target. */
export const answered = (r: { total: number } | undefined) => !!r && r.total > 0
export const latency = (r: { total: number; p99: number }) =>
  answered(r) ? `${ms(r.p99)} ms` : 'no answer within the turn'
export const databaseName = (kind: string) =>
  kind === 'postgres' ? 'PostgreSQL' : kind === 'pglite' ? 'PGlite, the default database' : kind
