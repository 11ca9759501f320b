import { Trash2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '@/client/components/ui/button'
import { Dialog } from '@/client/components/ui/dialog'
import { Field, Input, Select } from '@/client/components/ui/field'
import { QueryState } from '@/client/components/ui/query-state'
import { RowActions } from '@/client/components/ui/row-actions'
import { staffErrorText } from '@/client/lib/error-text'
import {
  useCreatePreparation,
  useDeletePreparation,
  usePreparations,
  useRenamePreparation,
} from '../api/use-preparations'

type Country = { id: number; name: string }

/** One preparation of the list: its name, renamed in place, and its removal. */
function PreparationRow({ p }: { p: { id: number; name: string; products: number } }) {
  const [name, setName] = useState(p.name)
  const rename = useRenamePreparation()
  const remove = useDeletePreparation()
  const changed = name.trim() !== '' && name.trim() !== p.name
  return (
    <li className="flex items-center gap-2 py-2" data-testid="preparation-row">
      <Input
        aria-label={`Nom de la préparation ${p.name}`}
        dense
        className="flex-1"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <span className="shrink-0 text-xs text-stone-500">
        {p.products} produit{p.products > 1 ? 's' : ''}
      </span>
      <RowActions
        className="shrink-0"
        actions={[
          changed && {
            label: 'Renommer',
            text: 'Renommer',
            disabled: rename.isPending,
            onClick: () => rename.mutate({ id: p.id, name }),
          },
          {
            label: `Supprimer la préparation ${p.name}`,
            text: 'Supprimer',
            icon: Trash2,
            destructive: true,
            disabled: remove.isPending,
            onClick: () => {
              const note = p.products > 0 ? ` Elle sera retirée de ${p.products} produit(s).` : ''
              if (window.confirm(`Supprimer « ${p.name} » ?${note} Les commandes passées la gardent.`))
                remove.mutate(p)
            },
          },
        ]}
      />
    </li>
  )
}

/**
 * A country's preparations (docs/rules/catalogue.md#preparations): root picks the country, a
 * super_admin edits its own. Products offer them from the product dialog.
 */
export function PreparationsDialog({
  open,
  onOpenChange,
  countries,
  fixedCountry,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
  countries: Country[]
  fixedCountry: Country | null
}) {
  const [picked, setPicked] = useState<number | undefined>(undefined)
  const countryId = fixedCountry ? undefined : (picked ?? countries[0]?.id)
  const list = usePreparations(countryId, open && (!!fixedCountry || countryId !== undefined))
  const create = useCreatePreparation()
  const [name, setName] = useState('')
  const add = (e: FormEvent) => {
    e.preventDefault()
    create.mutate({ countryId, name }, { onSuccess: () => setName('') })
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Préparations"
      description="Ce que vos bouchers proposent (entier, haché, en cubes…). Chaque produit choisit les siennes, gratuites ou avec un prix, dans sa fiche."
    >
      <div className="space-y-4">
        {!fixedCountry && (
          <Field label="Pays" htmlFor="preparations-country">
            <Select
              id="preparations-country"
              value={countryId ?? ''}
              onChange={(e) => setPicked(Number(e.target.value))}
            >
              {countries.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <QueryState
          query={list}
          loading={<p className="text-sm text-stone-600">Chargement…</p>}
          errorMessage={staffErrorText}
        >
          {(rows) => (
            <ul className="divide-y divide-stone-200" aria-label="Préparations du pays">
              {rows.map((p) => (
                <PreparationRow key={`${p.id}:${p.name}`} p={p} />
              ))}
            </ul>
          )}
        </QueryState>
        <form onSubmit={add} className="flex items-end gap-2">
          <Field label="Nouvelle préparation" htmlFor="preparation-new" className="flex-1">
            <Input id="preparation-new" value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Button type="submit" disabled={create.isPending || name.trim() === ''}>
            Ajouter
          </Button>
        </form>
      </div>
    </Dialog>
  )
}
