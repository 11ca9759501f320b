// Product photos (docs/rules/catalogue.md#photos): the bounds, the widths made of each photo and the URLs
// that serve them, one rule for the server that makes them and the browser that asks for them.

/** The widths, in CSS pixels, a photo is served at (WebP); never wider than the original. */
export const PHOTO_WIDTHS = [160, 320, 640] as const
/** The largest file accepted, checked in the browser before sending and by the server. */
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024
/** The smallest original accepted: below it the card's 160 px image would be blown up. */
export const MIN_PHOTO_WIDTH = 160
export const MIN_PHOTO_HEIGHT = 120
/** The most pixels decoded: a larger picture (or a decompression bomb) is refused unread. */
export const MAX_PHOTO_PIXELS = 50_000_000

export const photoMessages = {
  tooLarge: 'La photo est trop lourde : 8 Mo au plus.',
  notImage: "Ce fichier n'est pas une image (JPEG, PNG, WebP, AVIF ou GIF).",
  corrupt: 'Cette image est illisible ou abîmée. Essayez une autre photo.',
  tooSmall: `La photo est trop petite : au moins ${MIN_PHOTO_WIDTH} × ${MIN_PHOTO_HEIGHT} pixels.`,
  tooManyPixels: 'La photo a trop de pixels (50 millions au plus).',
  empty: 'Aucune photo reçue.',
} as const

/** A stored photo as a product carries it: its key and its largest variant's size. */
export type Photo = { key: string; width: number; height: number }

/**
 * The widths a photo of largest width `width` has: the standard ones below it, then its own
 * (a 500 px original gives 160, 320 and 500; a 1600 px one 160, 320 and 640).
 */
export function photoWidths(width: number): number[] {
  return [...PHOTO_WIDTHS.filter((w) => w < width), width]
}

/** The URL of one width: it changes whenever the photo does (the key is its content hash). */
export const photoUrl = (key: string, width: number) => `/images/products/${key}/${width}.webp`

/** A key is the hex SHA-256 prefix written by the server; anything else is no photo. */
export const PHOTO_KEY = /^[0-9a-f]{32}$/

/** `srcset` of a photo: every width, or the smallest alone for a data-saving device. */
export function photoSrcSet(photo: Photo, saveData = false): string {
  const widths = photoWidths(photo.width)
  const chosen = saveData ? widths.slice(0, 1) : widths
  return chosen.map((w) => `${photoUrl(photo.key, w)} ${w}w`).join(', ')
}
