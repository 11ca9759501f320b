/**
 * Docs that cannot drift: every path a document names exists, every `#anchor` it links to is a
 * heading of the document it names, nothing cites the product reference that lives outside the
 * repository (the spec, its decisions, the design), and the budgets are stated once
 * (scripts/budgets.json). Comments and tests that cite `docs/….md#anchor` are held to the same
 * headings, so splitting or renaming a section fails here until every link follows. A newcomer
 * reads them once: no issue number (a reader of the repository cannot open an issue), every
 * decision record in its index, no record over 80 lines, no document over 400.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')

function walk(dir: string, keep: (file: string) => boolean): string[] {
  const out: string[] = []
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...walk(path, keep))
    else if (keep(path)) out.push(path)
  }
  return out
}

const read = (file: string) => readFileSync(join(root, file), 'utf8')

/** The documents: everything under docs/, and the two READMEs. */
const documents = [...walk('docs', (f) => f.endsWith('.md')), 'README.md', 'src/client/README.md']

/** Code and tests that may cite a document's section. */
const sources = [
  // (this file's own examples aside)
  ...walk('src', (f) => /\.(ts|tsx|mjs|sql|css|html)$/.test(f)),
  ...walk('tests', (f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('docs-links.test.ts')),
  ...walk('scripts', (f) => /\.(ts|tsx|mjs)$/.test(f)),
  ...walk('bench', (f) => /\.(ts|md)$/.test(f)),
]

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

const anchorsCache = new Map<string, Set<string>>()
function anchorsOf(file: string): Set<string> {
  let anchors = anchorsCache.get(file)
  if (!anchors) {
    anchors = new Set()
    const seen = new Map<string, number>()
    let fenced = false
    for (const line of read(file).split('\n')) {
      if (line.startsWith('```')) fenced = !fenced
      const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line)
      if (!heading) continue
      const base = slug(heading[1]!)
      const n = seen.get(base) ?? 0
      seen.set(base, n + 1)
      anchors.add(n === 0 ? base : `${base}-${n}`)
    }
    anchorsCache.set(file, anchors)
  }
  return anchors
}

/** A path the repository holds: a file, a folder, or (for drizzle/NNNN) a migration's prefix. */
function pathExists(path: string): boolean {
  if (existsSync(join(root, path))) return true
  // What a run writes, ignored by git (.gitignore): a benchmark's results.
  if (path.startsWith('bench/results/')) return true
  // `drizzle/0020`, `docs/decisions/0028`: the file whose name starts with that number.
  const numbered = /^(.*)\/(\d{4}[\w-]*)$/.exec(path)
  if (numbered && existsSync(join(root, numbered[1]!))) {
    return readdirSync(join(root, numbered[1]!)).some((f) => f.startsWith(numbered[2]!))
  }
  // `src/x/y` written without its extension, as an import is.
  return ['.ts', '.tsx', '.mjs', '/index.ts'].some((ext) => existsSync(join(root, path + ext)))
}

/** Paths named in a text: src/…, tests/…, bench/…, scripts/…, drizzle/NNNN…, docs/…. */
function pathsIn(text: string): string[] {
  const found: string[] = []
  const re = /(?<![\w@./-])((?:src|tests|bench|scripts|docs)\/[\w./\-[\]]+|drizzle\/\d{4}[\w.-]*)/g
  for (const match of text.matchAll(re)) {
    let path = match[1]!.replace(/[.,:;)\]]+$/, '')
    // `docs/rules.md#x`: the anchor is checked apart.
    path = path.replace(/#.*$/, '')
    // A placeholder (`features/<area>/`, `drizzle/00NN_*.sql`) names no file.
    if (/[<>*{}]|NN/.test(text.slice(match.index, match.index + match[0].length + 1))) continue
    found.push(path)
  }
  // 'migration 0020': a file of drizzle/.
  for (const match of text.matchAll(/\bmigrations? (\d{4})\b/g)) found.push(`drizzle/${match[1]!}`)
  return found
}

/** `features/…`, `app/…`, `lib/…`, `components/…` in the client's README: under src/client. */
function clientPathsIn(text: string): string[] {
  const found: string[] = []
  const re = /(?<![\w@/-])(?:\.\.\/)?((?:features|app|lib|components)\/[\w./-]+)/g
  for (const match of text.matchAll(re)) {
    const after = text[match.index + match[0].length] ?? ''
    if (after === '<' || /[<>*]/.test(match[0])) continue
    found.push(`src/client/${match[1]!.replace(/[.,:;)]+$/, '')}`)
  }
  return found
}

