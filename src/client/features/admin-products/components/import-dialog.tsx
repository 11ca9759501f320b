import { useState } from 'react'
import { formatMoney, formatNumber } from '@/shared/format'
import { Button } from '@/client/components/ui/button'
import { Dialog } from '@/client/components/ui/dialog'
import { Field, Input, Select } from '@/client/components/ui/field'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import { staffError, useImportProducts, usePreviewImport } from '../api/use-products'

/**
 * Products from a CSV file (docs/rules.md#reports): a preview first, which lists each row's
 * errors; the import, offered once the file has none, writes every row or none.
 */
export function ImportDialog({
  open,
  onOpenChange,
  countries,
  fixedCountry,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  countries: { id: number; name: string }[]
  fixedCountry: { id: number; name: string } | null
}) {
  const [file, setFile] = useState<File | null>(null)
  const [countryId, setCountryId] = useState('')
  const preview = usePreviewImport()
  const save = useImportProducts()
  const target = fixedCountry ? undefined : countryId ? Number(countryId) : undefined
  const missing = !file
    ? 'Choisissez un fichier.'
    : !fixedCountry && !countryId
      ? 'Choisissez un pays.'
      : null
  const result = preview.data
  const reset = () => {
    preview.reset()
    save.reset()
  }
  const close = (o: boolean) => {
    if (!o) {
      setFile(null)
      reset()
    }
    onOpenChange(o)
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Importer des produits"
      description="Un fichier CSV (séparateur « ; », UTF-8) avec les colonnes Nom ; Catégorie ; Prix (F CFA) ; Unité ; Quantité minimale ; Description ; Actif — le format de l’export. Les prix s’écrivent en francs, les décimales avec une virgule."
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          if (file && !missing) preview.mutate({ file, countryId: target })
        }}
      >
        {!fixedCountry && (
          <Field label="Pays" htmlFor="import-country">
            <Select
              id="import-country"
              value={countryId}
              onChange={(e) => {
                setCountryId(e.target.value)
                reset()
              }}
            >
              <option value="">Choisir un pays</option>
              {countries.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Field
          label="Fichier CSV"
          htmlFor="import-file"
          hint={fixedCountry ? `Les produits seront ajoutés au catalogue : ${fixedCountry.name}.` : undefined}
          error={preview.isError ? staffError(preview.error) : undefined}
        >
          <Input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null)
              reset()
            }}
          />
        </Field>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="outline" disabled={!!missing || preview.isPending}>
            {preview.isPending ? 'Vérification…' : 'Vérifier le fichier'}
          </Button>
          {missing && <span className="text-sm text-stone-600">{missing}</span>}
        </div>
      </form>

      {result && (
        <div className="mt-5 space-y-3" aria-live="polite">
          {result.errors.length > 0 ? (
            <>
              <p role="alert" className="text-sm font-medium text-red-700">
                {formatNumber(result.errors.length)} erreur{result.errors.length > 1 ? 's' : ''} sur{' '}
                {formatNumber(result.rows)} ligne{result.rows > 1 ? 's' : ''} : rien ne sera importé. Corrigez
                le fichier, puis choisissez-le à nouveau.
              </p>
              <Table aria-label="Erreurs du fichier">
                <THead>
                  <tr>
                    <Th>Ligne</Th>
                    <Th>Colonne</Th>
                    <Th>Erreur</Th>
                  </tr>
                </THead>
                <TBody>
                  {result.errors.map((e, i) => (
                    <Tr key={i}>
                      <Td className="tabular-nums">{e.row}</Td>
                      <Td>{e.column}</Td>
                      <Td>{e.message}</Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
            </>
          ) : (
            <>
              <p className="text-sm text-stone-700">
                Aucune erreur : {formatNumber(result.rows)} produit{result.rows > 1 ? 's' : ''} prêt
                {result.rows > 1 ? 's' : ''} à être importé{result.rows > 1 ? 's' : ''}.
              </p>
              <Table aria-label="Produits à importer">
                <THead>
                  <tr>
                    <Th>Ligne</Th>
                    <Th>Nom</Th>
                    <Th>Catégorie</Th>
                    <Th className="text-right">Prix</Th>
                  </tr>
                </THead>
                <TBody>
                  {result.preview.slice(0, 50).map((r) => (
                    <Tr key={r.row}>
                      <Td className="tabular-nums">{r.row}</Td>
                      <Td>{r.name}</Td>
                      <Td>{r.category ?? '—'}</Td>
                      <Td className="text-right tabular-nums">
                        {r.pricePerUnit === null ? '—' : formatMoney(r.pricePerUnit)}
                      </Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
              {result.rows > 50 && (
                <p className="text-xs text-stone-500">Les 50 premières lignes sont affichées.</p>
              )}
              {save.isError && (
                <p role="alert" className="text-sm text-red-700">
                  {staffError(save.error)}
                </p>
              )}
              <Button
                disabled={save.isPending}
                onClick={() =>
                  file && save.mutate({ file, countryId: target }, { onSuccess: () => close(false) })
                }
              >
                {save.isPending
                  ? 'Import en cours…'
                  : `Importer ${formatNumber(result.rows)} produit${result.rows > 1 ? 's' : ''}`}
              </Button>
            </>
          )}
        </div>
      )}
    </Dialog>
  )
}
