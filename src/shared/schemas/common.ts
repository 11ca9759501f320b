import { z } from './zod'

/** A positive integer id, accepted from a JSON body or a query string. */
export const id = (message = 'Identifiant invalide.') =>
  z.coerce.number({ error: message }).int({ error: message }).positive({ error: message })

/** A page number (1 and above) and a page size, for every paged list. */
export const page = z.coerce.number().int().min(1, 'La page doit être au moins 1.').default(1)
export const limit = (max: number, fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1, 'La limite doit être au moins 1.')
    .max(max, `La limite ne peut pas dépasser ${max}.`)
    .default(fallback)

/** An optional boolean from a query string ('true' / 'false'). */
export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true')

/** A free text trimmed on both ends. */
export const text = (max = 500) => z.string().trim().max(max, `Ce champ ne peut pas dépasser ${max} caractères.`)

/** The empty input of an endpoint that takes none. */
export const noInput = z.strictObject({})

/** Lists count exactly up to this, then report it (DECISIONS.md "API answers"). */
export const COUNT_CAP = 10_000
