import { z } from './zod'

/** The largest value of the database's integer columns (int4): ids, counts, amounts of one order. */
export const INT4_MAX = 2_147_483_647

/**
 * A positive integer id, accepted from a JSON body or a query string, and never past int4: a
 * larger one names no record and could not even be compared with one (docs/rules/api.md#limits).
 */
export const id = (message = 'Identifiant invalide.') =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(INT4_MAX, { error: message })

/** A page number (1 to 100,000) and a page size, for every paged list. */
const MAX_PAGE = 100_000
export const page = z.coerce
  .number()
  .int()
  .min(1, 'La page doit être au moins 1.')
  .max(MAX_PAGE, `La page ne peut pas dépasser ${MAX_PAGE}.`)
  .default(1)
export const limit = (max: number, fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1, 'La limite doit être au moins 1.')
    .max(max, `La limite ne peut pas dépasser ${max}.`)
    .default(fallback)

/** An optional boolean from a query string ('true' / 'false'). */
export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true')

/**
 * Texts hold no control character (docs/rules/api.md#texts): PostgreSQL refuses NUL in a text, and a
 * one-line field (a name, a phone, a search) has no use for a line break, a tab or an escape.
 * Fields written in a text area (a description, notes, a message) may hold line breaks and tabs.
 */
const CONTROL_CHARACTERS_MESSAGE = 'Ce champ contient des caractères non autorisés.'
const ONE_LINE = /^\P{Cc}*$/u
const MULTI_LINE = /^[\P{Cc}\t\n\r]*$/u
export const oneLine = <T extends z.ZodString>(s: T, message = CONTROL_CHARACTERS_MESSAGE) =>
  s.regex(ONE_LINE, message)
export const multiLine = <T extends z.ZodString>(s: T, message = CONTROL_CHARACTERS_MESSAGE) =>
  s.regex(MULTI_LINE, message)

/** A free one-line text trimmed on both ends. */
export const text = (max = 500) =>
  oneLine(z.string().trim().max(max, `Ce champ ne peut pas dépasser ${max} caractères.`))
/** A free text of several lines (a text area), trimmed on both ends. */
export const paragraph = (max: number, message = `Ce champ ne peut pas dépasser ${max} caractères.`) =>
  multiLine(z.string().trim().max(max, message))

/** The empty input of an endpoint that takes none. */
export const noInput = z.strictObject({})

/** Lists count exactly up to this, then report it (docs/rules/api.md#answers). */
export const COUNT_CAP = 10_000
