import { LoaderCircle } from 'lucide-react'
import { cn } from './cn'

const sizes = { sm: 'h-4 w-4', md: 'h-5 w-5', lg: 'h-8 w-8' }
const tones = { muted: 'text-stone-500', current: 'text-current' }

/**
 * A turning circle that says what is loading. Its size and colour are props, not classes given
 * to it: `cn` joins classes without merging them, so an `h-4` beside an `h-5` would lose by the
 * stylesheet's order. `current` takes the colour of the text around it (a button's).
 */
export function Spinner({
  size = 'md',
  tone = 'muted',
  label = 'Chargement…',
}: {
  size?: keyof typeof sizes
  tone?: keyof typeof tones
  label?: string
}) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <LoaderCircle aria-hidden className={cn('animate-spin', sizes[size], tones[tone])} />
    </span>
  )
}

/** A page's spinner; hidden without script, which would never end it (web/document.ts). */
export function PageSpinner() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center" data-needs-script="">
      <Spinner size="lg" />
    </div>
  )
}
