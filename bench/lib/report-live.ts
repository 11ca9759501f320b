import type { LiveResult } from './live-streams'
import type { Report } from './report'
import type { LoadResult } from './load-worker'
import { answered, databaseName, f0, f1, latency, ms, passFail } from './report-format'
import { serverErrors } from './latency'

/** The live streams' part of the bench's report (decision 0046): budgets, verdict, section. */
/** The live streams' budgets (decision 0046): the RSS a stream may add, settled, and how much slower the order write may be with them open. */
export const LIVE_KB_PER_STREAM = 100
export const LIVE_P99_RATIO = 1.5

/** The order write's p99 without streams: the mean of the turns before and after them. */
const liveBaseP99 = (l: LiveResult) => (l.before!.p99 + l.after!.p99) / 2

/**
 * Whether the live streams meet their budgets: every stream opened and was sent the probe order
 * and every order acknowledged while it was open; the settled RSS grew by at most
 * LIVE_KB_PER_STREAM a stream; the order write's p99 with them at most LIVE_P99_RATIO × without.
 */
export function liveVerdict(l: LiveResult) {
  if (!l.before || !l.with || !l.after || l.rssWithMb === undefined || l.rssWithoutMb === undefined)
    return { ok: false, kbPerStream: NaN, ratio: NaN }
  const kbPerStream = ((l.rssWithMb - l.rssWithoutMb) * 1024) / l.streams
  const base = liveBaseP99(l)
  const ratio = base > 0 ? l.with.p99 / base : NaN
  const everyStream =
    l.opened === l.streams &&
    l.probe?.delivered === l.streams &&
    (l.createdPerStream?.min ?? 0) >= (l.acknowledgedWhileOpen ?? Infinity)
  const writesOk = [l.before, l.with, l.after].every(
    (t) => answered(t) && serverErrors(t.statusCodes) === 0 && t.errors + t.timeouts === 0,
  )
  const ok = everyStream && writesOk && kbPerStream <= LIVE_KB_PER_STREAM && ratio <= LIVE_P99_RATIO
  return { ok, kbPerStream, ratio }
}

const liveGoal = (streams: number) =>
  `${streams} staff live streams: RSS ≤ ${LIVE_KB_PER_STREAM} KB more a stream, orders/create p99 with them ≤ ${LIVE_P99_RATIO}× without, every stream sent every order`

function liveMeasured(l: LiveResult) {
  const { kbPerStream, ratio } = liveVerdict(l)
  return `${l.opened}/${l.streams} open; RSS ${f0(l.rssWithoutMb!)} → ${f0(l.rssWithMb!)} MB (${f1(kbPerStream)} KB a stream); p99 ${latency(l.with!)} with vs ${ms(liveBaseP99(l))} ms without (${f1(ratio)}×); probe order sent to ${l.probe?.delivered ?? 0}/${l.streams}; 'created' events per stream ${l.createdPerStream?.min}–${l.createdPerStream?.max} for ${l.acknowledgedWhileOpen} orders acknowledged`
}

export function liveTargets(rep: Report) {
  const l = rep.small.live
  if (!l) return []
  if (!l.with) return [`| ${liveGoal(l.streams)} | ${l.skipped ?? 'not run'} | not measured |`]
  return [`| ${liveGoal(l.streams)} | ${liveMeasured(l)} | ${passFail(liveVerdict(l).ok)} |`]
}

export const LIVE_START = '<!-- bench:live start -->'
export const LIVE_END = '<!-- bench:live end -->'

