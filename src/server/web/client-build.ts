import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Page, PagePath } from '@/shared/pages'

/** Vite's manifest (`build.manifest`): each source module's chunk, by its path under src/client. */
export type ViteManifest = Record<
  string,
  { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }
>

/** What a page needs of the client's build, read from Vite's manifest and the page table. */
export type ClientBuild = {
  /** The entry's script ('/assets/index-….js'). */
  entry: string
  /** The chunks the entry imports, which the browser fetches with it. */
  entryImports: string[]
  /** The entry's stylesheets (one: the site's). */
  stylesheets: string[]
  /**
   * The chunks of a page's module (src/shared/pages.ts `module`) and of the chunks it imports,
   * but those the entry already loads: preloaded with the entry, so that the page's code does not
   * wait for the entry to run before it is asked for.
   */
  pageChunks: (path: PagePath | string) => string[]
}

const MANIFEST = '.vite/manifest.json'

/**
 * The build as the manifest describes it, for the pages of the page table (src/shared/pages.ts,
 * passed in: the Vite config, which reads this file for the service worker's shell, resolves no
 * @/ alias); an error names a page whose module has no chunk.
 */
export function clientBuild(
  manifest: ViteManifest,
  pages: Record<string, Pick<Page, 'module'>>,
): ClientBuild {
  const url = (key: string) => `/${manifest[key]!.file}`
  /** A chunk's imports, those of its imports first, each once, leaving out those in `known`. */
  const importsOf = (key: string, known: Set<string>): string[] => {
    const out: string[] = []
    const visit = (k: string) => {
      for (const i of manifest[k]?.imports ?? []) {
        if (known.has(i) || !manifest[i]) continue
        known.add(i)
        visit(i)
        out.push(i)
      }
    }
    visit(key)
    return out
  }
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)
  if (!entryKey) throw new Error('client build: the manifest has no entry')
  const entryImports = importsOf(entryKey, new Set([entryKey]))
  const inEntry = new Set([entryKey, ...entryImports])
  const pageChunks = new Map<string, string[]>()
  for (const [path, page] of Object.entries(pages)) {
    const key = `${page.module}.tsx`
    if (!manifest[key]) throw new Error(`client build: no chunk for ${key} (${path})`)
    pageChunks.set(
      path,
      inEntry.has(key) ? [] : [key, ...importsOf(key, new Set([...inEntry, key]))].map(url),
    )
  }
  return {
    entry: url(entryKey),
    entryImports: entryImports.map(url),
    stylesheets: (manifest[entryKey]!.css ?? []).map((f) => `/${f}`),
    pageChunks: (path) => pageChunks.get(path) ?? [],
  }
}

/** The manifest of the build in dist/client, or null before `vite build`. */
export function readManifest(clientDist: string): ViteManifest | null {
  const file = resolve(clientDist, MANIFEST)
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ViteManifest) : null
}
