import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type {
  AdminProduct,
  BulkProductActionInput,
  CreateProductInput,
  ProductStockInput,
  UpdateProductInput,
} from '@/shared/schemas/products'
import { api, errorMessage } from '@/client/lib/api'
import { staffProductKeys } from '@/client/lib/staff-products'

export type ProductFilters = { country: string; status: 'all' | 'active' | 'inactive' }
const productKeys = {
  all: staffProductKeys.all,
  stats: ['admin-product-stats'] as const,
}

/** The server's refusal turned into the back-office's text. */
export const staffError = (e: unknown) => {
  const m = errorMessage(e)
  if (m === 'Accès non autorisé')
    return 'Accès non autorisé. Seuls les super administrateurs et root peuvent accéder à cette page.'
  if (m === "Pays de l'utilisateur non défini")
    return "Votre pays n'est pas défini. Contactez l'administrateur."
  return m
}

/** Root's 'Statistiques par pays' (cached 5 minutes), fetched when the panel opens. */
export function useProductStats(enabled: boolean) {
  return useQuery({
    queryKey: productKeys.stats,
    queryFn: async () => (await api.get('/_api/admin/product-stats-by-country')).stats,
    enabled,
    staleTime: 5 * 60_000,
  })
}

export function useCategories() {
  return useQuery({
    queryKey: ['categories'],
    queryFn: async () => (await api.get('/_api/product-categories')).categories,
    staleTime: 5 * 60_000,
  })
}

function useRefresh() {
  const qc = useQueryClient()
  // The storefront's lists ('products', 'featured') change with the catalogue.
  const keys = new Set<unknown>(['admin-products', 'admin-product-stats', 'products', 'featured'])
  return () => qc.invalidateQueries({ predicate: (q) => keys.has(q.queryKey[0]) })
}

export function useCreateProduct() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (input: CreateProductInput) => api.post('/_api/admin/products', input),
    onSuccess: ({ product }) => {
      toast.success(`Le produit "${product.name}" a été créé.`)
      return refresh()
    },
    onError: (e) => toast.error(`Erreur lors de la création: ${staffError(e)}`),
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
    onError: (e) => toast.error(`Erreur lors de la mise à jour: ${staffError(e)}`),
  })
}

/** Out of stock (today or until further notice) or not, and the daily quantity (docs/rules.md#stock). */
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
    onError: (e) => toast.error(`Erreur lors de la mise à jour du stock: ${staffError(e)}`),
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
    onError: (e) => toast.error(`Erreur lors de la suppression: ${staffError(e)}`),
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
    onError: (e) => toast.error(`Échec de l'action en masse: ${staffError(e)}`),
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
    onError: (e) => toast.error(`Erreur lors du retrait de la photo: ${staffError(e)}`),
  })
}

type ImportInput = { file: Blob; countryId?: number }

/** Reads a product file and lists each row's errors (docs/rules.md#reports); nothing is written. */
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
    onSuccess: ({ imported }) => {
      toast.success(`${imported} produit${imported > 1 ? 's' : ''} importé${imported > 1 ? 's' : ''}.`)
      return refresh()
    },
  })
}
