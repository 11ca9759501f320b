import { useState } from 'react'
import { photoSrcSet, photoUrl, photoWidths, type Photo } from '@/shared/photos'
import { cn } from '@/client/components/ui/cn'
import { useSaveData } from '@/client/lib/save-data'
import { CategoryPlaceholder } from './category-placeholder'

/** A card's picture: 96 px wide on a phone, a column of the grid from 640 px on (docs/rules/catalogue.md#photos). */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 272px, (min-width: 640px) 50vw, 96px'

/**
 * A product's picture: its uploaded photo (WebP widths in `srcset`, the browser picks the one
 * the box needs, the smallest alone for a data-saving device), else an image address of the shop's own (docs/decisions/0033), else its
 * category's placeholder, which also stands in for a picture that fails to load. width and
 * height give the ratio before the file arrives, so nothing shifts. The first row may load at
 * once (`eager`); the others when they near the screen. Nothing here reads the browser before
 * hydration: the server renders the same markup.
 */
export function ProductImage({
  photo,
  src,
  alt,
  category,
  className,
  sizes = CARD_IMAGE_SIZES,
  eager = false,
}: {
  photo?: Photo | null
  src: string | null | undefined
  alt: string
  category?: string | null
  className?: string
  sizes?: string
  eager?: boolean
}) {
  const saveData = useSaveData()
  const [failed, setFailed] = useState<string | null>(null)
  const fallback = photo ? photoUrl(photo.key, photoWidths(photo.width)[0]!) : src
  if (!fallback || failed === fallback)
    return <CategoryPlaceholder category={category} className={className} />
  const common = {
    alt,
    loading: eager ? ('eager' as const) : ('lazy' as const),
    decoding: 'async' as const,
    onError: () => setFailed(fallback),
    className: cn('bg-stone-100 object-cover', className),
  }
  if (photo)
    return (
      <img
        src={fallback}
        srcSet={photoSrcSet(photo, saveData)}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        {...common}
      />
    )
  return <img src={fallback} width={400} height={300} {...common} />
}
