import { useQuery } from '@tanstack/react-query'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import type { campaignCreateInput } from '@/shared/schemas/campaigns'
import type { z } from '@/shared/schemas/zod'
import { Input } from '@/client/components/ui/field'
import { FormFieldGroup } from '@/client/components/ui/form-field'
import { queryPickFor } from '@/client/lib/queries'
import { useSession } from '@/client/lib/session'

type Form = z.input<typeof campaignCreateInput>
type Choice = { preparationId: number; price: number }

/**
 * The cutting a campaign offers (docs/rules/campaigns.md#campaigns): the country's preparations,
 * each ticked with its campaign price. Managers choose among the country's list; an admin, who
 * does not read that list, prices those the campaign already offers.
 */
export function PreparationsPicker({
  form,
  countryId,
  current,
}: {
  form: UseFormReturn<Form, unknown, unknown>
  countryId: number | undefined
  current: { preparationId: number; name: string }[]
}) {
  const { user } = useSession()
  const manager = user?.role === 'root' || user?.role === 'super_admin'
  const list = useQuery({
    ...queryPickFor('/_api/admin/preparations', { countryId }, (a) => a.preparations),
    enabled: manager && (user?.role !== 'root' || countryId !== undefined),
    staleTime: 60_000,
  })
  const offered = manager ? (list.data ?? []).map((p) => ({ preparationId: p.id, name: p.name })) : current
  const chosen = (useWatch({ control: form.control, name: 'preparations' }) ?? []) as Choice[]
  const set = (next: Choice[]) => form.setValue('preparations', next, { shouldDirty: true })
  if (offered.length === 0) return null

  return (
    <FormFieldGroup
      form={form}
      name="preparations"
      id="campaign-preparations"
      legend="Découpes (prix de la campagne)"
    >
      <ul className="space-y-2">
        {offered.map((p) => {
          const choice = chosen.find((c) => c.preparationId === p.preparationId)
          const id = `campaign-prep-${p.preparationId}`
          return (
            <li key={p.preparationId} className="flex flex-wrap items-center gap-3">
              <label className="flex min-w-40 flex-1 items-center gap-2 text-sm text-stone-800">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-emerald-700"
                  checked={choice !== undefined}
                  onChange={(e) =>
                    set(
                      e.target.checked
                        ? [...chosen, { preparationId: p.preparationId, price: 0 }]
                        : chosen.filter((c) => c.preparationId !== p.preparationId),
                    )
                  }
                />
                {p.name}
              </label>
              {choice && (
                <Input
                  id={id}
                  aria-label={`Prix de la découpe ${p.name} (F CFA)`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  className="w-36"
                  value={Number.isNaN(choice.price) ? '' : choice.price}
                  onChange={(e) =>
                    set(
                      chosen.map((c) =>
                        c.preparationId === p.preparationId
                          ? { ...c, price: e.target.value === '' ? Number.NaN : Number(e.target.value) }
                          : c,
                      ),
                    )
                  }
                />
              )}
            </li>
          )
        })}
      </ul>
    </FormFieldGroup>
  )
}
