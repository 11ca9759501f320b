import { Beef } from 'lucide-react'
import { useState } from 'react'
import { cn } from '@/client/components/ui/cn'

/**
 * A product's picture, or a placeholder when it has none or it fails to load.
 * Pictures are admin-given URLs, one size each (no srcset to offer): the box fixes the size
 * (the caller's classes; width/height give the 4:3 ratio before the file arrives, so nothing
 * shifts), and the browser fetches a picture only when it nears the screen and decodes it off
 * the main thread. None is the largest paint of a page (the headings are), so none is eager.
 */
export function ProductImage({
  src,
  alt,
  className,
}: {
  src: string | null | undefined
  alt: string
  className?: string
}) {
  const [failed, setFailed] = useState<string | null>(null)
  if (!src || failed === src) {
    return (
      <div className={cn('grid place-items-center bg-brand-light text-brand/60', className)} aria-hidden>
        <Beef className="h-1/3 w-1/3" />
      </div>
    )
  }
  return (
    <img
      src={src}
      alt={alt}
      width={400}
      height={300}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src)}
      className={cn('bg-brand-light object-cover', className)}
    />
  )
}
