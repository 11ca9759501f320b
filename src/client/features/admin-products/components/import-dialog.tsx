import { staffErrorText } from '@/client/lib/error-text'
import { useState } from 'react'
import { formatMoney, formatNumber } from '@/shared/format'
import { Button } from '@/client/components/ui/button'
import { Dialog } from '@/client/components/ui/dialog'
import { Field, Input, Select } from '@/client/components/ui/field'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import type { ProductImportAnswer } from '@/shared/schemas/reports'
import { useImportProducts, usePreviewImport } from '../api/use-products'
import { CountryOptions } from '@/client/components/country-options'

type PreviewRow = ProductImportAnswer['preview'][number]
const actionLabels: Record<PreviewRow['action'], string> = {
  create: 'Nouveau',
  update: 'Mis à jour',
  unchanged: 'Inchangé',
}
const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n > 1 ? many : one}`
/** '2 nouveaux produits, 1 mis à jour, 3 inchangés': what an import of the previewed file will do. */
function importSummary(rows: PreviewRow[]) {
  const count = (a: PreviewRow['action']) => rows.filter((r) => r.action === a).length
  const parts: [number, string, string][] = [
    [count('create'), 'nouveau produit', 'nouveaux produits'],
    [count('update'), 'mis à jour', 'mis à jour'],
    [count('unchanged'), 'inchangé', 'inchangés'],
  ]
  return parts
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => plural(n, one, many))
    .join(', ')
}

/**
 * Products from a CSV file (docs/rules/money.md#reports): a preview first, which lists each row's
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
      description="Un fichier CSV (séparateur « ; », UTF-8) avec les colonnes Nom ; Catégorie ; Prix (F CFA) ; Unité ; Quantité minimale ; Description ; Actif, et au choix Origine ; Halal ; Jour d’abattage — le format de l’export. Les prix s’écrivent en francs, les décimales avec une virgule. Une ligne dont le N° produit ou le nom existe déjà met ce produit à jour."
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
              <CountryOptions countries={countries} none="Choisir un pays" />
            </Select>
          </Field>
        )}
        <Field
          label="Fichier CSV"
          htmlFor="import-file"
          hint={fixedCountry ? `Les produits seront ajoutés au catalogue : ${fixedCountry.name}.` : undefined}
          error={preview.isError ? staffErrorText(preview.error) : undefined}
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
              <p className="text-sm text-stone-700" data-testid="import-summary">
                Aucune erreur : {importSummary(result.preview)}.
              </p>
              <Table aria-label="Produits à importer">
                <THead>
                  <tr>
                    <Th>Ligne</Th>
                    <Th>Nom</Th>
                    <Th>Action</Th>
                    <Th>Ce qui change</Th>
                  </tr>
                </THead>
                <TBody>
                  {result.preview.slice(0, 50).map((r) => (
                    <Tr key={r.row}>
                      <Td className="tabular-nums">{r.row}</Td>
                      <Td>{r.name}</Td>
                      <Td>{actionLabels[r.action]}</Td>
                      <Td>
                        {r.action === 'create' ? (
                          <span className="text-stone-600">
                            {r.category ?? 'Sans catégorie'} ·{' '}
                            {r.pricePerUnit === null ? '—' : formatMoney(r.pricePerUnit)}
                          </span>
                        ) : r.changes.length === 0 ? (
                          <span className="text-stone-500">Rien</span>
                        ) : (
                          <ul className="space-y-0.5">
                            {r.changes.map((c) => (
                              <li key={c.field}>
                                <span className="font-medium">{c.field}</span> : {c.from} → {c.to}
                              </li>
                            ))}
                          </ul>
                        )}
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
                  {staffErrorText(save.error)}
                </p>
              )}
              <Button
                disabled={save.isPending}
                onClick={() =>
                  file && save.mutate({ file, countryId: target }, { onSuccess: () => close(false) })
                }
              >
                {save.isPending ? 'Import en cours…' : `Importer (${importSummary(result.preview)})`}
              </Button>
            </>
          )}
        </div>
      )}
    </Dialog>
  )
}
