import { regexes } from 'zod/v4/core'
import type { LoginInput } from './schemas/auth'

/**
 * The sign-in form's own check: the verdicts and messages of `loginInput` (schemas/auth.ts),
 * without zod. The sign-in form is on a shopper's first visit, and zod alone is 23 KB on a slow
 * connection (docs/decisions/0028). The server still reads the body with `loginInput` (a 400
 * names the field); tests/unit/login-check.test.ts holds the two together on generated inputs.
 */
export const LOGIN_MESSAGES = {
  email: 'Veuillez entrer une adresse email valide.',
  passwordMissing: 'Le mot de passe est requis.',
  passwordTooLong: 'Mot de passe trop long.',
  controlCharacters: 'Ce champ contient des caractères non autorisés.',
} as const

const ONE_LINE = /^\P{Cc}*$/u

/** The first problem with each field (as the form shows it), none when the input is valid. */
export function checkLogin(values: LoginInput): Partial<Record<keyof LoginInput, string>> {
  const problems: Partial<Record<keyof LoginInput, string>> = {}
  if (!regexes.email.test(values.email.trim().toLowerCase())) problems.email = LOGIN_MESSAGES.email
  const password = values.password
  if (password.length < 1) problems.password = LOGIN_MESSAGES.passwordMissing
  else if (password.length > 200) problems.password = LOGIN_MESSAGES.passwordTooLong
  else if (!ONE_LINE.test(password)) problems.password = LOGIN_MESSAGES.controlCharacters
  return problems
}

/** What the form sends: the email as the server will read it. */
export const loginValues = (values: LoginInput): LoginInput => ({
  email: values.email.trim().toLowerCase(),
  password: values.password,
})
