import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import type { Executor } from '../db/client'
import { productPhotoVariants, productPhotos } from '../db/schema'
import { processPhoto } from '../services/catalogue/photos/process'

/**
 * The demo's animal pictures (docs/rules/campaigns.md#campaigns): simple drawings written here as
 * SVG, no photograph of unknown licence. Each made into the photo store's WebP widths when the demo
 * is seeded, as an upload would be (`processPhoto`), and kept in the database's photo tables (the
 * embedded demo's store); a store on S3 gets none: the animals are then shown without a picture.
 */
type Look = {
  fleece: string
  head: string
  spots?: string
  horns?: boolean
  ears?: 'long' | 'short'
  sky: string
}

export const demoLooks: Record<string, Look> = {
  ladoum: {
    fleece: '#f4f1ea',
    head: '#f4f1ea',
    spots: '#2b2b2b',
    horns: true,
    ears: 'short',
    sky: '#cfe8f3',
  },
  touabire: { fleece: '#e9e2d0', head: '#e9e2d0', ears: 'long', sky: '#f6e2b8' },
  baliBali: { fleece: '#fbfaf6', head: '#fbfaf6', horns: true, ears: 'long', sky: '#d9ead3' },
  peul: { fleece: '#f1ece2', head: '#7a4a2a', spots: '#7a4a2a', ears: 'short', sky: '#f3d9c9' },
}

/** A standing sheep, side view, 640 × 480: body, legs, head, ears, horns and spots by its look. */
export function sheepDrawing(l: Look) {
  const spots = l.spots
    ? `<ellipse cx="300" cy="230" rx="40" ry="26" fill="${l.spots}"/><ellipse cx="380" cy="280" rx="28" ry="18" fill="${l.spots}"/>`
    : ''
  const ear =
    l.ears === 'long'
      ? `<path d="M470 170 q-10 70 -40 80 q10 -50 20 -80z" fill="${l.head}" stroke="#333" stroke-width="4"/>`
      : `<ellipse cx="455" cy="175" rx="28" ry="12" fill="${l.head}" stroke="#333" stroke-width="4" transform="rotate(25 455 175)"/>`
  const horns = l.horns
    ? `<path d="M480 150 q-40 -40 -60 10 q20 30 40 0" fill="none" stroke="#8a6d3b" stroke-width="12" stroke-linecap="round"/>`
    : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480">
<rect width="640" height="480" fill="${l.sky}"/>
<rect y="380" width="640" height="100" fill="#c9b27c"/>
<g stroke="#333" stroke-width="4">
<rect x="200" y="300" width="22" height="110" rx="8" fill="#5b4636"/>
<rect x="250" y="300" width="22" height="110" rx="8" fill="#5b4636"/>
<rect x="380" y="300" width="22" height="110" rx="8" fill="#5b4636"/>
<rect x="430" y="300" width="22" height="110" rx="8" fill="#5b4636"/>
<ellipse cx="320" cy="250" rx="170" ry="95" fill="${l.fleece}"/>
</g>
${spots}
<g stroke="#333" stroke-width="4">
<ellipse cx="500" cy="190" rx="55" ry="40" fill="${l.head}" transform="rotate(20 500 190)"/>
</g>
${ear}${horns}
<circle cx="515" cy="180" r="6" fill="#222"/>
<path d="M150 240 q-30 10 -20 50" fill="none" stroke="#333" stroke-width="6" stroke-linecap="round"/>
</svg>`
}

/**
 * The drawings' keys in the photo store, made and stored once (a second seeding finds them):
 * `look name → key`.
 */
export async function storeDemoDrawings(db: Executor): Promise<Record<string, string>> {
  const keys: Record<string, string> = {}
  for (const [name, look] of Object.entries(demoLooks)) {
    // Drawn as SVG, rasterised (PNG) as a camera's picture would come, then made as an upload.
    const png = await sharp(Buffer.from(sheepDrawing(look)))
      .png()
      .toBuffer()
    const photo = await processPhoto(png)
    keys[name] = photo.key
    const [known] = await db.select().from(productPhotos).where(eq(productPhotos.key, photo.key))
    if (known) continue
    await db.insert(productPhotos).values({ key: photo.key, width: photo.width, height: photo.height })
    await db
      .insert(productPhotoVariants)
      .values(photo.variants.map((v) => ({ key: photo.key, width: v.width, bytes: v.bytes })))
      .onConflictDoNothing()
  }
  return keys
}