/** Links to a document's section: `docs/x.md#a` in any text, `(x.md#a)` / `(#a)` in markdown. */
function anchorLinksIn(file: string, text: string): { target: string; anchor: string }[] {
  const links: { target: string; anchor: string }[] = []
  for (const m of text.matchAll(/(?<![\w/-])(docs\/[\w./-]+\.md)#([\w-]+)/g)) {
    links.push({ target: m[1]!, anchor: m[2]! })
  }
  if (file.endsWith('.md')) {
    for (const m of text.matchAll(/\]\(([^)\s#]*)#([^)\s]+)\)/g)) {
      const target = m[1]! === '' ? file : relative(root, resolve(root, dirname(file), m[1]!))
      if (/^https?:/.test(m[1]!)) continue
      links.push({ target, anchor: m[2]! })
    }
  }
  return links
}

/** Relative markdown links to files (`[x](../src/a.ts)`, `[rules](rules.md)`). */
function fileLinksIn(file: string, text: string): string[] {
  const found: string[] = []
  for (const m of text.matchAll(/\]\(([^)\s#]+)(?:#[^)\s]*)?\)/g)) {
    if (/^(https?:|mailto:)/.test(m[1]!)) continue
    found.push(relative(root, resolve(root, dirname(file), m[1]!)))
  }
  return found
}

const outsideReference = /\b(?:DECISIONS|DESIGN)\.md\b|\bSPEC\b/

/**
 * An issue or ticket number: the word and a number, a number in parentheses after `#`, or `#`, a
 * number and `'s` (the self-test below has examples). Not a printer's "Ticket 80 mm", an order's
 * number ("la commande #12"), a colour ('#844'), nor an upstream issue named with its repository
 * (`fastify/under-pressure#125`, `…/issues/14753`), which a reader can open.
 */
export const issueNumber =
  /\b(?:issues?|tickets?)\s*(?:n[o°]\s*)?#?\d+(?!\d)(?!\s*mm\b)|\(#\d+\)|(?<![\w/.-])#\d+'s\b/i

/**
 * Where an issue number may not be: src, docs, tests, bench, scripts and the README. drizzle/ is
 * left out: drizzle hashes each migration's SQL file (comments included) when it applies it, so a
 * migration already run is never edited. What a bench run writes (bench/results/) is ignored by git.
 */
const noIssueFiles = [
  'README.md',
  ...['src', 'docs', 'tests', 'bench', 'scripts'].flatMap((dir) =>
    walk(dir, (f) => /\.(ts|tsx|mjs|js|md|css|html|json|sql|sh)$/.test(f) && !f.startsWith('bench/results/')),
  ),
]

/** Lines that cite an issue number, as `file:line: text`. */
function issueLines(file: string, text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => (issueNumber.test(line) ? `${file}:${i + 1}: ${line.trim()}` : null))
    .filter((line): line is string => line !== null)
}

/** A file's number of lines, as `wc -l` counts them. */
const lineCount = (text: string) => text.replace(/\n$/, '').split('\n').length

/** The decision records (`NNNN-title.md`) that the index docs/decisions/README.md does not list. */
function unlistedRecords(files: string[], index: string): string[] {
  return files.filter((f) => /^\d{4}-.*\.md$/.test(f) && !index.includes(`](${f})`))
}

const DECISION_MAX_LINES = 80
const DOC_MAX_LINES = 400

describe('the docs', () => {
  it.each(documents)('%s names only paths that exist', (file) => {
    const text = read(file)
    const missing = [
      ...pathsIn(text),
      ...fileLinksIn(file, text),
      ...(file === 'src/client/README.md' ? clientPathsIn(text) : []),
    ].filter((path) => !pathExists(path))
    expect(missing).toEqual([])
  })

  it.each([...documents, ...sources])('%s links only to headings that exist', (file) => {
    const broken = anchorLinksIn(file, read(file))
      .filter(({ target, anchor }) => !existsSync(join(root, target)) || !anchorsOf(target).has(anchor))
      .map(({ target, anchor }) => `${target}#${anchor}`)
    expect(broken).toEqual([])
  })

  it.each([...documents, ...sources])('%s cites the repository, not the spec outside it', (file) => {
    const lines = read(file)
      .split('\n')
      .filter((line) => outsideReference.test(line) && !line.includes('outsideReference'))
    expect(lines).toEqual([])
  })

  it('states each budget as scripts/budgets.json does', () => {
    const budgets = JSON.parse(read('scripts/budgets.json')) as Record<string, number>
    const current = documents.filter((f) => !f.startsWith('docs/decisions/'))
    const stated: string[] = []
    for (const file of current) {
      const text = read(file).replace(/\s+/g, ' ')
      for (const m of text.matchAll(/[Ff]irst load[^.]{0,60}?(\d+) KB/g)) {
        if (Number(m[1]!) !== budgets.firstLoadJsKB) stated.push(`${file}: ${m[0]}`)
      }
      for (const m of text.matchAll(/checkout on a first visit[^.]{0,30}?(\d+) KB/g)) {
        if (Number(m[1]!) !== budgets.checkoutFirstVisitKB) stated.push(`${file}: ${m[0]}`)
      }
    }
    expect(stated).toEqual([])
  })
})

describe('a newcomer reads them once', () => {
  it('cites no issue number in src, docs, tests, bench, scripts or the README', () => {
    expect(noIssueFiles.length).toBeGreaterThan(100)
    expect(noIssueFiles.flatMap((file) => issueLines(file, read(file)))).toEqual([])
  })

  it('lists every decision record in docs/decisions/README.md', () => {
    expect(
      unlistedRecords(readdirSync(join(root, 'docs/decisions')), read('docs/decisions/README.md')),
    ).toEqual([])
  })

  it(`keeps every decision record to ${DECISION_MAX_LINES} lines at most`, () => {
    const long = walk('docs/decisions', (f) => /\/\d{4}-[^/]*\.md$/.test(f))
      .map((f) => `${f}: ${lineCount(read(f))} lines`)
      .filter((s) => Number(/: (\d+) lines$/.exec(s)![1]) > DECISION_MAX_LINES)
    expect(long).toEqual([])
  })

  it('dates every decision record and gives its status, under its title', () => {
    const undated = walk('docs/decisions', (f) => /\/\d{4}-[^/]*\.md$/.test(f)).filter(
      (f) => !/^# .*\n\n- Date: \d{4}-\d{2}-\d{2}\n- Status: (accepted|superseded by \d{4})/.test(read(f)),
    )
    expect(undated).toEqual([])
  })

  it(`keeps every document of docs/ to ${DOC_MAX_LINES} lines at most`, () => {
    const long = walk('docs', (f) => f.endsWith('.md'))
      .map((f) => `${f}: ${lineCount(read(f))} lines`)
      .filter((s) => Number(/: (\d+) lines$/.exec(s)![1]) > DOC_MAX_LINES)
    expect(long).toEqual([])
  })
})

describe('the docs test itself', () => {
  it('finds an issue number, and not what only looks like one', () => {
    // Written in two parts, so that this file holds none itself.
    const cited = [
      'is' + 'sue 27 item 6',
      '(Is' + 'sue 31 §5)',
      'is' + 'sues 18 and 19',
      'tick' + 'et #4',
      '(' + '#25)',
      '#' + "25's figures",
    ]
    for (const text of cited) expect(issueNumber.test(text), text).toBe(true)
    const fine = [
      "'Ticket 80 mm'",
      'fastify/under-pressure#125 and fastify/under-pressure#126',
      'https://github.com/remix-run/react-router/issues/14753',
      'src/client/features/checkout/lib/stock-issues.ts',
      'issue: z.enum(reconciliationIssues)',
      'color: #fff',
      "background: '#844'",
      'Points rendus : pesée de la commande #12',
    ]
    for (const text of fine) expect(issueNumber.test(text), text).toBe(false)
    expect(issueLines('a.md', `one\nsee is${'sue'} 8\n`)).toEqual([`a.md:2: see is${'sue'} 8`])
  })

  it('finds an unlisted decision record, and counts lines as wc -l does', () => {
    const index = '- [0001 — A](0001-a.md)\n'
    expect(unlistedRecords(['README.md', '0001-a.md', '0002-b.md'], index)).toEqual(['0002-b.md'])
    expect(lineCount('a\nb\n')).toBe(2)
    expect(lineCount('a\nb')).toBe(2)
  })

  it('makes GitHub anchors', () => {
    expect(slug("Drivers' cash")).toBe('drivers-cash')
    expect(slug('Who may do what')).toBe('who-may-do-what')
    expect(slug('Weigh-in')).toBe('weigh-in')
    expect(slug('`etal_sells` and stock')).toBe('etal_sells-and-stock')
  })

  it('finds a missing path, a missing migration and a placeholder', () => {
    const paths = pathsIn(
      'see `src/nowhere.ts`, drizzle/0096_cash.sql, `drizzle/00NN_x.sql`, migration 0097.',
    )
    expect(paths).toEqual(['src/nowhere.ts', 'drizzle/0096_cash.sql', 'drizzle/0097'])
    expect(paths.filter((p) => !pathExists(p))).toEqual(paths)
    expect(pathExists('drizzle/0020')).toBe(true)
    expect(statSync(join(root, 'docs')).isDirectory()).toBe(true)
  })

  it("finds the client README's example that named no file", () => {
    const example = "lazyPage('/admin/zones', () => import('../features/zones/pages/zones-page'))"
    expect(clientPathsIn(example).filter((p) => !pathExists(p))).toEqual([
      'src/client/features/zones/pages/zones-page',
    ])
    expect(clientPathsIn(example.replace('zones/pages', 'admin-places/pages')).every(pathExists)).toBe(true)
  })

  it('finds a broken anchor', () => {
    const links = anchorLinksIn(
      'docs/architecture.md',
      'docs/rules.md#no-such-rule and [who](rules/people.md#who-may-do-what)',
    )
    expect(links).toEqual([
      { target: 'docs/rules.md', anchor: 'no-such-rule' },
      { target: 'docs/rules/people.md', anchor: 'who-may-do-what' },
    ])
    expect(anchorsOf('docs/rules.md').has('no-such-rule')).toBe(false)
    expect(anchorsOf('docs/rules/people.md').has('who-may-do-what')).toBe(true)
  })
})
