import { and, eq, inArray, isNull } from 'drizzle-orm'
import sharp from 'sharp'
import type { Db } from '../db/client'
import { productCategories, productPhotos, products } from '../db/schema'
import { demoProducts } from './demo-data'
import { processPhoto } from '../services/catalogue/photos/process'
import type { PhotoStore } from '../services/catalogue/photos/store'

/*
 * The demo catalogue's pictures (docs/rules/catalogue-pictures.md#demo-pictures): one drawing per
 * category, written here as SVG (no photo of unknown licence, no file fetched), made a PNG by
 * sharp and then a photo as an upload is (services/catalogue/photos/process.ts), stored in the
 * photo store and given to the demo's products of that category. `npx tsx
 * scripts/draw-demo-pictures.ts` writes them to a folder to look at.
 */

export const DEMO_PICTURE_WIDTH = 640
export const DEMO_PICTURE_HEIGHT = 480

const board = (fill = '#b98a5e') =>
  `<ellipse cx="320" cy="392" rx="250" ry="34" fill="#000" fill-opacity="0.08"/>` +
  `<rect x="80" y="120" width="480" height="270" rx="40" fill="${fill}"/>` +
  `<rect x="80" y="120" width="480" height="270" rx="40" fill="none" stroke="#8a6140" stroke-width="6"/>` +
  `<circle cx="520" cy="160" r="12" fill="#8a6140"/>`

const sprig = (x: number, y: number, turn = 0) =>
  `<g transform="translate(${x} ${y}) rotate(${turn})" fill="#5f8a3a">` +
  `<path d="M0 0 L70 0" stroke="#4a6e2c" stroke-width="4" stroke-linecap="round"/>` +
  `<ellipse cx="18" cy="-9" rx="12" ry="6" transform="rotate(-30 18 -9)"/>` +
  `<ellipse cx="18" cy="9" rx="12" ry="6" transform="rotate(30 18 9)"/>` +
  `<ellipse cx="42" cy="-9" rx="12" ry="6" transform="rotate(-30 42 -9)"/>` +
  `<ellipse cx="42" cy="9" rx="12" ry="6" transform="rotate(30 42 9)"/>` +
  `<ellipse cx="70" cy="0" rx="11" ry="6"/></g>`

const pepper = (x: number, y: number) =>
  `<g fill="#2b2321">${[
    [0, 0],
    [14, 8],
    [-10, 12],
    [6, 22],
  ]
    .map(([dx, dy]) => `<circle cx="${x + dx!}" cy="${y + dy!}" r="3.5"/>`)
    .join('')}</g>`

/** A steak: the meat, its rim of fat and a little marbling. */
const steak =
  `<path d="M190 200 C220 150 330 140 400 160 C470 180 480 250 450 300 C420 350 300 360 240 330 C180 300 165 240 190 200 Z" fill="#f1d6bf"/>` +
  `<path d="M205 207 C235 165 330 158 392 176 C452 195 460 252 434 294 C405 336 300 342 246 316 C194 290 184 240 205 207 Z" fill="#a5222f"/>` +
  `<path d="M250 230 C290 220 320 250 360 235 M240 280 C280 270 330 300 400 270 M300 190 C320 205 350 200 380 210" stroke="#e8b9a8" stroke-width="5" fill="none" stroke-linecap="round" opacity="0.8"/>`

/** A leg of mutton: the meat and the knuckle of its bone. */
const leg =
  `<path d="M170 270 C170 200 250 170 320 190 C380 205 420 230 450 245 L470 250 C490 255 490 285 470 290 L450 295 C410 310 360 340 300 345 C220 350 170 320 170 270 Z" fill="#9c3b2e"/>` +
  `<path d="M190 265 C195 215 260 195 320 210 C360 220 390 240 420 255" stroke="#c26a4f" stroke-width="10" fill="none" stroke-linecap="round"/>` +
  `<rect x="450" y="255" width="60" height="28" rx="12" fill="#f3ead8"/>` +
  `<circle cx="515" cy="258" r="17" fill="#f3ead8"/><circle cx="515" cy="282" r="17" fill="#f3ead8"/>`

/** Chops on their bones, three in a row. */
const chops = [0, 1, 2]
  .map(
    (i) =>
      `<g transform="translate(${175 + i * 105} ${175 + (i % 2) * 20})">` +
      `<rect x="34" y="-40" width="16" height="80" rx="8" fill="#f3ead8"/>` +
      `<path d="M0 70 C0 30 30 25 42 30 C60 25 90 30 90 70 C90 120 60 140 45 140 C25 140 0 120 0 70 Z" fill="#eed3bc"/>` +
      `<path d="M10 72 C10 42 32 38 43 42 C58 38 80 42 80 72 C80 112 58 128 45 128 C30 128 10 112 10 72 Z" fill="#a93a32"/></g>`,
  )
  .join('')

