import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Bell } from 'lucide-react'
import { useState } from 'react'
import type { NotificationPrefs } from '@/shared/schemas/auth'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { QueryState } from '@/client/components/ui/query-state'
import { Skeleton } from '@/client/components/ui/skeleton'
import { api } from '@/client/lib/api'
import { queryKeyFor, queryOptionsFor } from '@/client/lib/queries'
import { toast } from '@/client/lib/toast'

const prefsKey = queryKeyFor('/_api/account/notifications')

/**
 * "Me prévenir par : e-mail, SMS" (docs/rules/orders.md#messages): how the client is told of its
 * orders. Each box saves at once; at least one stays ticked (the server says so too); SMS needs
 * a phone number on the account. The SMS end with "STOP SMS: Mon compte": unticking SMS here is
 * how they stop.
 */
export function NotificationPrefsCard() {
  const qc = useQueryClient()
  const [error, setError] = useState<string | null>(null)
  // The choice being saved, shown from the click on: React puts a controlled box back as it was
  // after its change event unless the state changed in that event, and the mutation's own pending
  // state comes a moment later (the box flickered off, and a quick second look found it unticked).
  const [saving, setSaving] = useState<NotificationPrefs | null>(null)
  const query = useQuery(queryOptionsFor('/_api/account/notifications'))
  const save = useMutation({
    mutationFn: (prefs: NotificationPrefs) => api.post('/_api/account/notifications', prefs),
    onSuccess: (answer) => {
      setError(null)
      qc.setQueryData(prefsKey, answer)
      toast.success('Préférence enregistrée.')
    },
    onError: (e) => setError(e instanceof Error ? e.message : 'La préférence n’a pas été enregistrée.'),
  })

  const body = (
    <QueryState query={query} loading={<Skeleton className="h-16 w-full" />}>
      {(data) => {
        const { phoneNumber } = data
        // The boxes show the choice at once, while it is saved; a refusal puts back what is saved.
        const prefs = saving ?? data.prefs
        const change = (next: NotificationPrefs) => {
          setSaving(next)
          save.mutate(next, { onSettled: () => setSaving(null) })
        }
        return (
          <fieldset className="space-y-3" disabled={saving !== null}>
            <legend className="text-sm font-medium text-stone-800">Me prévenir par :</legend>
            <label className="flex items-center gap-3 text-sm text-stone-800">
              <input
                type="checkbox"
                className="h-5 w-5 accent-brand"
                checked={prefs.email}
                onChange={(e) => change({ ...prefs, email: e.target.checked })}
              />
              e-mail
            </label>
            <label className="flex items-center gap-3 text-sm text-stone-800">
              <input
                type="checkbox"
                className="h-5 w-5 accent-brand"
                checked={prefs.sms}
                disabled={!phoneNumber && !prefs.sms}
                aria-describedby="sms-hint"
                onChange={(e) => change({ ...prefs, sms: e.target.checked })}
              />
              SMS
            </label>
            <p id="sms-hint" className="text-xs text-stone-600">
              {phoneNumber
                ? `Au ${phoneNumber} : commande reçue, pesée, en route, livrée ou annulée. Décochez SMS pour ne plus en recevoir.`
                : 'Ajoutez un numéro de téléphone à votre compte pour recevoir des SMS.'}
            </p>
            {error && (
              <p role="alert" className="text-sm text-red-800">
                {error}
              </p>
            )}
          </fieldset>
        )
      }}
    </QueryState>
  )
  return (
    <Card>
      <CardHeader className="flex flex-row items-center gap-3">
        <span className="grid h-10 w-10 place-items-center rounded-full bg-brand-light text-brand">
          <Bell className="h-5 w-5" aria-hidden />
        </span>
        <CardTitle>Mes messages</CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  )
}
