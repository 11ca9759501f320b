import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { badRequest } from '@/server/http/errors'

/*
 * The CSV a French spreadsheet opens as it is (docs/rules/money.md#reports): UTF-8 with a byte order
 * mark (without it Excel reads Windows-1252), `;` between fields (the comma is the decimal
 * separator in French), CRLF line ends, a field holding `;`, a quote or a line break quoted.
 */
export const BOM = '\uFEFF'
const SEPARATOR = ';'

export type Cell = string | number | null | undefined

/**
 * A text that a spreadsheet would run as a formula (=, +, -, @, a tab or a carriage return first)
 * starts with an apostrophe, which the spreadsheet hides: a client's name "=HYPERLINK(…)" stays a
 * name (OWASP "CSV injection"). Numbers are written as numbers.
 */
const FORMULA_START = /^[=+\-@\t\r]/
const safeText = (s: string) => (FORMULA_START.test(s) ? `'${s}` : s)

/** CSV lines of these rows, each ending with CRLF. */
export function csvLines(rows: readonly (readonly Cell[])[]): string {
  return stringify(
    rows.map((r) => r.map((c) => (c == null ? '' : typeof c === 'number' ? String(c) : safeText(c)))),
    // A lone line feed is quoted too: it is not the record delimiter (CRLF), yet a spreadsheet breaks on it.
    { delimiter: SEPARATOR, record_delimiter: '\r\n', quoted_match: /[\r\n]/ },
  )
}

/** A decimal written with a comma, as a French spreadsheet reads it: 0.5 → "0,5". */
export const decimalComma = (n: number) => String(n).replace('.', ',')

/** A number read from a French (1 234,5) or plain (1234.5) cell; null when it is not one. */
export function parseDecimal(cell: string): number | null {
  const s = cell.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.')
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null
  return Number(s)
}

/** The undoing of safeText: an apostrophe before a formula's first character is dropped. */
export const unquoteFormula = (s: string) => (/^'[=+\-@]/.test(s) ? s.slice(1) : s)

const decoder = new TextDecoder('utf-8', { fatal: true })

/**
 * The rows of an uploaded CSV file: UTF-8 with or without a BOM, `;`-separated. Every record is
 * kept, blank ones too, so that a record's index + 1 is its row in the spreadsheet (a cell's
 * line break does not start a row). A file that is not UTF-8 or not CSV answers 400 in French.
 */
export function parseCsv(bytes: Buffer): string[][] {
  let text: string
  try {
    text = decoder.decode(bytes)
  } catch {
    throw badRequest(
      'Le fichier doit être encodé en UTF-8 (dans le tableur : « CSV UTF-8 (délimité par des points-virgules) »).',
    )
  }
  if (text.startsWith(BOM)) text = text.slice(1)
  try {
    return parse(text, {
      delimiter: SEPARATOR,
      relax_column_count: true,
      trim: true,
    }) as string[][]
  } catch (e) {
    const line = (e as { lines?: number }).lines
    throw badRequest(
      `Le fichier CSV est mal formé${line ? ` (vers la ligne ${line})` : ''} : vérifiez les guillemets et le séparateur « ; ».`,
    )
  }
}
