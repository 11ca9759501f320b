import { BarChart3, TableIcon } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'

export type ChartTable = { headings: string[]; rows: { key: string; cells: string[] }[] }

/**
 * One chart of a dashboard, and its figures as a table (docs/rules/money.md#reports): a button shows
 * one or the other. The chart is an image named by its summary; the table is what a screen
 * reader, or anyone wanting the exact numbers, reads.
 */
export function ChartCard({
  title,
  summary,
  note,
  table,
  children,
}: {
  title: string
  /** What the chart shows, in one sentence: its accessible name. */
  summary: string
  note?: string
  table: ChartTable
  children: ReactNode
}) {
  const [asTable, setAsTable] = useState(false)
  const id = useId()
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <CardTitle id={`${id}-title`}>{title}</CardTitle>
          <p className="mt-1 text-sm text-stone-600">{summary}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          aria-pressed={asTable}
          aria-controls={`${id}-body`}
          onClick={() => setAsTable((v) => !v)}
        >
          {asTable ? (
            <BarChart3 className="h-4 w-4" aria-hidden />
          ) : (
            <TableIcon className="h-4 w-4" aria-hidden />
          )}
          {asTable ? 'Voir le graphique' : 'Voir le tableau'}
          <span className="sr-only"> : {title}</span>
        </Button>
      </CardHeader>
      <CardContent id={`${id}-body`}>
        {asTable ? (
          <Table aria-label={title}>
            <THead>
              <tr>
                {table.headings.map((h, i) => (
                  <Th key={h} className={i > 0 ? 'text-right' : undefined}>
                    {h}
                  </Th>
                ))}
              </tr>
            </THead>
            <TBody>
              {table.rows.map((r) => (
                <Tr key={r.key}>
                  {r.cells.map((c, i) => (
                    <Td key={i} className={i > 0 ? 'text-right tabular-nums' : undefined}>
                      {c}
                    </Td>
                  ))}
                </Tr>
              ))}
            </TBody>
          </Table>
        ) : (
          <div role="img" aria-label={`${title} : ${summary}`}>
            {children}
          </div>
        )}
        {note && <p className="mt-2 text-xs text-stone-500">{note}</p>}
      </CardContent>
    </Card>
  )
}

/**
 * Columns, one a day, scaled to the largest (drawn by CSS: no chart library to download). The
 * first, middle and last days are labelled under them, the largest value above them.
 */
export function ColumnChart({
  points,
  format,
}: {
  points: { label: string; value: number }[]
  format: (n: number) => string
}) {
  const max = Math.max(0, ...points.map((p) => p.value))
  const marks = new Set([0, Math.floor((points.length - 1) / 2), points.length - 1])
  return (
    <div aria-hidden>
      <div className="flex justify-between text-xs text-stone-500">
        <span>max. {format(max)}</span>
      </div>
      <div className="mt-1 flex h-40 items-end border-b border-l border-stone-300" style={{ gap: 1 }}>
        {points.map((p) => (
          <div
            key={p.label}
            className="min-w-0 flex-1 rounded-t bg-brand"
            style={{ height: max > 0 ? `${(p.value / max) * 100}%` : '0%' }}
            title={`${p.label} : ${format(p.value)}`}
          />
        ))}
      </div>
      <div className="mt-1 flex justify-between text-xs text-stone-500">
        {[...marks].map((i) => (
          <span key={i}>{points[i]?.label}</span>
        ))}
      </div>
    </div>
  )
}

/** Horizontal bars, one a line, labelled with their name and value. */
export function BarList({ bars }: { bars: { key: string; label: string; value: number; text: string }[] }) {
  const max = Math.max(0, ...bars.map((b) => b.value))
  return (
    <ul className="space-y-2" aria-hidden>
      {bars.map((b) => (
        <li key={b.key}>
          <div className="flex justify-between gap-3 text-sm">
            <span className="min-w-0 truncate text-stone-800">{b.label}</span>
            <span className="shrink-0 text-stone-600 tabular-nums">{b.text}</span>
          </div>
          <div className="mt-1 h-2.5 rounded-full bg-stone-100">
            <div
              className="h-2.5 rounded-full bg-brand"
              style={{ width: max > 0 ? `${(b.value / max) * 100}%` : '0%' }}
            />
          </div>
        </li>
      ))}
    </ul>
  )
}