/** A drumstick and a thigh, roasted golden. */
const poultry =
  `<g transform="rotate(-18 320 260)">` +
  `<path d="M180 260 C180 195 260 180 320 215 C350 232 365 250 380 255 L420 262 L420 285 L380 290 C360 298 345 320 300 330 C230 345 180 320 180 260 Z" fill="#c7772f"/>` +
  `<path d="M205 250 C215 215 265 205 300 225" stroke="#e5a25a" stroke-width="12" fill="none" stroke-linecap="round"/>` +
  `<rect x="410" y="258" width="70" height="30" rx="12" fill="#f3ead8"/>` +
  `<circle cx="485" cy="262" r="16" fill="#f3ead8"/><circle cx="485" cy="285" r="16" fill="#f3ead8"/></g>`

/** Liver: two dark lobes with a sheen. */
const offal =
  `<path d="M170 250 C170 190 250 175 310 200 C340 185 420 170 460 215 C495 255 460 320 390 330 C330 340 300 320 280 330 C220 350 170 310 170 250 Z" fill="#6b1a24"/>` +
  `<path d="M310 205 C300 250 290 290 280 328" stroke="#4d121a" stroke-width="5" fill="none"/>` +
  `<path d="M205 235 C220 210 250 205 275 212 M350 210 C380 200 420 205 440 225" stroke="#a8464f" stroke-width="8" fill="none" stroke-linecap="round" opacity="0.7"/>`

/** Two skewers of meat, onion and pepper. */
const skewers = [0, 1]
  .map((i) => {
    const y = 215 + i * 80
    const pieces = [0, 1, 2, 3, 4]
      .map((j) => {
        const x = 170 + j * 62
        const fill = j % 2 === 0 ? '#8e3a22' : j === 1 ? '#d9a640' : '#4f8a3b'
        return `<rect x="${x}" y="${y - 24}" width="50" height="48" rx="12" fill="${fill}"/>`
      })
      .join('')
    return (
      `<line x1="130" y1="${y}" x2="510" y2="${y}" stroke="#d8c3a0" stroke-width="7" stroke-linecap="round"/>` +
      pieces
    )
  })
  .join('')

/** Anything else: a plate with a fork and a knife. */
const plate =
  `<circle cx="320" cy="255" r="105" fill="#fbf6ef"/><circle cx="320" cy="255" r="75" fill="none" stroke="#e2d6c6" stroke-width="5"/>` +
  `<rect x="180" y="170" width="12" height="170" rx="6" fill="#9a9086"/><rect x="448" y="170" width="12" height="170" rx="6" fill="#9a9086"/>`

const drawings: Record<string, { tint: string; shade: string; art: string }> = {
  bœuf: { tint: '#f7e4e1', shade: '#efcfca', art: steak + sprig(420, 340, -15) + pepper(180, 330) },
  mouton: { tint: '#f6ead9', shade: '#ecd7bb', art: leg + sprig(150, 180, 20) + pepper(400, 330) },
  chèvre: { tint: '#eef0dc', shade: '#dde2bd', art: chops + pepper(140, 160) },
  volaille: { tint: '#f8ecd8', shade: '#f0d9b3', art: poultry + sprig(130, 330, -10) },
  abats: { tint: '#f6e1e4', shade: '#ecc6cc', art: offal + sprig(430, 160, 15) },
  grillades: { tint: '#f8efd6', shade: '#f0dfae', art: skewers + pepper(470, 150) },
}
const otherDrawing = { tint: '#f1ede8', shade: '#e2dcd4', art: plate }

/** The drawing of a category (by name, as the storefront's placeholders are chosen), as SVG. */
export function demoPictureSvg(category: string | null): string {
  const d = (category && drawings[category.trim().toLowerCase()]) || otherDrawing
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${DEMO_PICTURE_WIDTH}" height="${DEMO_PICTURE_HEIGHT}" viewBox="0 0 640 480">` +
    `<defs><radialGradient id="g" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="${d.tint}"/><stop offset="1" stop-color="${d.shade}"/></radialGradient></defs>` +
    `<rect width="640" height="480" fill="url(#g)"/>` +
    board() +
    d.art +
    `</svg>`
  )
}

/** The drawing as a PNG, the input an upload would be. */
export const drawDemoPicture = (category: string | null) =>
  sharp(Buffer.from(demoPictureSvg(category)))
    .png()
    .toBuffer()

/**
 * Gives the demo's products (demo-data.ts, by name) that have no photo their category's drawing,
 * as an upload would: the photo's row, its bytes in the store, then the products pointing at it.
 * One drawing per category, made and stored once (about half a second for the demo's six).
 */
export async function attachDemoPictures(db: Db, store: PhotoStore) {
  const names = [...new Set(Object.values(demoProducts).flatMap((list) => list.map(([name]) => name)))]
  const rows = await db
    .select({ id: products.id, category: productCategories.name })
    .from(products)
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(and(inArray(products.name, names), isNull(products.photoKey)))
  const byCategory = new Map<string | null, number[]>()
  for (const r of rows) byCategory.set(r.category, [...(byCategory.get(r.category) ?? []), r.id])
  for (const [category, productIds] of byCategory) {
    const photo = await processPhoto(await drawDemoPicture(category))
    await db
      .insert(productPhotos)
      .values({ key: photo.key, width: photo.width, height: photo.height, unusedSince: null })
      .onConflictDoNothing()
    await store.put(photo.key, photo.variants)
    await db.update(products).set({ photoKey: photo.key }).where(inArray(products.id, productIds))
  }
}