/** The live streams' section, between its markers (kept by a run that does not measure them). */
export function liveSection(
  l: LiveResult | undefined,
  at: { date: string; commit: string; kind: string; orders: number; loadAverage?: string },
) {
  if (!l) return ''
  const lines = [
    LIVE_START,
    `## ${l.streams} staff live streams (\`GET /_api/live/orders\`, decision 0046)`,
    '',
    `- Date: ${at.date}; commit ${at.commit}; ${databaseName(at.kind)}, the ${at.orders.toLocaleString('en')}-order server${at.loadAverage ? `; ${at.loadAverage}` : ''}.`,
    `- ${l.streams} server-sent event streams opened at once, as many staff browsers after a restart (a session each, of the admin of the country where the clients order: root's and the super admin's sign-in ask for an authenticator's code, docs/decisions/0053), read as EventSource reads them, by the bench's process. RSS "settled": the median of ten samples over a second, before the streams (after the first write turns) and with them open (before their write turns).`,
    `- The order write as the checkout figure sends it (${'`POST /_api/orders/create`'}, the clients' connections at full speed): ${'a warm-up'}, then turns without streams, with them, and without them again; "without" is the mean p99 of the turns before and after, so that a slow spell of this shared machine, or the server's drift, falls on both sides. Then a probe order: every stream must be sent its \`created\` event, and every order acknowledged while it was open.`,
    `- Budgets: the settled RSS grows by at most ${LIVE_KB_PER_STREAM} KB a stream; orders/create's p99 with the streams at most ${LIVE_P99_RATIO}× without; no 5xx or error; every stream sent every order. The server's memory with them counts in "server memory < 250 MB" (Targets).`,
    '',
  ]
  if (!l.with) lines.push(`Not measured: ${l.skipped ?? 'not run'}.`)
  else {
    const { ok } = liveVerdict(l)
    const turn = (t: LoadResult) =>
      `${latency(t)} p99, ${ms(t.p50)} ms p50, ${f0(t.reqPerSec)} orders/s, ${JSON.stringify(t.statusCodes)}${t.errors + t.timeouts ? `, ${t.errors + t.timeouts} errors` : ''}`
    lines.push(
      '| measured | value |',
      '|---|---|',
      `| streams open | ${l.opened}/${l.streams}${l.refused ? ` (refused: ${JSON.stringify(l.refused)})` : ''} |`,
      `| server RSS, settled: without streams → with them | ${f1(l.rssWithoutMb!)} → ${f1(l.rssWithMb!)} MB (${f1(liveVerdict(l).kbPerStream)} KB a stream) |`,
      `| server peak RSS during the write turns with the streams | ${f0(l.rssPeakWithMb ?? 0)} MB |`,
      `| orders/create before the streams | ${turn(l.before!)} |`,
      `| orders/create with ${l.streams} streams | ${turn(l.with)} |`,
      `| orders/create after the streams | ${turn(l.after!)} |`,
      `| p99 with ÷ without | ${f1(liveVerdict(l).ratio)}× |`,
      `| probe order's event | sent to ${l.probe?.delivered ?? 0}/${l.streams} streams${l.probe ? ` within ${f0(l.probe.ms)} ms of its request` : ' (not placed)'} |`,
      `| \`created\` events per stream while open | ${l.createdPerStream?.min}–${l.createdPerStream?.max}, for ${l.acknowledgedWhileOpen} orders acknowledged (201) |`,
      `| load average (1 minute) when done | ${l.loadAverage === undefined ? '' : f1(l.loadAverage)} |`,
      `| budgets | ${passFail(ok)} |`,
    )
  }
  lines.push(LIVE_END)
  return `${lines.join('\n')}\n`
}

/** A file with its live streams' section replaced by `section`, or added at its end. */
export function withLiveSection(file: string, section: string) {
  const start = file.indexOf(LIVE_START)
  const end = file.indexOf(LIVE_END)
  if (start >= 0 && end > start) return file.slice(0, start) + section + file.slice(end + LIVE_END.length + 1)
  return `${file.trimEnd()}\n\n${section}`
}

/** The live streams' section of a file, if it has one. */
export function liveSectionOf(file: string | undefined) {
  if (!file) return undefined
  const start = file.indexOf(LIVE_START)
  const end = file.indexOf(LIVE_END)
  return start >= 0 && end > start ? file.slice(start, end + LIVE_END.length) + '\n' : undefined
}
