import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Stored XSS: names, addresses and contact messages typed by users are shown by React, which
 * escapes every text it renders. That holds only while nothing writes raw HTML or runs strings
 * as code; this test keeps it so (docs/security.md).
 */
const root = resolve(import.meta.dirname, '../../src')
const rawHtml =
  /dangerouslySetInnerHTML|\.innerHTML\s*=|outerHTML\s*=|insertAdjacentHTML|document\.write\(|new Function\(|\beval\(/

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.(tsx?|jsx?)$/.test(e.name) ? [join(dir, e.name)] : [],
  )
}

describe('no raw HTML in the code', () => {
  it('neither the client nor the server writes HTML from strings or runs strings as code', () => {
    const all = files(root)
    expect(all.length).toBeGreaterThan(50)
    const offenders = all.filter((f) => rawHtml.test(readFileSync(f, 'utf8')))
    expect(offenders).toEqual([])
  })
})
