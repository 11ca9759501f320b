import { LocateFixed } from 'lucide-react'
import { useState } from 'react'
import { mapPointHref } from '@/shared/contact-links'
import { Button } from '@/client/components/ui/button'

export type MapPoint = { latitude: number; longitude: number }

const round6 = (v: number) => Math.round(v * 1e6) / 1e6

/**
 * The map point of an address (docs/rules/people.md#delivery-addresses): taken from the phone's
 * location only when the client taps the button (the browser then asks its consent), never on
 * its own; shown with a link to check it on the map, and removable.
 */
export function MapPointField({
  id,
  value,
  onChange,
}: {
  id: string
  value: MapPoint | null
  onChange: (next: MapPoint | null) => void
}) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null })
  const locate = () => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setState({ busy: false, error: 'Ce navigateur ne donne pas sa position : décrivez un repère.' })
      return
    }
    setState({ busy: true, error: null })
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setState({ busy: false, error: null })
        onChange({ latitude: round6(pos.coords.latitude), longitude: round6(pos.coords.longitude) })
      },
      (err) =>
        setState({
          busy: false,
          error:
            err.code === err.PERMISSION_DENIED
              ? 'Position refusée : autorisez la localisation pour ce site, ou décrivez un repère.'
              : 'Position introuvable pour le moment : réessayez, ou décrivez un repère.',
        }),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    )
  }
  return (
    <div className="space-y-1.5" role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="text-sm font-medium text-stone-800">
        Point sur la carte (facultatif)
      </p>
      {value ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700">
          <span data-testid={`${id}-value`}>
            Position enregistrée ({value.latitude.toFixed(5)}, {value.longitude.toFixed(5)})
          </span>
          <a
            href={mapPointHref(value.latitude, value.longitude)}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand underline-offset-4 hover:underline"
          >
            Voir sur la carte
          </a>
          <Button variant="link" size="sm" onClick={() => onChange(null)}>
            Retirer la position
          </Button>
        </div>
      ) : (
        <>
          <Button variant="outline" size="sm" onClick={locate} disabled={state.busy}>
            <LocateFixed className="h-4 w-4" aria-hidden />
            {state.busy ? 'Localisation…' : 'Utiliser ma position actuelle'}
          </Button>
          <p className="text-xs text-stone-600">
            Seulement si vous êtes à cette adresse : le livreur verra ce point sur sa carte.
          </p>
        </>
      )}
      {state.error && (
        <p role="alert" className="text-sm text-red-800">
          {state.error}
        </p>
      )}
    </div>
  )
}
