/**
 * The pure parts of `npm run bench:campaign-rush` (bench/campaign-rush.ts): the figures of a
 * set of answers, the rules the database must show after the rush, and the section written into
 * bench/RESULTS.md (bench/RESULTS-pglite.md on PGlite). tests/unit/bench-rush.test.ts.
 */
import { quantile, serverErrors } from './latency'
import { f1, ms, passFail } from './report-format'

/** Answers' latencies (ms) and statuses; `allMs`: each round's time until its last answer. */
export type CallFigures = {
  n: number
  p50: number
  p99: number
  max: number
  statusCodes: Record<string, number>
  allMs: number[]
}

export function callFigures(answers: { status: number; ms: number }[], allMs: number[] = []): CallFigures {
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b)
  const statusCodes: Record<string, number> = {}
  for (const a of answers) statusCodes[a.status] = (statusCodes[a.status] ?? 0) + 1
  return {
    n: answers.length,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
    statusCodes,
    allMs,
  }
}

/** A reservation's row and its attempts, as the database holds them after the rush. */
export type ReservationBooks = {
  id: number
  status: string
  total: number
  amountPaid: number
  attempts: number
  paidAttempts: number
  /** What the paid attempts brought, all of it. */
  brought: number
  /** What is flagged to give back (`to_do`: its amount, or the whole attempt's). */
  flaggedBack: number
}

/**
 * docs/rules/campaigns.md#instalments: every attempt the provider paid is counted (none lost),
 * what the reservation records is what was accepted (all brought less what is flagged back), up
 * to its total and never past it; every franc over is flagged. Empty when all hold.
 */
export function booksBroken(b: ReservationBooks, expectPaidOff: boolean): string[] {
  const out: string[] = []
  const at = `reservation ${b.id}`
  if (b.paidAttempts !== b.attempts) out.push(`${at}: ${b.paidAttempts} of ${b.attempts} attempts paid`)
  if (b.amountPaid > b.total) out.push(`${at}: ${b.amountPaid} recorded paid, past its total ${b.total}`)
  if (b.brought - b.flaggedBack !== b.amountPaid)
    out.push(
      `${at}: accepted ${b.brought - b.flaggedBack} (brought ${b.brought}, flagged back ${b.flaggedBack}) ≠ recorded ${b.amountPaid}`,
    )
  if (b.amountPaid !== Math.min(b.total, b.brought))
    out.push(`${at}: recorded ${b.amountPaid}, should be ${Math.min(b.total, b.brought)}`)
  if (expectPaidOff && (b.status !== 'paid' || b.amountPaid !== b.total))
    out.push(`${at}: ${b.status}, ${b.amountPaid} of ${b.total} paid, not paid off`)
  return out
}

export const RUSH_START = '<!-- campaign-rush -->'
export const RUSH_END = '<!-- /campaign-rush -->'

export type RushReport = {
  date: string
  commit: string
  machine: string
  database: string
  server: string
  load: { start: string; end: string; max: number; cores: number }
  reserve: { alone: CallFigures; rush: CallFigures; rounds: number; clients: number }
  pay: {
    alone: CallFigures
    aloneSeenMs: number[]
    rush: CallFigures
    paidOffMs: number[]
    notifications: CallFigures
    rounds: number
    payers: number
    amount: number
    price: number
    deposit: number
  }
  rules: { rule: string; measured: string; ok: boolean }[]
  broken: string[]
}

const median = (v: number[]) =>
  quantile(
    [...v].sort((a, b) => a - b),
    0.5,
  )
const msText = (n: number) => `${ms(n)} ms`
const ratio = (a: number, b: number) => (b > 0 ? `${f1(a / b)}×` : '—')
const statusText = (codes: Record<string, number>) =>
  Object.entries(codes)
    .map(([s, n]) => `${s} × ${n}`)
    .join(', ')
const rounds = (v: number[]) => v.map(msText).join(', ')
const francs = (n: number) => `${n.toLocaleString('fr-FR').replace(/\u202f|\u00a0/g, ' ')} F`

