import { MessageCircle, Phone } from 'lucide-react'
import { telHref, whatsAppHref } from '@/shared/contact-links'
import { cn } from './ui/cn'

/**
 * A phone number as a tel: link, and a WhatsApp link with a French message prefilled for the
 * context (docs/rules/people.md#phones). `who` names the person in the links' accessible names.
 */
export function PhoneLinks({
  phone,
  who,
  message,
  className,
}: {
  phone: string | null | undefined
  who: string
  message?: string
  className?: string
}) {
  if (!phone) return <span className="text-stone-500">N/A</span>
  const wa = whatsAppHref(phone, message)
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-x-3 gap-y-1', className)}>
      <a
        href={telHref(phone)}
        className="inline-flex items-center gap-1 text-brand hover:underline"
        aria-label={`Appeler ${who} au ${phone}`}
      >
        <Phone className="h-3.5 w-3.5 shrink-0" aria-hidden />
        {phone}
      </a>
      {wa && (
        <a
          href={wa}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-emerald-700 hover:underline"
          aria-label={`Écrire à ${who} sur WhatsApp`}
        >
          <MessageCircle className="h-3.5 w-3.5 shrink-0" aria-hidden />
          WhatsApp
        </a>
      )}
    </span>
  )
}
