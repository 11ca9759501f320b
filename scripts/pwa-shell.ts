import type { ManifestTransform } from 'workbox-build'
import { OFFLINE_PAGES } from '../src/client/lib/offline-caches.ts'
import { pages } from '../src/shared/pages.ts'
import { clientBuild, readManifest } from '../src/server/web/client-build.ts'

/**
 * The app shell the service worker precaches (docs/decisions/0021): the first load's code (the
 * entry and what it imports: already in the browser's cache, so fetched for nothing) and the
 * chunks of the pages that work offline (OFFLINE_PAGES: their modules' chunks, src/server/web/client-build.ts), plus the files
 * that are not code. Not the stylesheet: every page the server sends has it inlined, and the page
 * puts that copy in the worker's cache itself (src/client/lib/service-worker.ts,
 * docs/decisions/0028) instead of having it downloaded a second time. Every other chunk, a staff page's say, is kept when used: a phone on a
 * metered connection does not download the back-office to shop.
 */
export function appShell(clientDist: string): ManifestTransform {
  return (entries) => {
    const manifest = readManifest(clientDist)
    if (!manifest) throw new Error('pwa-shell: the build wrote no manifest')
    const build = clientBuild(manifest, pages)
    const shell = new Set(
      [build.entry, ...build.entryImports, ...OFFLINE_PAGES.flatMap(build.pageChunks)].map((f) => f.slice(1)),
    )
    const manifestEntries = entries.filter((e) => !e.url.startsWith('assets/') || shell.has(e.url))
    return { manifest: manifestEntries, warnings: [] }
  }
}
