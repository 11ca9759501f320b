import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { Plugin } from 'vite'

/** Where the build writes the table, beside Vite's manifest in dist/client (public data, like the manifest). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json'

/**
 * Every page is a lazy chunk (app/router.tsx), so a first visit fetches it only once the entry
 * has run: one more round trip on a slow network before anything of the page shows. This plugin
 * writes, for each route path, the files of its page chunk and of the chunks that chunk imports
 * (those the HTML does not already load); the server adds them to the page as modulepreload links
 * so they download alongside the entry.
 */
export function routePreloads(routerFile: string): Plugin {
  return {
    name: 'etal-route-preloads',
    // The client's build only: the server's (vite build --ssr) preloads nothing.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const source = readFileSync(routerFile, 'utf8')
      const routes = [
        ...source.matchAll(
          /\blazyPage\(\s*'([^']+)',\s*\(\)\s*=>\s*import\('([^']+)'\)(?:,\s*'\w+')?,?\s*\)/g,
        ),
      ]
      const pages = source.match(/\blazyPage\(/g)?.length ?? 0
      if (routes.length !== pages) {
        this.error(
          `route-preloads: read ${routes.length} of the ${pages} lazy routes of ${routerFile}; keep each as lazyPage('…', () => import('…')) or lazyPage('…', () => import('…'), 'ExportName')`,
        )
      }
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []))
      const entry = chunks.find((c) => c.isEntry)
      const inHtml = new Set<string>()
      const walk = (file: string, into: Set<string>) => {
        if (into.has(file) || inHtml.has(file)) return
        into.add(file)
        for (const i of chunks.find((c) => c.fileName === file)?.imports ?? []) walk(i, into)
      }
      if (entry) walk(entry.fileName, inHtml)
      const table: Record<string, string[]> = {}
      for (const [, path, specifier] of routes) {
        const base = resolve(dirname(routerFile), specifier!)
        const chunk = chunks.find((c) => c.facadeModuleId && c.facadeModuleId.replace(/\.tsx?$/, '') === base)
        if (!chunk) this.error(`route-preloads: no chunk for ${specifier} (${path})`)
        const files = new Set<string>()
        walk(chunk.fileName, files)
        table[path!] = [...files].map((f) => `/${f}`)
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(table, null, 1)}\n`,
      })
    },
  }
}
