import { Beef } from 'lucide-react'
import { cn } from '../../../components/ui/cn'

/** A product's picture, or a placeholder when it has none (SPEC §3). */
export function ProductImage({ src, alt, className }: { src: string | null | undefined; alt: string; className?: string }) {
  if (!src) {
    return (
      <div className={cn('grid place-items-center bg-brand-light text-brand/60', className)} aria-hidden>
        <Beef className="h-1/3 w-1/3" />
      </div>
    )
  }
  return <img src={src} alt={alt} loading="lazy" className={cn('object-cover', className)} />
}
