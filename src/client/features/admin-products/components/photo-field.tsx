import { formatPercent } from '@/shared/format'
import { useEffect, useState } from 'react'
import { MAX_PHOTO_BYTES, photoMessages, type Photo } from '@/shared/photos'
import type { AdminProduct } from '@/shared/schemas/products'
import { Button } from '@/client/components/ui/button'
import { Field, FileInput } from '@/client/components/ui/field'
import { errorMessage } from '@/client/lib/api'
import { ProductImage } from '@/client/features/storefront/components/product-image'
import { useRemovePhoto, useUploadPhoto } from '../api/use-products'

const INPUT_ID = 'product-photo'

/**
 * A product's photo in its dialog (docs/rules/catalogue.md#photos): a file input offering, on a phone,
 * the camera or the gallery; sent at once with its progress, checked for size before it
 * leaves. A refused file leaves the product's photo as it was and says why.
 */
export function PhotoField({
  product,
  onPick,
  sending = null,
}: {
  /** The product edited; none while it is being created. */
  product?: AdminProduct
  /** For a new product: the file chosen, which the dialog sends once the product exists. */
  onPick?: (file: File) => void
  /** For a new product: how much of its photo has gone, while the dialog sends it. */
  sending?: number | null
}) {
  const upload = useUploadPhoto()
  const remove = useRemovePhoto()
  const [photo, setPhoto] = useState<Photo | null>(product?.photo ?? null)
  const [preview, setPreview] = useState<string | null>(null)
  const [ownProgress, setProgress] = useState<number | null>(null)
  const progress = ownProgress ?? sending
  const [error, setError] = useState<string | undefined>()
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])

  const sendTo = async (id: number, file: Blob) => {
    setProgress(0)
    try {
      const { product: saved } = await upload.mutateAsync({ id, file, onProgress: setProgress })
      setPhoto(saved.photo)
    } finally {
      setProgress(null)
    }
  }

  const pick = (file: File | undefined) => {
    if (!file) return
    setError(undefined)
    if (file.size === 0) return setError(photoMessages.empty)
    if (file.size > MAX_PHOTO_BYTES) return setError(photoMessages.tooLarge)
    if (product) {
      sendTo(product.id, file).catch((e: unknown) =>
        setError(errorMessage(e, "La photo n'a pas pu être envoyée.")),
      )
      return
    }
    setPreview(URL.createObjectURL(file))
    onPick?.(file)
  }

  const drop = async () => {
    setError(undefined)
    if (!product) return
    const { product: saved } = await remove.mutateAsync(product.id)
    setPhoto(saved.photo)
  }

  return (
    <Field
      label="Photo du produit"
      htmlFor={INPUT_ID}
      error={error}
      hint={
        product
          ? 'JPEG, PNG ou WebP, 8 Mo au plus. Sur un téléphone : appareil photo ou galerie.'
          : 'JPEG, PNG ou WebP, 8 Mo au plus ; envoyée dès que le produit est enregistré.'
      }
    >
      <div className="flex items-start gap-3">
        {preview ? (
          <img src={preview} alt="" className="h-18 w-24 shrink-0 rounded-md object-cover" />
        ) : (
          <ProductImage
            photo={photo}
            src={product?.imageUrl}
            alt={photo && product ? `Photo actuelle de ${product.name}` : ''}
            category={product?.category?.name}
            sizes="96px"
            className="h-18 w-24 shrink-0 rounded-md"
          />
        )}
        <div className="min-w-0 flex-1 space-y-2">
          <FileInput
            id={INPUT_ID}
            accept="image/*"
            disabled={progress !== null}
            onChange={(e) => {
              const input = e.currentTarget
              pick(input.files?.[0])
              if (product) input.value = ''
            }}
          />
          {progress !== null && (
            <progress
              className="h-2 w-full accent-emerald-700"
              max={1}
              value={progress}
              aria-label="Envoi de la photo"
            >
              {formatPercent(Math.round(progress * 100))}
            </progress>
          )}
          {product && photo && progress === null && (
            <Button
              variant="outline"
              size="sm"
              disabled={remove.isPending}
              onClick={() => void drop().catch(() => undefined)}
            >
              Retirer la photo
            </Button>
          )}
        </div>
      </div>
    </Field>
  )
}
