import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkLogin, loginValues } from '@/shared/login-check'
import { loginInput } from '@/shared/schemas/auth'

// The sign-in form checks without zod (docs/decisions/0028); the server reads the same body
// with loginInput. Both must agree on every input: same verdict, same first message per field,
// same values sent.
const firstMessages = (input: { email: string; password: string }) => {
  const parsed = loginInput.safeParse(input)
  if (parsed.success) return {}
  const out: Record<string, string> = {}
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0])
    out[field] ??= issue.message
  }
  return out
}

const emails = fc.oneof(
  fc.emailAddress(),
  fc.emailAddress().map((e) => ` ${e.toUpperCase()} `),
  fc.string(),
  fc.constantFrom('', ' ', 'a@b', 'a@b.c', 'client@etal.demo', 'é@etal.sn', 'a..b@etal.sn', 'a@-b.sn'),
)
const passwords = fc.oneof(
  fc.string({ maxLength: 210 }),
  fc.string({ minLength: 199, maxLength: 202 }),
  fc.constantFrom('', 'Demo-2026!', 'ligne\nnouvelle', 'tab\there', 'é'.repeat(201)),
)

describe('checkLogin agrees with loginInput', () => {
  it('on generated emails and passwords', () => {
    fc.assert(
      fc.property(emails, passwords, (email, password) => {
        const input = { email, password }
        expect(checkLogin(input)).toEqual(firstMessages(input))
        const parsed = loginInput.safeParse(input)
        if (parsed.success) expect(loginValues(input)).toEqual(parsed.data)
      }),
      { numRuns: 3000 },
    )
  })
})
