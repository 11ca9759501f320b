import { MapPin } from 'lucide-react'
import { mapPointHref } from '@/shared/contact-links'
import type { AddressView } from '@/shared/schemas/addresses'

/** What an address says to whoever reads it: its place, its landmark, its second phone, its point. */
export function AddressLines({ address: a, mapLink = true }: { address: AddressView; mapLink?: boolean }) {
  return (
    <span className="block space-y-0.5 text-sm text-stone-700">
      <span className="block">{a.address}</span>
      <span className="block text-stone-600">
        {a.zoneName}, {a.cityName}
      </span>
      {a.landmark && <span className="block">Repère : {a.landmark}</span>}
      {a.secondPhone && <span className="block">Autre téléphone : {a.secondPhone}</span>}
      {a.latitude != null && a.longitude != null && !mapLink && (
        <span className="block">Point sur la carte enregistré</span>
      )}
      {a.latitude != null && a.longitude != null && mapLink && (
        <a
          href={mapPointHref(a.latitude, a.longitude)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-brand underline-offset-4 hover:underline"
        >
          <MapPin className="h-3.5 w-3.5" aria-hidden />
          Voir le point sur la carte
        </a>
      )}
    </span>
  )
}
