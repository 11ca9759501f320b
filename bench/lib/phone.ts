/**
 * The pure parts of `npm run bench:phone` (bench/phone.ts): the throttling, the targets and how
 * they are judged, and the section it writes into bench/RESULTS.md. tests/unit/bench-phone.test.ts.
 */

/** A slow 3G phone: 400 kbit/s each way, 300 ms round trip (CDP Network.emulateNetworkConditions; docs/rules/phones-offline.md#phone-first-load). */
export const SLOW_3G = {
  offline: false,
  latency: 300,
  downloadThroughput: (400 * 1000) / 8,
  uploadThroughput: (400 * 1000) / 8,
} as const
/** An entry-level phone's CPU: 4 times slower (CDP Emulation.setCPUThrottlingRate). */
export const CPU_SLOWDOWN = 4

export type PhoneFigure = {
  /** Stable key, used to find the previous run's figure. */
  key: string
  label: string
  /** The measured value (ms, bytes or a score), or null when it could not be measured. */
  value: number | null
  unit: 'ms' | 'KB' | 'score' | 'titles'
  /** The target: at most `max`, or at least `min`. */
  max?: number
  min?: number
  /** Every run's value, when the figure is a median. */
  runs?: (number | null)[]
  /** Why there is no figure, or what to know about it. */
  note?: string
}

/** The median of the values measured (nulls left out); null when none was. */
export function median(values: readonly (number | null)[]): number | null {
  const got = values.filter((v): v is number => v !== null && Number.isFinite(v)).sort((a, b) => a - b)
  if (!got.length) return null
  const mid = Math.floor(got.length / 2)
  return got.length % 2 ? got[mid]! : (got[mid - 1]! + got[mid]!) / 2
}

/** Whether a figure meets its target: null when it was not measured. */
export function verdict(f: PhoneFigure): boolean | null {
  if (f.value === null) return null
  if (f.max !== undefined && f.value > f.max) return false
  if (f.min !== undefined && f.value < f.min) return false
  return true
}

export const formatValue = (v: number | null, unit: PhoneFigure['unit']) =>
  v === null
    ? 'not measured'
    : unit === 'ms'
      ? `${(v / 1000).toFixed(2)} s`
      : unit === 'KB'
        ? `${(v / 1024).toFixed(1)} KB`
        : unit === 'titles'
          ? `${v} page(s) without a title of their own`
          : String(Math.round(v))

const targetText = (f: PhoneFigure) =>
  [
    f.max !== undefined ? `≤ ${formatValue(f.max, f.unit)}` : '',
    f.min !== undefined ? `≥ ${formatValue(f.min, f.unit)}` : '',
  ]
    .filter(Boolean)
    .join(', ')

export const PHONE_START = '<!-- bench:phone start -->'
export const PHONE_END = '<!-- bench:phone end -->'

/** The figures column of a previous section, by the target's label (the row's first cell). */
export function previousFigures(section: string | undefined): Map<string, string> {
  const out = new Map<string, string>()
  for (const line of section?.split('\n') ?? []) {
    const cells = line.split('|').map((c) => c.trim())
    // | target | goal | measured | runs | previous | result |
    if (cells.length >= 7 && cells[1] && !/^-+:?$/.test(cells[2] ?? '') && cells[1] !== 'target')
      out.set(cells[1], cells[3] ?? '')
  }
  return out
}

/** The section bench/phone.ts writes: a table of the figures with pass/fail, between markers. */
export function renderPhoneSection(opts: {
  date: string
  commit: string
  loadAverage: { start: number; end: number; max: number; cores: number }
  runs: number
  server: string
  figures: PhoneFigure[]
  notes: string[]
  previous?: string
}) {
  const before = previousFigures(opts.previous)
  const rows = opts.figures.map((f) => {
    const ok = verdict(f)
    const runs = f.runs ? f.runs.map((r) => formatValue(r, f.unit)).join(', ') : ''
    return `| ${f.label} | ${targetText(f)} | ${formatValue(f.value, f.unit)}${f.note ? ` (${f.note})` : ''} | ${runs} | ${before.get(f.label) ?? ''} | ${ok === null ? 'not measured' : ok ? '**pass**' : '**FAIL**'} |`
  })
  return `${PHONE_START}
## The phone benchmark (\`npm run bench:phone\`, bench/phone.ts)

- Date: ${opts.date}
- Commit: ${opts.commit}
- Chromium (${'`/usr/bin/chromium`'}, Playwright) throttled as a slow 3G phone: ${(SLOW_3G.downloadThroughput * 8) / 1000} kbit/s down and up, ${SLOW_3G.latency} ms round trip (CDP Network.emulateNetworkConditions), CPU ${CPU_SLOWDOWN}× slower (Emulation.setCPUThrottlingRate), a phone's viewport and touch; median of ${opts.runs} runs, each in a fresh browser context (empty cache) unless said otherwise.
- Server: ${opts.server}
- Load average (1 minute) on ${opts.loadAverage.cores} cores: ${opts.loadAverage.start.toFixed(1)} at the start, ${opts.loadAverage.end.toFixed(1)} at the end, at most ${opts.loadAverage.max.toFixed(1)}: the machine is shared, read the times with it.

| target | goal | measured (median) | runs | previous run | result |
|---|---|---|---|---|---|
${rows.join('\n')}

${opts.notes.map((n) => `- ${n}`).join('\n')}
${PHONE_END}
`
}

/** `file` with its phone section replaced by `section` (appended when it had none). */
export function withPhoneSection(file: string, section: string) {
  const start = file.indexOf(PHONE_START)
  const end = file.indexOf(PHONE_END)
  if (start >= 0 && end > start)
    return file.slice(0, start) + section + file.slice(end + PHONE_END.length + 1)
  return `${file.trimEnd()}\n\n${section}`
}

/** The phone section of a file, if it has one. */
export function phoneSectionOf(file: string | undefined) {
  if (!file) return undefined
  const start = file.indexOf(PHONE_START)
  const end = file.indexOf(PHONE_END)
  return start >= 0 && end > start ? file.slice(start, end + PHONE_END.length) + '\n' : undefined
}
