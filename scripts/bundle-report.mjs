// Prints what a visitor downloads: the home page's JavaScript and CSS, gzipped, and every chunk.
// The first load of /: its target and the limit the build fails above are stated once, in
// scripts/budgets.json, for the build, the benchmarks and the docs
// (docs/rules/phones-offline.md#phone-first-load, docs/decisions/0032, tests/unit/docs-links.test.ts).
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const budgets = JSON.parse(readFileSync('scripts/budgets.json', 'utf8'))
const TARGET = budgets.firstLoadJsKB * 1024
const LIMIT = budgets.firstLoadJsLimitKB * 1024

const dir = 'dist/client'
const manifest = JSON.parse(readFileSync(`${dir}/.vite/manifest.json`, 'utf8'))
const gz = (file) => gzipSync(readFileSync(`${dir}/${file}`)).length
const kb = (n) => `${(n / 1024).toFixed(1)} KB`

// The entry and its static imports are what the first load fetches; lazy pages are not.
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)
const seen = new Set()
const walk = (key) => {
  if (seen.has(key)) return
  seen.add(key)
  for (const i of manifest[key].imports ?? []) walk(i)
}
walk(entryKey)
const firstJs = [...seen].map((k) => manifest[k].file)
const firstCss = [...seen].flatMap((k) => manifest[k].css ?? [])
const js = firstJs.reduce((a, f) => a + gz(f), 0)
const css = firstCss.reduce((a, f) => a + gz(f), 0)
console.log(
  `\nFirst load (gzip): JavaScript ${kb(js)} (target ${kb(TARGET)}, the build fails above ${kb(LIMIT)}), CSS ${kb(css)}, total ${kb(js + css)}`,
)
const chunks = Object.values(manifest)
  .filter((c) => c.file.endsWith('.js'))
  .map((c) => [c.file, gz(c.file)])
  .sort((a, b) => b[1] - a[1])
for (const [file, size] of chunks.slice(0, 12)) console.log(`  ${kb(size).padStart(9)}  ${file}`)
if (js > LIMIT) {
  console.error(`The first load is over its limit of ${kb(LIMIT)}.`)
  process.exitCode = 1
} else if (js > TARGET) console.warn(`The first load is over its target of ${kb(TARGET)}.`)

// The client's way through a checkout beyond the first load: the chunks of the pages a first
// visit opens (sign-in, the client's dashboard, /products, the cart, the confirmation), each once.
// Over its limit the build fails: a dependency pulled onto that way (zod through a schema module,
// Radix through a dialog drawn before it opens) costs every client's first order
// (docs/rules/phones-offline.md#phone-first-load).
const CHECKOUT_LIMIT = budgets.checkoutPagesJsLimitKB * 1024
const checkoutPages = budgets.checkoutPages
const firstLoad = new Set(seen)
for (const page of checkoutPages) {
  const key = Object.keys(manifest).find((k) => k.endsWith(page))
  if (!key) {
    console.error(`bundle-report: no chunk for ${page}`)
    process.exit(1)
  }
  walk(key)
}
const checkoutJs = [...seen].filter((k) => !firstLoad.has(k)).reduce((a, k) => a + gz(manifest[k].file), 0)
console.log(
  `The checkout's pages beyond the first load (gzip): JavaScript ${kb(checkoutJs)} (the build fails above ${kb(CHECKOUT_LIMIT)}), in ${seen.size - firstLoad.size} chunks`,
)
if (checkoutJs > CHECKOUT_LIMIT) {
  console.error(`The checkout's pages are over their limit of ${kb(CHECKOUT_LIMIT)}.`)
  process.exitCode = 1
}
