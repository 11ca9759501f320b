/**
 * A new password's rule (docs/rules/people.md#accounts), written once for every form and schema
 * that sets one: the registration, a staff member's new account, both resets. Without zod: the
 * reset pages check it without downloading zod (docs/decisions/0028), and the schemas build on
 * it (`newPassword`, src/shared/schemas/auth.ts). The staff's account forms end every message
 * with a full stop (src/shared/schemas/users.ts), the shop's do not: `end` keeps each text as it is.
 */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 200

/** The rule's messages, ended by `end`. */
export const passwordMessages = (end: '' | '.' = '') => ({
  tooShort: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères${end}`,
  tooLong: `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX_LENGTH} caractères${end}`,
})

/** The hint under a new password's field. */
export const PASSWORD_HINT = `Au moins ${PASSWORD_MIN_LENGTH} caractères.`

/** What is wrong with a new password's length, as the schema says it; undefined when it fits. */
export function checkNewPassword(value: string, end: '' | '.' = ''): string | undefined {
  if (value.length < PASSWORD_MIN_LENGTH) return passwordMessages(end).tooShort
  if (value.length > PASSWORD_MAX_LENGTH) return passwordMessages(end).tooLong
  return undefined
}
