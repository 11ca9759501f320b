import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { shareCreateInput } from '@/shared/schemas/campaigns'
import type { z } from '@/shared/schemas/zod'
import { Dialog, FormActions } from '@/client/components/ui/dialog'
import { Input } from '@/client/components/ui/field'
import { FormField } from '@/client/components/ui/form-field'
import { useSaveShare } from '../api/use-campaigns'
import { numeric, requiredNumber } from '../lib/form-values'

type Form = z.input<typeof shareCreateInput>
type Out = z.output<typeof shareCreateInput>
type Share = { id: number; name: string; price: number; stock: number }

/** "Ajouter une part" / "Modifier" (docs/rules/campaigns.md#campaigns): a half, a quarter, sold by count. */
export function ShareDialog({
  open,
  onOpenChange,
  campaignId,
  share,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
  campaignId: number
  share?: Share | null
}) {
  const save = useSaveShare()
  const form = useForm<Form, unknown, Out>({ resolver: zodResolver(shareCreateInput) })
  useEffect(() => {
    if (open) form.reset(share ? { campaignId, ...share } : { campaignId, name: '' })
  }, [open, form, share, campaignId])

  const onSubmit = form.handleSubmit(async ({ campaignId: _c, ...fields }) => {
    await save.mutateAsync(share ? { shareId: share.id, ...fields } : { campaignId, ...fields })
    onOpenChange(false)
  })
  const f = { form } as const

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={share ? `Modifier la part ${share.name}` : 'Ajouter une part'}
    >
      <form onSubmit={(e) => void onSubmit(e).catch(() => undefined)} noValidate className="space-y-4">
        <FormField {...f} name="name" id="share-name" label="Nom" hint="Ex. Une moitié, un quart">
          {(control) => <Input autoComplete="off" {...control} />}
        </FormField>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField {...f} name="price" id="share-price" label="Prix (F CFA)" options={requiredNumber}>
            {(control) => <Input {...numeric} {...control} />}
          </FormField>
          <FormField {...f} name="stock" id="share-stock" label="Stock" options={requiredNumber}>
            {(control) => <Input {...numeric} {...control} />}
          </FormField>
        </div>
        <FormActions
          onCancel={() => onOpenChange(false)}
          pending={save.isPending}
          submitLabel={share ? 'Enregistrer' : 'Ajouter la part'}
        />
      </form>
    </Dialog>
  )
}
