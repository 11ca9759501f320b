import { MessageCircle, Phone } from 'lucide-react'
import { telHref, whatsAppHref } from '@/shared/contact-links'
import { useCountries } from '@/client/lib/reference-data'

/**
 * The shop's own phone and WhatsApp in a country (a setting of each country, docs/rules/people.md#phones),
 * as one-tap links; nothing when the country has neither. `message` prefills the WhatsApp text.
 */
export function ShopContact({
  countryId,
  message,
  title,
}: {
  countryId: number | null
  message?: string
  title?: string
}) {
  const countries = useCountries()
  const country = countryId == null ? undefined : countries.data?.find((c) => c.id === countryId)
  if (!country || (!country.shopPhone && !country.shopWhatsapp)) return null
  const wa = country.shopWhatsapp ? whatsAppHref(country.shopWhatsapp, message) : null
  return (
    <div className={title ? 'border-t border-stone-100 pt-3' : undefined}>
      {title && <p className="mb-2 font-medium text-stone-900">{title}</p>}
      <ul className="space-y-2 text-sm text-stone-700" aria-label={`Joindre Étal ${country.name}`}>
        {country.shopPhone && (
          <li className="flex items-center gap-2">
            <Phone className="h-4 w-4 text-brand" aria-hidden />
            <a href={telHref(country.shopPhone)} className="text-brand hover:underline">
              {country.shopPhone}
            </a>
          </li>
        )}
        {wa && (
          <li className="flex items-center gap-2">
            <MessageCircle className="h-4 w-4 text-emerald-700" aria-hidden />
            <a
              href={wa}
              target="_blank"
              rel="noopener noreferrer"
              className="text-emerald-700 hover:underline"
            >
              WhatsApp {country.shopWhatsapp}
            </a>
          </li>
        )}
      </ul>
    </div>
  )
}