/** The section bench/campaign-rush.ts writes, between its markers. */
export function renderRush(r: RushReport) {
  const { reserve: a, pay: b } = r
  const over = Math.max(0, b.deposit + b.payers * b.amount - b.price)
  return `${RUSH_START}
## The campaign rush (\`npm run bench:campaign-rush\`, bench/campaign-rush.ts)

- Date: ${r.date}
- Commit: ${r.commit}
- Machine: ${r.machine}; ${r.database}
- Server: ${r.server}
- \`uptime\` at the start: ${r.load.start}; at the end: ${r.load.end} (1-minute load at most ${f1(r.load.max)} on ${r.load.cores} cores${r.load.max > r.load.cores ? ': a loaded machine, read the ratios rather than the times' : ''}).
- (a) ${a.clients} signed-in clients (a session each, a connection each, opened before) send \`POST /_api/campaigns/reserve\` for the campaign's last available animal at the same instant; ${a.rounds} round(s), a new animal each. "Alone": ${a.alone.n} reservations one at a time, each client on an animal nobody else wants.
- (b) An animal of ${francs(b.price)}, its deposit of ${francs(b.deposit)} paid; then ${b.payers} payers holding its pay link (no session) send \`POST /_api/campaigns/pay\` for ${francs(b.amount)} each at the same instant (${francs(b.payers * b.amount)} for ${francs(b.price - b.deposit)} left), and all of them pay on the provider's page at the same moment: the Wave fake (dev/fakes/payments, in the bench's process, the server talking to it over HTTP as to Wave) notifies the shop, which asks the provider's status query before counting anything (docs/rules/money.md#payments). The pay link is read every 10 ms meanwhile; ${b.rounds} round(s), a new reservation each. "Alone": ${b.alone.n} instalments of 1 000 F one at a time on a reservation of their own, each waited for on the pay link.

| figure | alone | in the rush | rush ÷ alone |
|---|---|---|---|
| reserve the last animal: p50 | ${msText(a.alone.p50)} | ${msText(a.rush.p50)} | ${ratio(a.rush.p50, a.alone.p50)} |
| reserve the last animal: p99 (max) | ${msText(a.alone.p99)} (${msText(a.alone.max)}) | ${msText(a.rush.p99)} (${msText(a.rush.max)}) | ${ratio(a.rush.p99, a.alone.p99)} |
| reserve: until all ${a.clients} had their answer (median of the rounds; each round) | | ${msText(median(a.rush.allMs))} (${rounds(a.rush.allMs)}) | |
| reserve: answers | ${statusText(a.alone.statusCodes)} | ${statusText(a.rush.statusCodes)} | |
| pay-link instalment: p50 | ${msText(b.alone.p50)} | ${msText(b.rush.p50)} | ${ratio(b.rush.p50, b.alone.p50)} |
| pay-link instalment: p99 (max) | ${msText(b.alone.p99)} (${msText(b.alone.max)}) | ${msText(b.rush.p99)} (${msText(b.rush.max)}) | ${ratio(b.rush.p99, b.alone.p99)} |
| pay: until all ${b.payers} had their answer (median; each round) | | ${msText(median(b.rush.allMs))} (${rounds(b.rush.allMs)}) | |
| paid at the provider → the pay link shows it (alone: one instalment, median; rush: all ${b.payers} counted, each round) | ${msText(median(b.aloneSeenMs))} | ${msText(median(b.paidOffMs))} (${rounds(b.paidOffMs)}) | ${ratio(median(b.paidOffMs), b.payers * median(b.aloneSeenMs))} of ${b.payers} one after another |
| the shop's answer to a notification during the rushes: p50, p99 (${b.notifications.n}) | | ${msText(b.notifications.p50)}, ${msText(b.notifications.p99)} | |

| rule (docs/rules/campaigns.md#the-rush, #instalments) | measured | result |
|---|---|---|
${r.rules.map((x) => `| ${x.rule} | ${x.measured} | ${passFail(x.ok)} |`).join('\n')}
${r.broken.length ? `\nBroken:\n\n${r.broken.map((x) => `- ${x}`).join('\n')}\n` : ''}
Brought over the balance in each round, to be flagged to give back: ${francs(over)} (${francs(b.deposit)} + ${b.payers} × ${francs(b.amount)} − ${francs(b.price)}, at least 0).
${RUSH_END}
`
}

/** `file` with its campaign rush section replaced by `section` (appended when it had none). */
export function withRushSection(file: string, section: string) {
  const start = file.indexOf(RUSH_START)
  const end = file.indexOf(RUSH_END)
  if (start >= 0 && end > start) return file.slice(0, start) + section + file.slice(end + RUSH_END.length + 1)
  return `${file.trimEnd()}\n\n${section}`
}

/** The campaign rush section of a file, if it has one (`npm run bench` keeps it). */
export function rushSectionOf(file: string | undefined) {
  if (!file) return undefined
  const start = file.indexOf(RUSH_START)
  const end = file.indexOf(RUSH_END)
  return start >= 0 && end > start ? file.slice(start, end + RUSH_END.length) + '\n' : undefined
}

/** The figures' own verdicts: each rush's answers, no 5xx. */
export const noServerError = (f: CallFigures) => serverErrors(f.statusCodes) === 0 && !f.statusCodes['0']
