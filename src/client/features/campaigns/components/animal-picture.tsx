import { useState } from 'react'
import { photoUrl } from '@/shared/photos'
import { cn } from '@/client/components/ui/cn'

/** A sheep drawn in a few strokes: an animal without a photo (decorative). */
export function DrawnSheep({ className }: { className?: string }) {
  return (
    <div
      className={cn('grid place-items-center bg-amber-50 text-amber-900/50', className)}
      aria-hidden
      data-placeholder="animal"
    >
      <svg viewBox="0 0 120 90" className="h-2/3 w-2/3" fill="none" stroke="currentColor" strokeWidth="3">
        <path d="M30 50c-8 0-12-8-8-14 0-8 8-12 14-9 3-7 12-9 18-5 5-5 15-4 18 2 7-2 14 4 12 11 6 4 5 14-2 16 1 7-7 12-13 9-5 5-14 5-18 0-6 4-15 1-16-5-3 0-5-2-5-5Z" />
        <path d="M88 40c6-4 14-2 16 4 2 7-3 13-10 13" />
        <circle cx="98" cy="46" r="1.5" fill="currentColor" />
        <path d="M40 66v14M52 68v12M68 68v12M80 66v14" />
      </svg>
    </div>
  )
}

/** An animal's first photo (a key of the photo store), or the drawn sheep. */
export function AnimalPicture({
  photos,
  alt,
  className,
  eager,
}: {
  photos: readonly string[]
  alt: string
  className?: string
  eager?: boolean
}) {
  const [broken, setBroken] = useState(false)
  const key = photos[0]
  if (!key || broken) return <DrawnSheep className={className} />
  return (
    <img
      src={photoUrl(key, 320)}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setBroken(true)}
      className={cn('bg-stone-100 object-cover', className)}
    />
  )
}
