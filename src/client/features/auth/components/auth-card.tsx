import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { homeRouteFor } from '@/shared/domain/roles'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader } from '@/client/components/ui/card'
import { useSession } from '@/client/lib/session'

/** The frame of the sign-in and sign-up pages; a signed-in person is pointed to its dashboard. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string
  subtitle?: string
  children: ReactNode
  footer?: ReactNode
}) {
  const session = useSession()
  return (
    <div className="mx-auto w-full max-w-md py-4 sm:py-10">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
          {subtitle && <p className="text-sm text-stone-600">{subtitle}</p>}
        </CardHeader>
        <CardContent className="space-y-5">
          {session.status === 'authenticated' && (
            <div className="rounded-md border border-sky-200 bg-sky-50 p3 p-3 text-sm text-sky-900">
              Vous êtes connecté(e) en tant que <strong>{session.user.displayName}</strong>.{' '}
              <Button asChild variant="link" size="sm" className="h-auto">
                <Link to={homeRouteFor(session.user.role)}>Aller au tableau de bord</Link>
              </Button>
            </div>
          )}
          {children}
          {footer && (
            <div className="space-y-1 border-t border-stone-100 pt-4 text-sm text-stone-600">{footer}</div>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
