import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { formatDateTime } from '@/shared/format'
import type { SessionInfo } from '@/shared/schemas/auth'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { PageHeader } from '@/client/components/ui/page-header'
import { QueryState } from '@/client/components/ui/query-state'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { api } from '@/client/lib/api'
import { callKey, queryOptionsFor } from '@/client/lib/queries'
import { sessionKey } from '@/client/lib/session'
import { toast } from '@/client/lib/toast'
import { EnrolStep } from '@/client/features/auth/components/second-step'

/**
 * /account/security (docs/rules/people.md#accounts): the staff member's second factor (enrolled,
 * or enrol it now: admins and drivers may, root and super_admin did at sign-in) and its active
 * sessions, each of which it can end, or all the others at once.
 */
export default function SecurityPage() {
  return (
    <>
      <PageHeader
        title="Sécurité du compte"
        description="Votre double authentification et les appareils connectés à votre compte."
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <TwoFactorCard />
        <SessionsCard />
      </div>
    </>
  )
}

function TwoFactorCard() {
  const qc = useQueryClient()
  const status = useQuery(queryOptionsFor('/_api/auth/two_factor/status'))
  const [enrolling, setEnrolling] = useState(false)
  return (
    <Card>
      <CardHeader>
        <CardTitle>Double authentification</CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState query={status} loading={<SkeletonRows count={2} />} errorTitle="Erreur de chargement">
          {(s) =>
            enrolling ? (
              <EnrolStep
                replacing={s.enabled}
                intro={
                  s.enabled
                    ? 'Nouveau téléphone ? Une fois la nouvelle application enregistrée, l’ancienne cessera de fonctionner et vos codes de secours seront remplacés.'
                    : 'Un code en plus du mot de passe : un mot de passe volé n’ouvre plus votre compte.'
                }
                doneLabel="J’ai noté mes codes de secours"
                onDone={() => {
                  setEnrolling(false)
                  void qc.invalidateQueries({ queryKey: callKey('/_api/auth/two_factor/status') })
                  toast.success(
                    s.enabled ? 'Nouvelle application enregistrée.' : 'Double authentification activée.',
                  )
                }}
              />
            ) : s.enabled ? (
              <div className="space-y-3 text-sm text-stone-700">
                <p>
                  <strong className="text-emerald-800">Activée.</strong> Chaque connexion demande le code de
                  votre application d’authentification.
                </p>
                <p>
                  Codes de secours restants : <strong>{s.recoveryCodesLeft}</strong> sur 10. Téléphone perdu
                  et plus de codes ? Demandez à l’administrateur root de réinitialiser votre double
                  authentification.
                </p>
                <Button type="button" variant="outline" onClick={() => setEnrolling(true)}>
                  Changer d’application
                </Button>
              </div>
            ) : (
              <div className="space-y-3 text-sm text-stone-700">
                <p>
                  Pas encore activée. Avec elle, chaque connexion demande aussi un code à 6 chiffres de votre
                  téléphone : un mot de passe volé ne suffit plus.
                </p>
                <Button type="button" onClick={() => setEnrolling(true)}>
                  Activer la double authentification
                </Button>
              </div>
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  )
}

function SessionsCard() {
  const qc = useQueryClient()
  const navigate = useNavigate()
  const sessions = useQuery(queryOptionsFor('/_api/account/sessions'))
  const refresh = () => qc.invalidateQueries({ queryKey: callKey('/_api/account/sessions') })
  const endOne = useMutation({
    mutationFn: (s: SessionInfo) => api.post('/_api/account/sessions/end', { id: s.id }),
    onSuccess: async (_answer, s) => {
      if (s.current) {
        // This device's own session: signed out here.
        qc.setQueryData(sessionKey, null)
        navigate('/employee/login', { replace: true })
        return
      }
      toast.success('Session terminée.')
      await refresh()
    },
    onError: (e) => toast.error(e.message),
  })
  const endOthers = useMutation({
    mutationFn: () => api.post('/_api/account/sessions/end-others'),
    onSuccess: async ({ ended }) => {
      toast.success(ended === 1 ? '1 autre session terminée.' : `${ended} autres sessions terminées.`)
      await refresh()
    },
    onError: (e) => toast.error(e.message),
  })
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions actives</CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState query={sessions} loading={<SkeletonRows count={3} />} errorTitle="Erreur de chargement">
          {({ sessions: list }) => (
            <div className="space-y-3">
              <ul className="divide-y divide-stone-200" aria-label="Sessions actives">
                {list.map((s) => (
                  <li key={s.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
                    <div className="text-sm">
                      <p className="font-medium text-stone-900">
                        {s.device}
                        {s.current && (
                          <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-900">
                            Cet appareil
                          </span>
                        )}
                      </p>
                      <p className="text-stone-600">
                        Ouverte le {formatDateTime(s.createdAt)} · dernière activité le{' '}
                        {formatDateTime(s.lastSeenAt)}
                      </p>
                      <p className="text-stone-600">Adresse IP : {s.ip ?? 'inconnue'}</p>
                    </div>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      disabled={endOne.isPending}
                      onClick={() => endOne.mutate(s)}
                      aria-label={s.current ? undefined : `Terminer la session ${s.device}`}
                    >
                      {s.current ? 'Se déconnecter' : 'Terminer'}
                    </Button>
                  </li>
                ))}
              </ul>
              {list.length > 1 && (
                <Button
                  type="button"
                  variant="destructive"
                  disabled={endOthers.isPending}
                  onClick={() => endOthers.mutate()}
                >
                  Terminer toutes les autres sessions
                </Button>
              )}
            </div>
          )}
        </QueryState>
      </CardContent>
    </Card>
  )
}
