import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import budgets from './budgets.json' with { type: 'json' }

/** What rolldown's chunking hands a group's `name`: a module's imports and code, to walk the graph. */
type ChunkingContext = {
  getModuleInfo(id: string): { importedIds: readonly string[]; code: string | null } | null
}

/**
 * The pages a client's first order opens beyond the first load (sign-in, the client's
 * dashboard, /products, the cart, the confirmation), as scripts/budgets.json names them for the
 * build's limit on their code (scripts/bundle-report.mjs).
 */
const checkoutPages: string[] = budgets.checkoutPages

/** The catalogue's page, one of `checkoutPages`: what it needs beyond the first load is a chunk of its own. */
const catalogueEntry = 'features/storefront/pages/products-page.tsx'

const isLibrary = (id: string) => /[\\/]node_modules[\\/]/.test(id)

/**
 * lucide-react's icons by the names our modules import them by (its index re-exports each
 * file under several names): `ShoppingBag` → …/icons/shopping-bag.mjs.
 */
function lucideIcons(root: string) {
  const index = resolve(root, 'node_modules/lucide-react/dist/esm/lucide-react.mjs')
  const byName = new Map<string, string>()
  for (const m of readFileSync(index, 'utf8').matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g)) {
    const file = resolve(dirname(index), m[2]!)
    for (const name of m[1]!.matchAll(/default as (\w+)/g)) byName.set(name[1]!, file)
  }
  return byName
}

/** The icons a module of ours imports from lucide-react, by file. */
function iconsOf(code: string | null, byName: Map<string, string>) {
  const files: string[] = []
  for (const m of (code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g))
    for (const spec of m[1]!.split(',')) {
      const file = byName.get(spec.trim().split(/\s+as\s+/)[0]!)
      if (file) files.push(file)
    }
  return files
}

/**
 * Two chunks for the small modules of our own, and the icons, that the checkout's pages import
 * and the first load does not hold (docs/rules/phones-offline.md#phone-first-load). Left to the
 * automatic chunking, each shared helper, hook and icon is a chunk of its own: about 45 requests
 * of a few hundred bytes on a first order, each with its ~330 bytes of headers. Libraries keep
 * their own chunks (react-hook-form, sonner and superjson come with the step that uses them), and
 * so do the pages. The icons are found by name in our modules' imports: lucide-react's index
 * imports every icon, so the graph alone would say the first load needs all of them.
 *
 * - `catalogue`: what the catalogue's page (`catalogueRoot`, /products) needs beyond the first
 *   load: its cards, the "Ajouter" button, the country chooser. A phone that opens /products
 *   hydrates once these have come; they are a few KB.
 * - `shop`: the rest (the sign-in form, the cart's lines and delivery form, the dashboard's
 *   orders, the confirmation), about 17 KB that /products does not wait for.
 */
export function shopChunk(root: string) {
  const clientRoot = resolve(root, 'src/client')
  const entry = resolve(clientRoot, 'main.tsx')
  const pages = new Set(checkoutPages.map((p) => resolve(clientRoot, p)))
  const catalogueRoot = resolve(clientRoot, catalogueEntry)
  let chunkOf: Map<string, string> | undefined
  /** Our modules a set of roots imports, without following into the libraries. */
  const ours = (roots: Iterable<string>, ctx: ChunkingContext) => {
    const seen = new Set<string>()
    const todo = [...roots]
    while (todo.length > 0) {
      const id = todo.pop()!
      if (seen.has(id) || isLibrary(id)) continue
      seen.add(id)
      todo.push(...(ctx.getModuleInfo(id)?.importedIds ?? []))
    }
    return seen
  }
  const iconsUsedBy = (modules: Set<string>, ctx: ChunkingContext, byName: Map<string, string>) =>
    new Set([...modules].flatMap((id) => iconsOf(ctx.getModuleInfo(id)?.code ?? null, byName)))
  return (id: string, ctx: ChunkingContext) => {
    if (!chunkOf) {
      const byName = lucideIcons(root)
      const first = ours([entry], ctx)
      const firstIcons = iconsUsedBy(first, ctx, byName)
      /** A set of pages' modules and icons that the first load and the pages themselves do not hold. */
      const beyondFirst = (roots: Iterable<string>) => {
        const modules = ours(roots, ctx)
        return [
          ...[...modules].filter((m) => !first.has(m) && !pages.has(m)),
          ...[...iconsUsedBy(modules, ctx, byName)].filter((f) => !firstIcons.has(f)),
        ]
      }
      chunkOf = new Map(beyondFirst(pages).map((m) => [m, 'shop']))
      for (const m of beyondFirst([catalogueRoot])) chunkOf.set(m, 'catalogue')
    }
    return chunkOf.get(id) ?? null
  }
}
