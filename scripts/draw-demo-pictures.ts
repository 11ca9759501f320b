/**
 * Writes the demo catalogue's drawings (src/server/seed/demo-pictures.ts), one PNG per category,
 * to a folder to look at: `npx tsx scripts/draw-demo-pictures.ts [folder]` (default
 * /tmp/demo-pictures). The demo seed draws the same at its start; nothing here is committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { drawDemoPicture } from '../src/server/seed/demo-pictures'

const folder = process.argv[2] ?? '/tmp/demo-pictures'
mkdirSync(folder, { recursive: true })
const categories = ['Bœuf', 'Mouton', 'Chèvre', 'Volaille', 'Abats', 'Grillades', null]

async function main() {
  for (const category of categories) {
    const file = join(
      folder,
      `${(category ?? 'autre').toLowerCase().replace('œ', 'oe').replace('è', 'e')}.png`,
    )
    writeFileSync(file, await drawDemoPicture(category))
    console.log(file)
  }
}
void main()
