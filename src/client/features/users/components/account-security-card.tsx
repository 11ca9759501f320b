import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { formatDateTime } from '@/shared/format'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog'
import { api } from '@/client/lib/api'
import { callKey } from '@/client/lib/queries'
import { useSession } from '@/client/lib/session'
import { toast } from '@/client/lib/toast'
import type { UserHistory } from '../api/users-api'

const said = {
  two_factor_enabled: 'Double authentification activée',
  two_factor_reset: 'Double authentification réinitialisée',
}

/**
 * An account's second factor on its history page (docs/rules/people.md#accounts): whether it is
 * on, who enrolled or reset it and when; root may reset another account's (a lost phone): its
 * sessions end and it enrols again at its next sign-in.
 */
export function AccountSecurityCard({ h }: { h: UserHistory }) {
  const session = useSession()
  const qc = useQueryClient()
  const [asking, setAsking] = useState(false)
  const reset = useMutation({
    mutationFn: () => api.post('/_api/admin/users/reset-two-factor', { userId: h.user.id }),
    onSuccess: async () => {
      setAsking(false)
      toast.success('Double authentification réinitialisée.')
      await qc.invalidateQueries({ queryKey: callKey('/_api/admin/userhistory') })
    },
    onError: (e) => toast.error(e.message),
  })
  const mayReset = session.user?.role === 'root' && session.user.id !== h.user.id && h.twoFactorEnabled
  return (
    <Card>
      <CardHeader>
        <CardTitle>Double authentification</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-stone-700">
        <p>{h.twoFactorEnabled ? 'Activée.' : 'Non activée.'}</p>
        {h.accountEvents.length > 0 && (
          <ul className="space-y-1" aria-label="Historique de la double authentification">
            {h.accountEvents.map((ev) => (
              <li key={ev.id}>
                {formatDateTime(ev.createdAt)} : {said[ev.kind]}
                {ev.byName ? ` par ${ev.byName}` : ''}
              </li>
            ))}
          </ul>
        )}
        {mayReset && (
          <>
            <Button type="button" variant="outline" onClick={() => setAsking(true)}>
              Réinitialiser la double authentification
            </Button>
            <ConfirmDialog
              open={asking}
              onOpenChange={setAsking}
              title="Réinitialiser la double authentification ?"
              description={`${h.user.displayName} sera déconnecté(e) partout et devra inscrire une nouvelle application à sa prochaine connexion.`}
              confirmLabel="Réinitialiser"
              destructive
              pending={reset.isPending}
              onConfirm={() => reset.mutate()}
            />
          </>
        )}
      </CardContent>
    </Card>
  )
}
