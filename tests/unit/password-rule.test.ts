import { describe, expect, it } from 'vitest'
import { checkNewPassword } from '../../src/shared/domain/password'
import { registerInput, resetWithCodeInput, resetWithLinkInput } from '../../src/shared/schemas/auth'
import { createAccountInput } from '../../src/shared/schemas/users'

/**
 * One password rule (src/shared/domain/password.ts): the reset pages' check without zod says what
 * every schema that sets a password says, at each length around the bounds.
 */
const passwordIssue = (r: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) => r.error?.issues.find((i) => i.path[0] === 'password')?.message

describe('the password rule', () => {
  const lengths = [0, 1, 7, 8, 9, 199, 200, 201, 500]
  it.each(lengths)('%i characters: the shop’s schemas and the pages’ check agree', (n) => {
    const password = 'a'.repeat(n)
    const expected = checkNewPassword(password)
    expect(passwordIssue(resetWithLinkInput.safeParse({ token: 'abcdefghijkl.secret', password }))).toBe(
      expected,
    )
    expect(
      passwordIssue(resetWithCodeInput.safeParse({ identifier: 'awa@example.sn', code: '123456', password })),
    ).toBe(expected)
    expect(passwordIssue(registerInput.safeParse({ password }))).toBe(expected)
  })

  it.each(lengths)('%i characters: the staff’s account form, its messages ended by a full stop', (n) => {
    const password = 'a'.repeat(n)
    expect(passwordIssue(createAccountInput.safeParse({ password }))).toBe(checkNewPassword(password, '.'))
  })

  it('keeps its French texts', () => {
    expect(checkNewPassword('court')).toBe('Le mot de passe doit contenir au moins 8 caractères')
    expect(checkNewPassword('a'.repeat(201), '.')).toBe(
      'Le mot de passe ne peut pas dépasser 200 caractères.',
    )
    expect(checkNewPassword('assez long')).toBeUndefined()
  })
})
