import type { ClientErrorCode, ErrorCode } from '@/shared/calls/errors'
import { errorMessage } from './api'

/**
 * What a screen shows for a failed call, chosen by the answer's `code` (the contract's
 * `errorCodes`, src/shared/calls/errors.ts), never by the words of the server's message: a
 * message reworded on the server changes none of these choices. Where a code has no text of
 * its own here, the server's message is shown, as it is written to be (docs/rules/api.md#answers).
 */
type Code = ErrorCode | ClientErrorCode

const codeOf = (e: unknown): Code | undefined =>
  e && typeof e === 'object' && 'code' in e ? ((e as { code?: Code }).code ?? undefined) : undefined

const fieldsOf = (e: unknown): string[] =>
  e && typeof e === 'object' && 'fieldErrors' in e
    ? Object.keys((e as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {})
    : []

/** The back-office's texts of its own for two refusals. */
const staffTexts: Partial<Record<Code, string>> = {
  FORBIDDEN: 'Accès non autorisé. Seuls les super administrateurs et root peuvent accéder à cette page.',
  COUNTRY_NOT_SET: "Votre pays n'est pas défini. Contactez l'administrateur.",
}

/**
 * A back-office failure: its own text for a refused role or an account without a country, else
 * the server's message (after `prefix`), else `fallback`.
 */
export function staffErrorText(
  e: unknown,
  { fallback, prefix = '' }: { fallback?: string; prefix?: string } = {},
) {
  const own = staffTexts[codeOf(e)!]
  return own ?? `${prefix}${errorMessage(e, fallback)}`
}

/** The registration form's texts, by the code and the field the server refused. */
const registrationFields: Record<string, string> = {
  displayName: "Veuillez fournir un nom d'affichage valide.",
  phoneNumber: 'Veuillez fournir un numéro de téléphone valide.',
  city: 'Veuillez fournir une ville valide.',
  country: 'Veuillez sélectionner un pays valide.',
}
export function registrationErrorText(e: unknown): string {
  if (codeOf(e) === 'EMAIL_TAKEN')
    return 'Cette adresse email est déjà utilisée. Veuillez essayer de vous connecter.'
  const field = fieldsOf(e).find((f) => f in registrationFields)
  if (field) return registrationFields[field]!
  return errorMessage(e, "L'inscription a échoué. Veuillez réessayer.")
}

/** The catalogue's failure: a refused session asks to sign in, anything else is one message. */
export function catalogueErrorText(e: unknown): string {
  const code = codeOf(e)
  if (code === 'UNAUTHORIZED' || code === 'FORBIDDEN')
    return 'Vous devez être connecté pour voir les produits.'
  return 'Une erreur est survenue lors du chargement des produits.'
}
