import { regexes } from 'zod/v4/core'
import type { LoginInput } from './schemas/auth'

/**
 * The sign-in form's own check: the verdicts and messages of `loginInput` (schemas/auth.ts),
 * without zod. The sign-in form is on a shopper's first visit, and zod alone is 23 KB on a slow
 * connection (docs/decisions/0028). The server still reads the body with `loginInput` (a 400
 * names the field); tests/unit/login-check.test.ts holds the two together on generated inputs.
 */
export const LOGIN_MESSAGES = {
  email: 'Veuillez entrer une adresse email ou un numéro de téléphone valide.',
  passwordMissing: 'Le mot de passe est requis.',
  passwordTooLong: 'Mot de passe trop long.',
  controlCharacters: 'Ce champ contient des caractères non autorisés.',
} as const

const ONE_LINE = /^\P{Cc}*$/u

/**
 * A sign-in or reset identifier (docs/rules/people.md#accounts): an e-mail, lowercased, or a phone
 * number as typed ("77 123 45 67", "+221 77 123 45 67"), which the server reads as the phone rule
 * does. Trimmed either way.
 */
export const normalizeIdentifier = (raw: string) => {
  const v = raw.trim()
  return v.includes('@') ? v.toLowerCase() : v
}

/** Whether a normalized identifier is an e-mail or looks like a phone number (6 to 15 digits). */
export function isIdentifier(v: string): boolean {
  if (v.includes('@')) return v.length <= 254 && regexes.email.test(v)
  if (!/^\+?[\d\s().-]+$/.test(v)) return false
  const digits = v.replace(/\D/g, '').length
  return digits >= 6 && digits <= 15 && v.length <= 30
}

/** The first problem with each field (as the form shows it), none when the input is valid. */
export function checkLogin(values: LoginInput): Partial<Record<keyof LoginInput, string>> {
  const problems: Partial<Record<keyof LoginInput, string>> = {}
  if (!isIdentifier(normalizeIdentifier(values.email))) problems.email = LOGIN_MESSAGES.email
  const password = values.password
  if (password.length < 1) problems.password = LOGIN_MESSAGES.passwordMissing
  else if (password.length > 200) problems.password = LOGIN_MESSAGES.passwordTooLong
  else if (!ONE_LINE.test(password)) problems.password = LOGIN_MESSAGES.controlCharacters
  return problems
}

/**
 * What the form sends: the email (or phone) as the server will read it, and the country chosen on
 * the page, if any (it tells apart accounts of the same local digits in two countries).
 */
export const loginValues = (values: LoginInput): LoginInput => ({
  email: normalizeIdentifier(values.email),
  password: values.password,
  ...(values.countryId != null && { countryId: values.countryId }),
})
