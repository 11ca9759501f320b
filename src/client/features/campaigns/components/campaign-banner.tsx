import { CalendarHeart } from 'lucide-react'
import { Link } from 'react-router'
import { formatDate } from '@/shared/format'
import { useOpenCampaigns } from '../api/use-campaigns'

/**
 * The campaigns open now, as a band on the home page (docs/rules/campaigns-client.md#the-pages):
 * nothing while none is open, nor in the server's page (it is asked by the browser).
 */
export function CampaignBanner() {
  const open = useOpenCampaigns()
  const list = open.data ?? []
  if (list.length === 0) return null
  return (
    <section aria-label="Campagnes en cours" className="space-y-2" data-testid="campaign-banner">
      {list.map((c) => (
        <Link
          key={c.id}
          to={`/campagnes/${c.id}`}
          className="flex items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 hover:bg-amber-100"
        >
          <CalendarHeart className="h-8 w-8 shrink-0 text-amber-700" aria-hidden />
          <span>
            <span className="block font-semibold">{c.name} : réservez votre animal</span>
            <span className="block text-sm">
              Fête le {formatDate(c.feastDate)}. Acompte à la réservation, le reste en plusieurs fois.
            </span>
          </span>
        </Link>
      ))}
    </section>
  )
}
