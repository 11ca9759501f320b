import { ImageOff } from 'lucide-react'
import { formatDate, formatMoney } from '@/shared/format'
import { Badge } from '@/client/components/ui/badge'
import { QueryState } from '@/client/components/ui/query-state'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { Switch } from '@/client/components/ui/switch'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import { useAdminCities, useUpdateCity } from '@/client/lib/staff-places'
import { useAdminProducts } from '@/client/lib/staff-products'
import { cityToggleFeedback } from '../api/country-details-api'

/** The country's products (read only) and cities (active toggle). */
export function CountryProductsTab({ country }: { country: string }) {
  const q = useAdminProducts({ country })
  return (
    <QueryState
      query={q}
      loading={<SkeletonRows count={5} />}
      errorMessage={(e) => `Erreur lors du chargement des produits: ${e.message}`}
      empty="Aucun produit trouvé"
      isEmpty={(d) => d.length === 0}
    >
      {(products) => (
        <Table aria-label="Produits du pays">
          <THead>
            <tr>
              <Th>Image</Th>
              <Th>Nom</Th>
              <Th>Catégorie</Th>
              <Th className="text-right">Prix</Th>
              <Th>Statut</Th>
            </tr>
          </THead>
          <TBody>
            {products.map((p) => (
              <Tr key={p.id}>
                <Td>
                  {p.imageUrl ? (
                    <img src={p.imageUrl} alt="" className="h-10 w-10 rounded object-cover" loading="lazy" />
                  ) : (
                    <span className="grid h-10 w-10 place-items-center rounded bg-stone-100 text-stone-400">
                      <ImageOff className="h-4 w-4" aria-hidden />
                    </span>
                  )}
                </Td>
                <Td className="font-medium">{p.name}</Td>
                <Td>{p.category?.name ?? 'Non classé'}</Td>
                <Td className="text-right whitespace-nowrap tabular-nums">
                  {formatMoney(p.pricePerUnit)} / {p.unitType === 'kg' ? 'kg' : 'unité'}
                </Td>
                <Td>
                  <Badge variant={p.isActive ? 'success' : 'outline'}>
                    {p.isActive ? 'Actif' : 'Inactif'}
                  </Badge>
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </QueryState>
  )
}

export function CountryCitiesTab({ country }: { country: string }) {
  // The admin cities list, filtered here by country name.
  const q = useAdminCities((cities) =>
    cities.filter((c) => c.country.name.toLowerCase() === country.toLowerCase()),
  )
  const toggle = useUpdateCity(cityToggleFeedback)
  return (
    <QueryState
      query={q}
      loading={<SkeletonRows count={8} />}
      errorMessage={(e) => `Erreur lors du chargement des villes: ${e.message || 'Failed to fetch cities'}`}
      empty="Aucune ville trouvée"
      isEmpty={(d) => d.length === 0}
    >
      {(cities) => (
        <Table aria-label="Villes du pays">
          <THead>
            <tr>
              <Th>Ville</Th>
              <Th>Créée le</Th>
              <Th>Statut</Th>
            </tr>
          </THead>
          <TBody>
            {cities.map((c) => (
              <Tr key={c.id}>
                <Td className="font-medium">{c.name}</Td>
                <Td>{formatDate(c.createdAt)}</Td>
                <Td>
                  <div className="flex items-center gap-2">
                    <Switch
                      checked={c.isActive}
                      disabled={toggle.isPending}
                      label={`${c.isActive ? 'Désactiver' : 'Activer'} ${c.name}`}
                      onCheckedChange={(isActive) => toggle.mutate({ id: c.id, isActive })}
                    />
                    <span className="text-xs text-stone-600">{c.isActive ? 'Active' : 'Inactive'}</span>
                  </div>
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </QueryState>
  )
}
