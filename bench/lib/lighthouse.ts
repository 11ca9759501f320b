import { mkdirSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium'

export type LighthouseMetrics = { fcp: number; lcp: number; tbt: number; cls: number; si: number }
export type LighthouseResult = {
  path: string
  /** Performance score, 0–100. */
  score: number
  /** Milliseconds, but cls (unitless). */
  metrics: LighthouseMetrics
  /** Everything the page downloaded (Lighthouse's total-byte-weight, transfer sizes), in KB. */
  transferKb: number
  /** Every run's score when there were several (the result is the median run). */
  runs?: number[]
  /** Audits that cost the page time or bytes, as Lighthouse words them (only failing ones). */
  flagged?: string[]
  /** Accessibility score, 0–100 (of the kept run). */
  accessibility?: number
  /** The accessibility audits that failed, by id (of the kept run). */
  accessibilityFailures?: string[]
  /** SEO score, 0–100 (of the kept run), and its failed audits by id. */
  seo?: number
  seoFailures?: string[]
  /**
   * Lighthouse's measure of this machine's speed (`environment.benchmarkIndex`, of the kept run):
   * its simulated 4× slowdown multiplies the machine's own main-thread time, so scores compare
   * only between machines of a like index.
   */
  benchmarkIndex?: number
}

/** LIGHTHOUSE_SAVE=dir keeps every run's full report there, to read its diagnostics (long tasks, bootup time). */
const saveDir = process.env.LIGHTHOUSE_SAVE

const numeric = (lhr: { audits: Record<string, { numericValue?: number }> }, id: string) =>
  lhr.audits[id]?.numericValue ?? NaN

/**
 * Lighthouse's default configuration (mobile form factor, simulated slow 4G and 4× CPU
 * slowdown), performance and accessibility categories, on each path of baseUrl. One Chromium for all runs.
 * With `runs` > 1 each path is measured that many times and the median score's run is kept:
 * on a shared machine one run can be unlucky.
 */
export async function runLighthouse(
  baseUrl: string,
  paths: string[],
  opts: { runs?: number; log?: (line: string) => void } = {},
): Promise<LighthouseResult[]> {
  const runs = Math.max(1, opts.runs ?? 1)
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
  })
  try {
    const results: LighthouseResult[] = []
    for (const path of paths) {
      const url = new URL(path, baseUrl).toString()
      const tries: LighthouseResult[] = []
      for (let i = 0; i < runs; i++) {
        // A trace can fail to record (NO_NAVSTART and the like: "please run Lighthouse again"):
        // such a run is run again, twice at most.
        let lhr
        for (let attempt = 0; ; attempt++) {
          const answer = await lighthouse(url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'seo'],
          })
          lhr = answer?.lhr
          if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`)
          if (!lhr.runtimeError) break
          if (attempt >= 2)
            throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
          opts.log?.(`  lighthouse ${path}: ${lhr.runtimeError.code}, run again`)
        }
        const flagged = Object.values(lhr.audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 0.9 &&
              (a.scoreDisplayMode === 'metricSavings' ||
                a.scoreDisplayMode === 'numeric' ||
                a.scoreDisplayMode === 'binary'),
          )
          .map((a) => (a.displayValue ? `${a.title} (${a.displayValue})` : a.title))
        const a11y = lhr.categories.accessibility
        const seo = lhr.categories.seo
        tries.push({
          path,
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          ...(a11y
            ? {
                accessibility: Math.round((a11y.score ?? 0) * 100),
                accessibilityFailures: a11y.auditRefs
                  .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
                  .map((ref) => ref.id),
              }
            : {}),
          ...(seo
            ? {
                seo: Math.round((seo.score ?? 0) * 100),
                seoFailures: seo.auditRefs
                  .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
                  .map((ref) => ref.id),
              }
            : {}),
          metrics: {
            fcp: numeric(lhr, 'first-contentful-paint'),
            lcp: numeric(lhr, 'largest-contentful-paint'),
            tbt: numeric(lhr, 'total-blocking-time'),
            cls: numeric(lhr, 'cumulative-layout-shift'),
            si: numeric(lhr, 'speed-index'),
          },
          transferKb: numeric(lhr, 'total-byte-weight') / 1024,
          flagged,
          ...(lhr.environment?.benchmarkIndex
            ? { benchmarkIndex: Math.round(lhr.environment.benchmarkIndex) }
            : {}),
        })
        if (saveDir) {
          mkdirSync(saveDir, { recursive: true })
          const name = `${path.replace(/\W+/g, '_') || '_'}-${i + 1}.json`
          writeFileSync(resolve(saveDir, name), JSON.stringify(lhr))
        }
        opts.log?.(`  lighthouse ${path} run ${i + 1}/${runs}: ${tries.at(-1)!.score}`)
      }
      const median = [...tries].sort((a, b) => a.score - b.score)[Math.floor((tries.length - 1) / 2)]!
      results.push(runs > 1 ? { ...median, runs: tries.map((t) => t.score) } : median)
    }
    return results
  } finally {
    await chrome.kill()
  }
}

/** A Markdown table of the results (for the console and the report). */
export function lighthouseTable(results: readonly (LighthouseResult & { label?: string })[]) {
  const ms = (n: number) => `${Math.round(n)} ms`
  return [
    '| page | score | accessibility | SEO | FCP | LCP | TBT | CLS | Speed Index | transfer |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...results.map(
      (r) =>
        `| ${r.label ?? r.path} | ${r.score}${r.runs ? ` (runs ${r.runs.join(', ')})` : ''} | ${r.accessibility ?? ''}${r.accessibilityFailures?.length ? ` (${r.accessibilityFailures.join(', ')})` : ''} | ${r.seo ?? ''}${r.seoFailures?.length ? ` (${r.seoFailures.join(', ')})` : ''} | ${ms(r.metrics.fcp)} | ${ms(r.metrics.lcp)} | ${ms(r.metrics.tbt)} | ${r.metrics.cls.toFixed(3)} | ${ms(r.metrics.si)} | ${r.transferKb.toFixed(1)} KB |`,
    ),
  ].join('\n')
}
