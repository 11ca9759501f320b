import { X } from 'lucide-react'
import { useState } from 'react'
import { formatPercent } from '@/shared/format'
import { MAX_PHOTO_BYTES, photoMessages, photoUrl } from '@/shared/photos'
import type { AnimalView } from '@/shared/schemas/campaigns'
import { Button } from '@/client/components/ui/button'
import { Field, FileInput } from '@/client/components/ui/field'
import { errorMessage } from '@/client/lib/api'
import { useAnimalPhoto, useRemoveAnimalPhoto } from '../api/use-campaigns'

/**
 * An animal's photos (ten at most), sent at once with their progress as a product's are
 * (docs/rules/catalogue.md#photos): checked for size before they leave; a refused file says why.
 */
export function AnimalPhotos({ animal }: { animal: AnimalView }) {
  const upload = useAnimalPhoto()
  const remove = useRemoveAnimalPhoto()
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | undefined>()
  const id = `animal-photo-${animal.id}`

  const pick = (file: File | undefined) => {
    if (!file) return
    setError(undefined)
    if (file.size === 0) return setError(photoMessages.empty)
    if (file.size > MAX_PHOTO_BYTES) return setError(photoMessages.tooLarge)
    setProgress(0)
    upload
      .mutateAsync({ animalId: animal.id, file, onProgress: setProgress })
      .catch((e: unknown) => setError(errorMessage(e, 'La photo n’a pas pu être envoyée.')))
      .finally(() => setProgress(null))
  }

  return (
    <div className="space-y-2">
      {animal.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={`Photos de ${animal.tag}`}>
          {animal.photos.map((key, i) => (
            <li key={key} className="flex flex-col items-center gap-1">
              <img
                src={photoUrl(key, 160)}
                alt={`Photo ${i + 1} de ${animal.tag}`}
                className="h-16 w-20 rounded-md object-cover"
                loading="lazy"
              />
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Retirer la photo ${i + 1} de ${animal.tag}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate({ animalId: animal.id, key })}
              >
                <X className="h-3 w-3" aria-hidden /> Retirer
              </Button>
            </li>
          ))}
        </ul>
      )}
      {animal.photos.length < 10 && (
        <Field
          label={`Ajouter une photo à ${animal.tag}`}
          htmlFor={id}
          error={error}
          hint="JPEG, PNG ou WebP, 8 Mo au plus."
        >
          <FileInput
            id={id}
            accept="image/*"
            disabled={progress !== null}
            onChange={(e) => {
              const input = e.currentTarget
              pick(input.files?.[0])
              input.value = ''
            }}
          />
        </Field>
      )}
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
    </div>
  )
}
