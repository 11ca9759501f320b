import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { ManifestTransform } from 'workbox-build'
import type { PagePath } from '../src/shared/pages'
import { ROUTE_PRELOADS_FILE } from './route-preloads'

type ViteManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>

/**
 * The pages that work without a connection: browsing and the cart. Signing in, registering and
 * the contact form need the network to do anything, so their code is not fetched ahead.
 */
const OFFLINE_PAGES: PagePath[] = ['/', '/products', '/cart']

/**
 * The app shell the service worker precaches (docs/decisions/0021): the first load's code (the
 * entry and what it imports: already in the browser's cache, so fetched for nothing) and the
 * chunks of the pages that work offline (from the build's route-preloads table), plus the files
 * that are not code. Not the stylesheet: every page the server sends has it inlined, and the page
 * puts that copy in the worker's cache itself (src/client/lib/service-worker.ts,
 * docs/decisions/0028) instead of having it downloaded a second time. Every other chunk, a staff page's say, is kept when used: a phone on a
 * metered connection does not download the back-office to shop.
 */
export function appShell(clientDist: string): ManifestTransform {
  return (entries) => {
    const read = <T>(file: string) => JSON.parse(readFileSync(resolve(clientDist, file), 'utf8')) as T
    const manifest = read<ViteManifest>('.vite/manifest.json')
    const preloads = read<Record<string, string[]>>(ROUTE_PRELOADS_FILE)
    const shell = new Set<string>()
    const walk = (key: string) => {
      const chunk = manifest[key]
      if (!chunk || shell.has(chunk.file)) return
      shell.add(chunk.file)
      for (const i of chunk.imports ?? []) walk(i)
    }
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key)
    for (const path of OFFLINE_PAGES) for (const file of preloads[path] ?? []) shell.add(file.slice(1))
    const manifestEntries = entries.filter((e) => !e.url.startsWith('assets/') || shell.has(e.url))
    return { manifest: manifestEntries, warnings: [] }
  }
}
