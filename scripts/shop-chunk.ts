import { resolve } from 'node:path'
import budgets from './budgets.json' with { type: 'json' }

/** What rolldown's chunking hands a group's `name`: a module's imports, to walk the graph. */
type ChunkingContext = {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null
}

/**
 * The pages a client's first order opens beyond the first load (sign-in, the client's
 * dashboard, /products, the cart, the confirmation), as scripts/budgets.json names them for the
 * build's limit on their code (scripts/bundle-report.mjs).
 */
const checkoutPages: string[] = budgets.checkoutPages

/**
 * One chunk for the small modules of our own that the checkout's pages import and the first load
 * does not hold (docs/rules/phones-offline.md#phone-first-load): left to the automatic chunking,
 * each shared helper, hook and icon is a chunk of its own, about 45 requests of a few hundred
 * bytes on a first order, each with its ~330 bytes of headers. Libraries keep their own chunks
 * (react-hook-form, sonner and superjson come with the step that uses them), and so do the pages.
 */
export function shopChunk(clientRoot: string) {
  const entry = resolve(clientRoot, 'main.tsx')
  const pages = new Set(checkoutPages.map((p) => resolve(clientRoot, p)))
  let shop: Set<string> | undefined
  const reach = (roots: Iterable<string>, ctx: ChunkingContext) => {
    const seen = new Set<string>()
    const todo = [...roots]
    while (todo.length > 0) {
      const id = todo.pop()!
      if (seen.has(id)) continue
      seen.add(id)
      todo.push(...(ctx.getModuleInfo(id)?.importedIds ?? []))
    }
    return seen
  }
  return (id: string, ctx: ChunkingContext) => {
    if (!shop) {
      const first = reach([entry], ctx)
      console.log(
        'entry',
        first.size,
        [...pages].map((p) => first.has(p)),
        JSON.stringify(Object.keys(ctx.getModuleInfo(entry) ?? {})),
        ctx.getModuleInfo(entry)?.importedIds,
      )
      shop = new Set(
        [...reach(pages, ctx)].filter(
          (m) => !first.has(m) && !pages.has(m) && !/node_modules[\\/](?!lucide-react)/.test(m),
        ),
      )
    }
    return shop.has(id) ? 'shop' : null
  }
}
