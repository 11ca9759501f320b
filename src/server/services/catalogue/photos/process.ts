import { createHash } from 'node:crypto'
import sharp, { type Metadata } from 'sharp'
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  MIN_PHOTO_HEIGHT,
  MIN_PHOTO_WIDTH,
  PHOTO_WIDTHS,
  photoMessages,
  photoWidths,
} from '@/shared/photos'
import { badRequest, HttpError } from '@/server/http/errors'

// Two cores shared with the database: one resize at a time, and no decoded image kept around.
sharp.concurrency(1)
sharp.cache(false)

/** Raised with the processing of every photo: a change here gives every photo new URLs. */
const PIPELINE = 'webp-q75-v1'
const WEBP = { quality: 75, effort: 4 } as const

/** What the bytes are, read from the bytes themselves (sharp's own detection), never a name. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'tiff'])

export type Variant = { width: number; height: number; bytes: Buffer }
export type ProcessedPhoto = { key: string; width: number; height: number; variants: Variant[] }

const refuse = (message: string) => badRequest(message, { photo: [message] })

/**
 * Checks an upload and makes its WebP widths (docs/rules/catalogue.md#photos): the type from its bytes,
 * its size and pixel count; turned upright, resized (never enlarged), its metadata (EXIF: the
 * phone's GPS position among it) left behind, as sharp does unless told to keep it.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  if (input.length === 0) throw refuse(photoMessages.empty)
  if (input.length > MAX_PHOTO_BYTES) throw new HttpError(413, 'PAYLOAD_TOO_LARGE', photoMessages.tooLarge)
  let meta: Metadata
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata()
  } catch {
    throw refuse(photoMessages.notImage)
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw refuse(photoMessages.notImage)
  if (!meta.width || !meta.height) throw refuse(photoMessages.corrupt)
  if (meta.width * meta.height > MAX_PHOTO_PIXELS) throw refuse(photoMessages.tooManyPixels)
  // Width and height as shown: an EXIF orientation of 5 to 8 turns the picture a quarter.
  const quarter = (meta.orientation ?? 1) >= 5
  const shownWidth = quarter ? meta.height : meta.width
  const shownHeight = quarter ? meta.width : meta.height
  if (shownWidth < MIN_PHOTO_WIDTH || shownHeight < MIN_PHOTO_HEIGHT) throw refuse(photoMessages.tooSmall)

  const largest = Math.min(shownWidth, PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!)
  try {
    // Decoded once, upright; a truncated or damaged file fails here ('error': not on mere warnings).
    const upright = await sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true })
    const { width, height, channels } = upright.info
    const source = () => sharp(upright.data, { raw: { width, height, channels } })
    const variants: Variant[] = []
    for (const w of photoWidths(width)) {
      const out = await source()
        .resize({ width: w, withoutEnlargement: true })
        .webp(WEBP)
        .toBuffer({ resolveWithObject: true })
      variants.push({ width: out.info.width, height: out.info.height, bytes: out.data })
    }
    const key = createHash('sha256').update(PIPELINE).update(input).digest('hex').slice(0, 32)
    return { key, width, height, variants }
  } catch {
    throw refuse(photoMessages.corrupt)
  }
}
