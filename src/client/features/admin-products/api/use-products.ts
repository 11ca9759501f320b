import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/client/lib/toast'
import type {
  AdminProduct,
  BulkProductActionInput,
  CreateProductInput,
  ProductStockInput,
  UpdateProductInput,
} from '@/shared/schemas/products'
import { staffErrorText } from '@/client/lib/error-text'
import { api } from '@/client/lib/api'
import { callKey, queryPickFor } from '@/client/lib/queries'

export type ProductFilters = { country: string; status: 'all' | 'active' | 'inactive' }

/** Root's 'Statistiques par pays' (cached 5 minutes), fetched when the panel opens. */
export function useProductStats(enabled: boolean) {
  return useQuery({
    ...queryPickFor('/_api/admin/product-stats-by-country', {}, (answer) => answer.stats),
    enabled,
    staleTime: 5 * 60_000,
  })
}

export function useCategories() {
  return useQuery({
    ...queryPickFor('/_api/product-categories', {}, (answer) => answer.categories),
    staleTime: 5 * 60_000,
  })
}

function useRefresh() {
  const qc = useQueryClient()
  // The storefront's lists (the catalogue, the home page's products) change with it too.
  const calls = [
    callKey('/_api/admin/products'),
    callKey('/_api/admin/product-stats-by-country'),
    callKey('/_api/products'),
    callKey('/_api/featured'),
  ]
  return () => Promise.all(calls.map((queryKey) => qc.invalidateQueries({ queryKey })))
}

export function useCreateProduct() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (input: CreateProductInput) => api.post('/_api/admin/products', input),
    onSuccess: ({ product }) => {
      toast.success(`Le produit "${product.name}" a été créé.`)
      return refresh()
    },
    onError: (e) => toast.error(`Erreur lors de la création: ${staffErrorText(e)}`),
  })
}

export function useUpdateProduct() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (input: UpdateProductInput) => api.post('/_api/admin/products/update', input),
    onSuccess: ({ product }, input) => {
      const toggled = Object.keys(input).length === 2 && input.isActive !== undefined
      toast.success(
        toggled
          ? `Le produit "${product.name}" est maintenant ${product.isActive ? 'actif' : 'inactif'}.`
          : `Le produit "${product.name}" a été mis à jour.`,
      )
      return refresh()
    },
    onError: (e) => toast.error(`Erreur lors de la mise à jour: ${staffErrorText(e)}`),
  })
}

/** Out of stock (today or until further notice) or not, and the daily quantity (docs/rules/catalogue.md#stock). */
export function useSetStock() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (input: ProductStockInput) => api.post('/_api/admin/products/stock', input),
    onSuccess: ({ product }) => {
      toast.success(
        product.stock.soldOut
          ? `« ${product.name} » est maintenant affiché épuisé.`
          : `Le stock de « ${product.name} » a été mis à jour.`,
      )
      return refresh()
    },
    onError: (e) => toast.error(`Erreur lors de la mise à jour du stock: ${staffErrorText(e)}`),
  })
}

export function useDeleteProduct() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (product: AdminProduct) => api.post('/_api/admin/products/delete', { id: product.id }),
    onSuccess: (_, product) => {
      toast.success(`Le produit "${product.name}" a été supprimé.`)
      return refresh()
    },
    onError: (e) => toast.error(`Erreur lors de la suppression: ${staffErrorText(e)}`),
  })
}

export function useBulkProductAction() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (input: BulkProductActionInput) => api.post('/_api/admin/products/bulk-actions', input),
    onSuccess: ({ summary }) => {
      toast.success(summary)
      return refresh()
    },
    onError: (e) => toast.error(`Échec de l'action en masse: ${staffErrorText(e)}`),
  })
}

/** Sends a product's photo with its progress (0 to 1); the lists show it once it is stored. */
export function useUploadPhoto() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: number; file: Blob; onProgress: (f: number) => void }) =>
      api.upload('/_api/admin/products/photo', { id }, file, { onProgress }),
    onSuccess: ({ product }) => {
      toast.success(`La photo de "${product.name}" a été enregistrée.`)
      return refresh()
    },
  })
}

export function useRemovePhoto() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (id: number) => api.post('/_api/admin/products/photo/remove', { id }),
    onSuccess: ({ product }) => {
      toast.success(`La photo de "${product.name}" a été retirée.`)
      return refresh()
    },
    onError: (e) => toast.error(`Erreur lors du retrait de la photo: ${staffErrorText(e)}`),
  })
}

type ImportInput = { file: Blob; countryId?: number }

/** Reads a product file and lists each row's errors (docs/rules/money.md#reports); nothing is written. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: ({ file, countryId }: ImportInput) =>
      api.upload('/_api/admin/products/import', { mode: 'preview', countryId }, file),
  })
}

/** Writes every row of the file, or none (the server says which row is at fault). */
export function useImportProducts() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ file, countryId }: ImportInput) =>
      api.upload('/_api/admin/products/import', { mode: 'import', countryId }, file),
    onSuccess: ({ imported, updated }) => {
      toast.success(
        `${imported} produit${imported > 1 ? 's' : ''} importé${imported > 1 ? 's' : ''}` +
          (updated > 0 ? `, ${updated} mis à jour.` : '.'),
      )
      return refresh()
    },
  })
}
