import { describe, expect, it } from 'vitest'
import { internationalPhone } from '../../src/server/services/people/phones'
import { loginInput, registerInput } from '../../src/shared/schemas/auth'
import { isValidQuantityStep } from '../../src/shared/domain/units'

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? []

describe('registration schema (docs/rules/orders.md#validation-messages)', () => {
  const ok = {
    email: 'a@b.sn',
    password: '12345678',
    displayName: 'A',
    phoneNumber: '1',
    city: 'Dakar',
    country: 'Mali',
  }
  it('accepts a valid registration and normalises the email', () => {
    const r = registerInput.parse({ ...ok, email: '  A@B.SN ' })
    expect(r.email).toBe('a@b.sn')
  })
  it.each([
    ['email', 'x', "L'email est requis et doit être valide"],
    ['password', '1234567', 'Le mot de passe doit contenir au moins 8 caractères'],
    ['displayName', '', "Le nom d'affichage est requis"],
    ['phoneNumber', '', 'Le numéro de téléphone est requis'],
    ['city', '', 'La ville est requise'],
    ['country', '', 'Le pays est requis'],
  ])('%s: %s', (field, value, message) => {
    expect(messages(registerInput.safeParse({ ...ok, [field]: value }))).toContain(message)
  })
  it('refuses unknown fields, with a French message', () => {
    const r = registerInput.safeParse({ ...ok, role: 'root' })
    expect(r.success).toBe(false)
    expect(messages(r).join()).toMatch(/non reconnue/i)
  })
})

describe('login schema', () => {
  it('needs a valid email and a password', () => {
    expect(messages(loginInput.safeParse({ email: 'x', password: '' }))).toEqual([
      'Veuillez entrer une adresse email ou un numéro de téléphone valide.',
      'Le mot de passe est requis.',
    ])
  })
})

describe('dial codes and quantity steps', () => {
  it('writes every phone number in one international form, a local one read in the country', () => {
    expect(internationalPhone('77 123 45 67', 'SN')).toBe('+221 77 123 45 67')
    expect(internationalPhone('771234567', 'SN')).toBe('+221 77 123 45 67')
    expect(internationalPhone('00221 77-123-45-67', 'SN')).toBe('+221 77 123 45 67')
    expect(internationalPhone('+223 70 00 00 00', 'SN')).toBe('+223 70 00 00 00')
    expect(internationalPhone('6 99 12 34 56', 'CM')).toBe('+237 6 99 12 34 56')
    // Not a number of the country (too short, letters): refused.
    expect(internationalPhone('12 34', 'SN')).toBeNull()
    expect(internationalPhone('appelez-moi', 'SN')).toBeNull()
  })
  it('steps kg by 0.5 and units by 1', () => {
    expect(isValidQuantityStep(1.5, 'kg')).toBe(true)
    expect(isValidQuantityStep(1.25, 'kg')).toBe(false)
    expect(isValidQuantityStep(2, 'unit')).toBe(true)
    expect(isValidQuantityStep(1.5, 'unit')).toBe(false)
    // Exactly, no tolerance (docs/security/outside-attack.md item 9); every multiple of 0.5 is exact in binary.
    expect(isValidQuantityStep(0.5000000001, 'kg')).toBe(false)
    expect(isValidQuantityStep(1.0000000001, 'unit')).toBe(false)
    expect(isValidQuantityStep(999.5, 'kg')).toBe(true)
    expect(isValidQuantityStep(0.5 * 3 + 0.5 * 7, 'kg')).toBe(true)
    expect(isValidQuantityStep(Number.NaN, 'kg')).toBe(false)
    expect(isValidQuantityStep(Infinity, 'unit')).toBe(false)
  })
})
