import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compareFrench, formatPercent, sortByName } from '../../src/shared/format'

/**
 * One place for percentages and for the order of names (the screen-by-screen walk-through): a percentage is
 * written by formatPercent ('12,5 %', never '12.5 %'), names are compared by compareFrench or
 * ordered by the database through byName (src/server/db/queries.ts), never by a collator, a
 * localeCompare or an ORDER BY on a raw name of their own.
 */
const root = resolve(import.meta.dirname, '../../src')
function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  )
}
/** Each line of the source matching `pattern`, as 'file:line: text', outside `allowed` files. */
function offending(pattern: RegExp, allowed: string[] = []) {
  return files(root).flatMap((file) => {
    const name = relative(root, file)
    if (allowed.includes(name)) return []
    return readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${name}:${i + 1}: ${line.trim()}`] : []))
  })
}

describe('percentages', () => {
  it('are French, with a comma and a no-break space', () => {
    expect(formatPercent(12.5)).toBe('12,5\u00a0%')
    expect(formatPercent(10)).toBe('10\u00a0%')
  })
  it('are written by formatPercent only: no value followed by " %" in a text of the code', () => {
    // `${x} %` or {x} % in a template or JSX (a CSS width, `${x}%`, is not a text).
    expect(offending(/\}[ \u00a0]%/, ['shared/format.ts'])).toEqual([])
  })
})

describe('names in French order', () => {
  it('Bénin before Burkina Faso, Épaule before Faux-filet', () => {
    expect(sortByName([{ name: 'Burkina Faso' }, { name: 'Bénin' }]).map((c) => c.name)).toEqual([
      'Bénin',
      'Burkina Faso',
    ])
    expect(['Faux-filet', 'Épaule'].sort(compareFrench)).toEqual(['Épaule', 'Faux-filet'])
  })
  it('are compared by compareFrench only, and ordered by the database through byName only', () => {
    expect(offending(/new Intl\.Collator|\.localeCompare\(/, ['shared/format.ts'])).toEqual([])
    // An ORDER BY on a name of its own: drizzle's asc(x.name) or raw SQL 'order by x.name'.
    expect(
      offending(/asc\(\w+\.(name|displayName)\)|order by (?!etal_fold)[\w.]*(name|display_name)\b/i),
    ).toEqual([])
  })
})
