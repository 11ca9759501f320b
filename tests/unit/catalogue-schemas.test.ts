import { describe, expect, it } from 'vitest'
import {
  adminZonesQuery,
  createCountryInput,
  createZoneInput,
  updateCityInput,
} from '../../src/shared/schemas/places'
import {
  bulkProductActionInput,
  createProductInput,
  minQuantityStepError,
  updateProductInput,
} from '../../src/shared/schemas/products'

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? []

describe('country schema (docs/rules/orders.md#validation-messages)', () => {
  const ok = {
    name: 'Ghana',
    code: 'gh',
    currency: 'ghs',
    mobileMoneyProviders: [' MTN MoMo ', '', 'MTN MoMo'],
  }
  it('upper-cases code and currency, trims providers, drops blanks and repeats', () => {
    expect(createCountryInput.parse(ok)).toMatchObject({
      code: 'GH',
      currency: 'GHS',
      mobileMoneyProviders: ['MTN MoMo'],
    })
  })
  it.each([
    [{ code: 'G' }, 'Le code doit contenir exactement 2 lettres.'],
    [{ code: 'G2' }, 'Le code doit contenir exactement 2 lettres.'],
    [{ currency: 'CFAF' }, 'La devise doit contenir exactement 3 lettres.'],
    [{ mobileMoneyProviders: [' '] }, 'Au moins un fournisseur Mobile Money est requis.'],
    [{ dialCode: '221' }, "L'indicatif doit s'écrire + suivi de 1 à 4 chiffres (ex. +221)."],
  ])('%j', (over, message) => {
    expect(messages(createCountryInput.safeParse({ ...ok, ...over }))).toContain(message)
  })
})

describe('city and zone schemas', () => {
  it('give the spec’s messages', () => {
    expect(messages(createZoneInput.safeParse({ name: ' ' }))).toEqual([
      'Le nom de la zone est requis.',
      'La ville est requise.',
    ])
    expect(messages(updateCityInput.safeParse({ id: 1, name: '' }))).toEqual([
      'Le nom de la ville est requis.',
    ])
  })
  it('reads the zone list query from strings, limit 1 to 100, default 10', () => {
    expect(adminZonesQuery.parse({ cityId: '3', isActive: 'false', page: '2' })).toEqual({
      cityId: 3,
      isActive: false,
      page: 2,
      limit: 10,
    })
    expect(adminZonesQuery.safeParse({ limit: '101' }).success).toBe(false)
  })
})

describe('product schema (docs/rules/orders.md#validation-messages)', () => {
  const ok = { name: 'Gigot', pricePerUnit: 6500, unitType: 'kg', minQuantity: 1.5 }
  it('accepts kg by 0.5 and whole units, turns an empty image into null', () => {
    expect(createProductInput.parse({ ...ok, imageUrl: '' }).imageUrl).toBeNull()
    expect(createProductInput.safeParse({ ...ok, unitType: 'unit', minQuantity: 2 }).success).toBe(true)
  })
  it('checks the step only when both fields are known (an update checks the rest on the server)', () => {
    expect(minQuantityStepError('kg', 0.75)).toBe('La quantité minimale doit être un multiple de 0,5 kg.')
    expect(minQuantityStepError('unit', 1.5)).toBe(
      'La quantité minimale doit être un nombre entier pour les produits à l’unité.',
    )
    expect(updateProductInput.safeParse({ id: 1, minQuantity: 0.75 }).success).toBe(true)
    expect(messages(updateProductInput.safeParse({ id: 1, unitType: 'kg', minQuantity: 0.75 }))).toEqual([
      'La quantité minimale doit être un multiple de 0,5 kg.',
    ])
  })
  it('refuses a bulk action without products or without its argument', () => {
    expect(
      messages(bulkProductActionInput.safeParse({ action: 'toggle_active', isActive: true, productIds: [] })),
    ).toEqual(['Veuillez sélectionner au moins un produit.'])
    expect(
      messages(bulkProductActionInput.safeParse({ action: 'move_to_country', productIds: [1] })),
    ).toEqual(['Le pays cible est requis.'])
  })
})
