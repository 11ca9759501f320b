import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { grantCreditInput, type CreditStatement } from '@/shared/schemas/credit'
import { formatMoney } from '@/shared/format'
import type { z } from '@/shared/schemas/zod'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { Input } from '@/client/components/ui/field'
import { FormField } from '@/client/components/ui/form-field'
import { QueryState } from '@/client/components/ui/query-state'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { CreditStatementView } from '@/client/components/credit-statement'
import { api, errorMessage } from '@/client/lib/api'
import { queryKeyFor, queryOptionsFor } from '@/client/lib/queries'
import { toast } from '@/client/lib/toast'

/**
 * docs/rules/store-credit.md#grants: a client's store credit on its page for staff, and a grant
 * (or, negative, a withdrawal) with the reason the client reads.
 */
export function CreditCard({ userId, name }: { userId: number; name: string }) {
  const credit = useQuery(queryOptionsFor('/_api/admin/users/credit', { userId }))
  const [open, setOpen] = useState(false)
  return (
    <Card data-testid="user-credit">
      <CardHeader className="flex flex-row items-center justify-between gap-3">
        <CardTitle>Avoir</CardTitle>
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          Accorder un avoir
        </Button>
      </CardHeader>
      <CardContent>
        <QueryState query={credit} loading={<SkeletonRows count={2} />} errorTitle="Erreur de chargement">
          {(statement) => <CreditStatementView statement={statement} empty="Aucun mouvement d’avoir" />}
        </QueryState>
        <GrantDialog userId={userId} name={name} open={open} onOpenChange={setOpen} />
      </CardContent>
    </Card>
  )
}

type GrantInput = z.input<typeof grantCreditInput>

function GrantDialog({
  userId,
  name,
  open,
  onOpenChange,
}: {
  userId: number
  name: string
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const qc = useQueryClient()
  const form = useForm<GrantInput, unknown, z.output<typeof grantCreditInput>>({
    resolver: zodResolver(grantCreditInput),
    values: { userId, amount: '' as unknown as number, reason: '' },
  })
  const grant = useMutation({
    mutationFn: (input: z.output<typeof grantCreditInput>) => api.post('/_api/admin/users/credit', input),
    onSuccess: (statement: CreditStatement) => {
      qc.setQueryData(queryKeyFor('/_api/admin/users/credit', { userId }), statement)
      toast.success(`Avoir de ${name} : ${formatMoney(statement.balance)}.`)
      onOpenChange(false)
      form.reset()
    },
    onError: (e) => toast.error(errorMessage(e, 'L’avoir n’a pas été modifié.')),
  })
  const onSubmit = form.handleSubmit((input) => grant.mutateAsync(input))
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Accorder un avoir"
      description={`L’avoir de ${name}, utilisable à sa prochaine commande. Un montant négatif en retire.`}
    >
      <form onSubmit={(e) => void onSubmit(e).catch(() => undefined)} noValidate className="space-y-4">
        <FormField
          form={form}
          name="amount"
          id="credit-amount"
          label="Montant (F CFA)"
          options={{ setValueAs: (v: unknown) => (String(v).trim() === '' ? undefined : Number(v)) }}
        >
          {(control) => <Input inputMode="numeric" {...control} />}
        </FormField>
        <FormField
          form={form}
          name="reason"
          id="credit-reason"
          label="Raison (lue par le client)"
          hint="Ex. Viande livrée en retard"
        >
          {(control) => <Input {...control} />}
        </FormField>
        <FormActions
          onCancel={() => onOpenChange(false)}
          pending={grant.isPending}
          submitLabel="Enregistrer"
        />
      </form>
    </Dialog>
  )
}
