import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import sharp from 'sharp'
import { formatMoney } from '@/shared/format'
import type { PublicProduct } from '@/shared/schemas/storefront'
import type { Executor } from '@/server/db/client'
import type { StorefrontCache } from '../storefront-cache'
import { catalogueAnswer } from '../storefront'
import { OG_HEIGHT, OG_WIDTH } from './og-image'
import type { PhotoQueue } from './queue'

/*
 * The Open Graph image of a product without a photo (docs/rules/catalogue-pictures.md#drawn-og):
 * 1200 × 630 JPEG drawn by sharp (librsvg) from an SVG written here: the shop's mark on its brand
 * colour, the product's category, name and price. No network font: a generic family librsvg finds
 * on the machine (DejaVu Sans on Debian).
 */

/** Raised when the drawing changes: every drawn image gets a new address. */
const DRAWING = 1
const BRAND = '#8f1d2c'
const INK = '#231815'
const PAPER = '#fbf6ef'
const FONT = "'DejaVu Sans', Verdana, Arial, sans-serif"

type Drawn = Pick<PublicProduct, 'id' | 'name' | 'pricePerUnit' | 'unitType' | 'category'>

/** What the image shows, hashed: a new name, price, unit or category is a new address. */
export function drawnOgVersion(p: Drawn): string {
  const shown = JSON.stringify([DRAWING, p.name, p.pricePerUnit, p.unitType, p.category?.name ?? null])
  return createHash('sha256').update(shown).digest('hex').slice(0, 10)
}

/** `/images/products/drawn/<id>-<version>.jpg` */
export const drawnOgPath = (p: Drawn) => `/images/products/drawn/${p.id}-${drawnOgVersion(p)}.jpg`

/** The file part of that address: the product's id and a version (10 hex digits). */
export const DRAWN_FILE = /^([1-9]\d{0,9})-([0-9a-f]{10})\.jpg$/

const xml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')

/** '6 500 F CFA / kg', '4 500 F CFA / pièce' (plain spaces: librsvg's fonts all have them). */
export const drawnPrice = (p: Pick<Drawn, 'pricePerUnit' | 'unitType'>) =>
  `${formatMoney(p.pricePerUnit)} / ${p.unitType === 'kg' ? 'kg' : 'pièce'}`.replace(/[\u00a0\u202f]/g, ' ')

/**
 * The name cut into lines of at most `perLine` characters, at words (a longer word is cut), at
 * most `max` lines, the last ending in '…' when the name goes on.
 */
export function wrapName(name: string, perLine: number, max: number): string[] {
  const words = name.replace(/\s+/g, ' ').trim().split(' ')
  const lines: string[] = []
  let line = ''
  for (let word of words) {
    while (word.length > perLine) {
      if (line) lines.push(line)
      lines.push(word.slice(0, perLine - 1) + '-')
      word = word.slice(perLine - 1)
      line = ''
    }
    if (!line) line = word
    else if (line.length + 1 + word.length <= perLine) line += ` ${word}`
    else {
      lines.push(line)
      line = word
    }
  }
  if (line) lines.push(line)
  if (lines.length <= max) return lines
  const kept = lines.slice(0, max)
  const last = kept[max - 1]!
  kept[max - 1] =
    `${(last.length >= perLine ? last.slice(0, perLine - 1) : last).replace(/[\s,;:.-]+$/, '')}…`
  return kept
}

/** The SVG drawn: a band of the brand colour with the mark, then category, name and price. */
export function drawnOgSvg(p: Drawn): string {
  const band = 360
  const left = band + 72
  // DejaVu Sans Bold is about 0.62 em a character: 64 px fits ~17 characters in 700 px.
  const two = wrapName(p.name, 17, 2)
  const fits = two.join(' ').length >= p.name.replace(/\s+/g, ' ').trim().length
  const [size, lines] = fits ? [64, two] : [52, wrapName(p.name, 21, 3)]
  const lead = Math.round(size * 1.18)
  const nameTop = 285 - ((lines.length - 1) * lead) / 2
  const category = p.category?.name.toLocaleUpperCase('fr-FR') ?? ''
  const name = lines
    .map(
      (l, i) =>
        `<text x="${left}" y="${nameTop + i * lead}" font-size="${size}" font-weight="700" fill="${INK}">${xml(l)}</text>`,
    )
    .join('')
  const priceY = nameTop + (lines.length - 1) * lead + 110
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}" font-family="${FONT}">` +
    `<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="${PAPER}"/>` +
    `<rect width="${band}" height="${OG_HEIGHT}" fill="${BRAND}"/>` +
    `<circle cx="${band / 2}" cy="270" r="118" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="4"/>` +
    `<text x="${band / 2}" y="318" font-size="150" font-weight="700" text-anchor="middle" fill="#ffffff" font-family="'DejaVu Serif', Georgia, serif">É</text>` +
    `<text x="${band / 2}" y="480" font-size="44" font-weight="700" text-anchor="middle" fill="#ffffff">Étal</text>` +
    `<text x="${band / 2}" y="530" font-size="24" text-anchor="middle" fill="#ffffff" fill-opacity="0.8">Boucherie en ligne</text>` +
    (category
      ? `<text x="${left}" y="${nameTop - size - 22}" font-size="28" font-weight="700" letter-spacing="3" fill="${BRAND}">${xml(category)}</text>`
      : '') +
    name +
    `<rect x="${left}" y="${priceY - 62}" width="80" height="6" rx="3" fill="${BRAND}"/>` +
    `<text x="${left}" y="${priceY}" font-size="48" font-weight="700" fill="${BRAND}">${xml(drawnPrice(p))}</text>` +
    `</svg>`
  )
}

/** The JPEG of that SVG. */
export const drawOgImage = (p: Drawn) =>
  sharp(Buffer.from(drawnOgSvg(p)))
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer()

/**
 * The drawn images, made on first request in the photo queue's turn (a full queue answers 503)
 * and kept in memory (4 MB, the least recently asked for out first), keyed by product and
 * version: a product changed is drawn again. Null for an id of no product on sale.
 */
export function createDrawnOgImages(cache: StorefrontCache, db: Executor, queue: PhotoQueue) {
  const kept = new LRUCache<string, Buffer, Drawn>({
    maxSize: 4 * 1024 * 1024,
    sizeCalculation: (b) => Math.max(1, b.length),
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => queue.run(() => drawOgImage(context)),
  })
  return {
    /** The product's current image, whatever version was asked (an old link shows today's). */
    async get(id: number): Promise<Buffer | null> {
      const answer = await catalogueAnswer(cache, db, { ids: [id] })
      const product = answer.value.products[0]
      if (!product) return null
      return (await kept.fetch(`${id}-${drawnOgVersion(product)}`, { context: product })) ?? null
    },
  }
}
export type DrawnOgImages = ReturnType<typeof createDrawnOgImages>
