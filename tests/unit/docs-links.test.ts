/**
 * Docs that cannot drift: every path a document names exists, every `#anchor` it links to is a
 * heading of the document it names, nothing cites the product reference that lives outside the
 * repository (the spec, its decisions, the design), and the budgets are stated once
 * (scripts/budgets.json). Comments and tests that cite `docs/….md#anchor` are held to the same
 * headings, so splitting or renaming a section fails here until every link follows.
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

describe('the docs test itself', () => {
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
