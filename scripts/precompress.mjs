// Writes a Brotli copy (quality 11) beside each built script and stylesheet (dist/client/assets)
// and beside the few files the same build writes at fixed names, which a phone's service worker
// downloads on its first visit (the worker itself, the app's shell and the offline page): the
// server sends it as is to a browser that accepts br (@fastify/static's preCompressed), about a
// tenth smaller than the on-the-fly compression, which must stay fast (docs/decisions/0028).
// Only what `vite build` has just written, named by its content or rewritten with it: a copy can
// never be older than its file.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'

const dir = 'dist/client'
const files = readdirSync(join(dir, 'assets'))
  .filter((f) => /\.(js|css)$/.test(f))
  .map((f) => join(dir, 'assets', f))
  .concat(['sw.js', 'index.html', 'offline.html'].map((f) => join(dir, f)))
let before = 0
let after = 0
for (const file of files) {
  const source = readFileSync(file)
  const br = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  })
  // A file too small to gain anything is sent as it is.
  if (br.length >= source.length) continue
  writeFileSync(`${file}.br`, br)
  before += source.length
  after += br.length
}
console.log(
  `Brotli copies: ${files.length} files, ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB`,
)
