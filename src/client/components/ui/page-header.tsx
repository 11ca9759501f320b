import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { backRouteFor } from '@/shared/domain/roles'
import { useSession } from '@/client/lib/session'

/** A page's title, with the back button to the role's home and actions on the right. */
export function PageHeader({
  title,
  description,
  actions,
  back = true,
}: {
  title: ReactNode
  description?: ReactNode
  actions?: ReactNode
  back?: boolean | string
}) {
  const { user } = useSession()
  const { pathname } = useLocation()
  const to = typeof back === 'string' ? back : backRouteFor(user?.role, pathname)
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex items-start gap-3">
        {back !== false && to !== pathname && (
          <Link
            to={to}
            aria-label="Retour"
            className="mt-1 rounded-md p-1.5 text-stone-600 hover:bg-stone-100"
          >
            <ArrowLeft className="h-5 w-5" aria-hidden />
          </Link>
        )}
        <div>
          <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
          {description && <p className="mt-1 text-sm text-stone-600">{description}</p>}
        </div>
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  )
}
