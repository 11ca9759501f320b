import { readdirSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Endpoint } from '../src/server/http/define-endpoint'
import { projectRoot } from '../src/server/paths'

/**
 * docs/endpoints.md, written from the endpoint registry: each call's method, path, roles, file
 * and summary. `npm run docs:endpoints` writes it; tests/api/kernel.test.ts fails when the file
 * is not what the registry gives today.
 */
export const ENDPOINTS_DOC = join(projectRoot, 'docs/endpoints.md')
const API_DIR = join(projectRoot, 'src/server/api')

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((f) => {
      const p = join(dir, f)
      return statSync(p).isDirectory() ? files(p) : [p]
    })
}

export async function renderEndpointTable(): Promise<string> {
  const rows: { key: string; line: string }[] = []
  for (const file of files(API_DIR).filter((f) => !f.endsWith('index.ts'))) {
    const ep = (await import(pathToFileURL(file).href)).default as Endpoint
    const roles =
      ep.roles === 'public' ? (ep.loadUser ? 'public (reads the session)' : 'public') : ep.roles.join(', ')
    const path = relative(projectRoot, file)
    rows.push({
      key: `${ep.path} ${ep.method}`,
      line: `| ${ep.method} | \`${ep.path}\` | ${roles} | \`${path}\` | ${ep.summary ?? ''} |`,
    })
  }
  rows.sort((a, b) => a.key.localeCompare(b.key))
  return [
    '# Endpoints',
    '',
    'Written by `npm run docs:endpoints` from the registry (`src/server/api/index.ts`); a test fails',
    'when this file is out of date. Every call answers errors as `{ error, code, fieldErrors? }`; the',
    "inputs' and answers' schemas are in `/_api/openapi.json`. Roles: `public` is anyone, else only",
    'the roles listed (401 signed out, 403 for another role), checked before the input is read.',
    '',
    '| method | path | roles | file | summary |',
    '|---|---|---|---|---|',
    ...rows.map((r) => r.line),
    '',
  ].join('\n')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(ENDPOINTS_DOC, await renderEndpointTable())
  console.log(`wrote ${relative(projectRoot, ENDPOINTS_DOC)}`)
}
