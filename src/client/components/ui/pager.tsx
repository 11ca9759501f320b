import { Button } from './button'

/** 'Précédent / Page x sur y / Suivant', shown only when there is more than one page. */
export function Pager({
  page,
  totalPages,
  onPageChange,
}: {
  page: number
  totalPages: number
  onPageChange: (page: number) => void
}) {
  if (totalPages <= 1) return null
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-2 sm:justify-end">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        Précédent
      </Button>
      <span className="text-sm text-stone-700">
        Page {page} sur {totalPages}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= totalPages}
        onClick={() => onPageChange(page + 1)}
      >
        Suivant
      </Button>
    </nav>
  )
}

/** Pages for a total capped by the server. */
export const totalPagesOf = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit))
