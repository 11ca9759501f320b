import { outOfStockChoices } from '../domain/stock'
import { isValidQuantityStep, unitTypes, type UnitType } from '../domain/units'
import { MAX_UNIT_PRICE } from '../domain/pricing'
import { PREPARATION_NAME_MAX } from '../domain/preparations'
import { id, INT4_MAX, oneLine, paragraph, queryBoolean, text } from './common'
import { publicProduct } from './storefront'
import { z } from './zod'

/* The product catalogue as staff maintain it (docs/rules/money.md#pricing for the units). */

export const countryRequired = 'Veuillez sélectionner un pays.'
const kgStep = 'La quantité minimale doit être un multiple de 0,5 kg.'
const unitStep = 'La quantité minimale doit être un nombre entier pour les produits à l’unité.'

const name = oneLine(
  z
    .string({ error: 'Le nom doit contenir au moins 3 caractères.' })
    .trim()
    .min(3, 'Le nom doit contenir au moins 3 caractères.')
    .max(150, 'Le nom ne peut pas dépasser 150 caractères.'),
)
const description = paragraph(2000).nullable()
const pricePerUnit = z
  .number({ error: 'Le prix doit être un nombre entier positif.' })
  .int('Le prix doit être un nombre entier positif (en francs CFA).')
  .positive('Le prix doit être un nombre entier positif.')
  .max(MAX_UNIT_PRICE, 'Le prix ne peut pas dépasser 10 000 000 F CFA.')
const minQuantity = z
  .number({ error: 'La quantité minimale doit être positive.' })
  .positive('La quantité minimale doit être positive.')
  .max(1000, 'La quantité minimale ne peut pas dépasser 1000.')
const unitType = z.enum(unitTypes, { error: "Le type d'unité doit être kg ou unité." })
/**
 * A pasted image address is refused (docs/decisions/0033): every visitor's browser would fetch a
 * stranger's server. Photos are uploaded (`POST /_api/admin/products/photo`). Empty or null
 * clears an address kept from before.
 */
export const imageUrlRefused =
  "Les adresses d'images ne sont pas acceptées : envoyez la photo du produit depuis sa fiche."
const imageUrl = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.null({ error: imageUrlRefused }),
)
const categoryId = z
  .number({ error: 'La catégorie est invalide.' })
  .int('La catégorie est invalide.')
  .positive('La catégorie est invalide.')
  .max(INT4_MAX, 'La catégorie est invalide.')
  .nullable()

/*
 * What a client wants to know before trusting a butcher (docs/rules/catalogue.md#provenance): where
 * the meat comes from, halal or not, the day of slaughter of fresh meat. Empty clears.
 */
export const provenanceMessages = {
  originLong: 'L’origine ne peut pas dépasser 200 caractères.',
  slaughterDay: 'Le jour d’abattage doit être une date (JJ/MM/AAAA).',
  slaughterFuture: 'Le jour d’abattage ne peut pas être dans le futur.',
  halal: 'Halal doit être oui ou non.',
} as const
const origin = oneLine(
  z.string({ error: provenanceMessages.originLong }).trim().max(200, provenanceMessages.originLong),
)
  .transform((v) => v || null)
  .nullable()
/** Tomorrow in UTC: no country of the shop is more than a day ahead of it. */
const latestSlaughterDay = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
const isCalendarDay = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v
}
const slaughterDay = z
  .string({ error: provenanceMessages.slaughterDay })
  .trim()
  .refine(
    (v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && isCalendarDay(v)),
    provenanceMessages.slaughterDay,
  )
  .refine(
    (v) => v === '' || !isCalendarDay(v) || v <= latestSlaughterDay(),
    provenanceMessages.slaughterFuture,
  )
  .transform((v) => v || null)
  .nullable()
const halal = z.boolean({ error: provenanceMessages.halal })

/** The step rule of docs/rules/money.md#pricing: kg by 0.5, unit by whole numbers. Undefined when it holds. */
export function minQuantityStepError(unit: UnitType, quantity: number): string | undefined {
  if (isValidQuantityStep(quantity, unit)) return undefined
  return unit === 'kg' ? kgStep : unitStep
}

type StepFields = { unitType?: UnitType | undefined; minQuantity?: number | undefined }
const checkStep = (value: StepFields, ctx: z.RefinementCtx) => {
  if (value.unitType === undefined || value.minQuantity === undefined) return
  const message = minQuantityStepError(value.unitType, value.minQuantity)
  if (message) ctx.addIssue({ code: 'custom', path: ['minQuantity'], message })
}

/*
 * Preparations (docs/rules/catalogue.md#preparations): a country's list, and what a product offers
 * of it, each free (0) or with its price per unit of the product, one of them the default.
 */
const PREPARATION_NAME_MESSAGE = 'Le nom de la préparation doit contenir entre 2 et 60 caractères.'
const preparationName = oneLine(
  z
    .string({ error: PREPARATION_NAME_MESSAGE })
    .trim()
    .min(2, PREPARATION_NAME_MESSAGE)
    .max(PREPARATION_NAME_MAX, PREPARATION_NAME_MESSAGE),
)
const preparationId = () => id('La préparation est invalide.')
const PREPARATION_PRICE_MESSAGE =
  'Le prix d’une préparation est un nombre entier positif ou nul (en francs CFA).'
export const productPreparationsInput = z
  .array(
    z.strictObject({
      preparationId: preparationId(),
      price: z
        .number({ error: PREPARATION_PRICE_MESSAGE })
        .int(PREPARATION_PRICE_MESSAGE)
        .min(0, PREPARATION_PRICE_MESSAGE)
        .max(MAX_UNIT_PRICE, 'Le prix ne peut pas dépasser 10 000 000 F CFA.'),
      isDefault: z.boolean().optional(),
    }),
    { error: 'Les préparations sont invalides.' },
  )
  .max(30, 'Trente préparations au plus par produit.')
  .refine(
    (list) => new Set(list.map((p) => p.preparationId)).size === list.length,
    'Une préparation ne figure qu’une fois par produit.',
  )
  .refine((list) => list.filter((p) => p.isDefault).length <= 1, 'Une seule préparation par défaut.')
export type ProductPreparationsInput = z.input<typeof productPreparationsInput>
/** The offers as checked: what the server writes and the product dialog edits. */
export type ProductPreparations = z.output<typeof productPreparationsInput>

/** GET /_api/admin/preparations: a country's list (a super_admin's own; root names one). */
export const preparationsQuery = z.strictObject({ countryId: id(countryRequired).optional() })
export const createPreparationInput = z.strictObject({
  countryId: id(countryRequired).optional(),
  name: preparationName,
})
export type CreatePreparationInput = z.input<typeof createPreparationInput>
export const updatePreparationInput = z.strictObject({ id: preparationId(), name: preparationName })
export const deletePreparationInput = z.strictObject({ id: preparationId() })
const preparationView = z.strictObject({
  id: z.number(),
  countryId: z.number(),
  name: z.string(),
  position: z.number(),
  /** How many products offer it. */
  products: z.number(),
})
export type PreparationView = z.infer<typeof preparationView>
export const preparationsAnswer = z.strictObject({ preparations: z.array(preparationView) })
export const preparationAnswer = z.strictObject({ preparation: preparationView })

export const createProductInput = z
  .strictObject({
    name,
    description: description.optional(),
    pricePerUnit,
    unitType,
    minQuantity,
    imageUrl: imageUrl.optional(),
    categoryId: categoryId.optional(),
    /** Root must give it; a super_admin's product is always of its own country. */
    countryId: id(countryRequired).optional(),
    isActive: z.boolean().optional(),
    isFeatured: z.boolean().optional(),
    origin: origin.optional(),
    halal: halal.optional(),
    slaughterDay: slaughterDay.optional(),
    /** docs/rules/catalogue.md#preparations: left out, none (create) or unchanged (update). */
    preparations: productPreparationsInput.optional(),
  })
  .superRefine(checkStep)
export type CreateProductInput = z.input<typeof createProductInput>

export const updateProductInput = z
  .strictObject({
    id: id('Le produit est requis.'),
    name: name.optional(),
    description: description.optional(),
    pricePerUnit: pricePerUnit.optional(),
    unitType: unitType.optional(),
    minQuantity: minQuantity.optional(),
    imageUrl: imageUrl.optional(),
    categoryId: categoryId.optional(),
    countryId: id(countryRequired).optional(),
    isActive: z.boolean().optional(),
    isFeatured: z.boolean().optional(),
    origin: origin.optional(),
    halal: halal.optional(),
    slaughterDay: slaughterDay.optional(),
    preparations: productPreparationsInput.optional(),
  })
  .superRefine(checkStep)
export type UpdateProductInput = z.input<typeof updateProductInput>

export const deleteProductInput = z.strictObject({ id: id('Le produit est requis.') })

/**
 * POST /_api/admin/products/photo?id=…, the photo's bytes as the body; and
 * POST /_api/admin/products/photo/remove { id } (docs/rules/catalogue.md#photos).
 */
export const productPhotoInput = z.strictObject({ id: id('Le produit est requis.') })

const productIds = z
  .array(id('Identifiant de produit invalide.'), { error: 'Veuillez sélectionner au moins un produit.' })
  .min(1, 'Veuillez sélectionner au moins un produit.')
  .max(500, 'Cinq cents produits au plus par action.')

export const bulkProductActionInput = z.discriminatedUnion(
  'action',
  [
    z.strictObject({
      action: z.literal('toggle_active'),
      productIds,
      isActive: z.boolean({ error: 'Le statut (actif ou inactif) est requis.' }),
    }),
    z.strictObject({
      action: z.literal('move_to_country'),
      productIds,
      targetCountryId: id('Le pays cible est requis.'),
    }),
  ],
  { error: "L'action doit être toggle_active ou move_to_country." },
)
export type BulkProductActionInput = z.input<typeof bulkProductActionInput>

const productStatusFilters = ['all', 'active', 'inactive'] as const
export const adminProductsQuery = z.strictObject({
  country: text(100).optional(),
  status: z.enum(productStatusFilters, { error: 'Le statut doit être all, active ou inactive.' }).optional(),
  isActive: queryBoolean.optional(),
})

/** The step rule of docs/rules/money.md#pricing for a daily quantity. Undefined when it holds. */
export function dailyQuantityStepError(unit: UnitType, quantity: number): string | undefined {
  if (isValidQuantityStep(quantity, unit)) return undefined
  return unit === 'kg'
    ? 'La quantité du jour doit être un multiple de 0,5 kg.'
    : 'La quantité du jour doit être un nombre entier pour les produits à l’unité.'
}

/**
 * POST /_api/admin/products/stock (docs/rules/catalogue.md#stock): out of stock for the country's day or
 * until further notice, and the daily quantity orders draw from (null: none).
 */
export const productStockInput = z.strictObject({
  id: id('Le produit est requis.'),
  outOfStock: z.enum(outOfStockChoices, {
    error: 'La disponibilité doit être no, today ou until_further_notice.',
  }),
  dailyQuantity: z
    .number({ error: 'La quantité du jour doit être un nombre positif.' })
    .positive('La quantité du jour doit être positive.')
    .max(100_000, 'La quantité du jour ne peut pas dépasser 100 000.')
    .nullable(),
})
export type ProductStockInput = z.input<typeof productStockInput>

/* Answers. */
/**
 * A product as the back-office reads it: the storefront's, with its last change and how staff
 * set its stock (`outOfStock` null when in stock; `soldToday` what today's orders drew).
 */
const adminProduct = publicProduct.extend({
  updatedAt: z.date(),
  outOfStock: z.enum(['today', 'until_further_notice']).nullable(),
  dailyQuantity: z.number().nullable(),
  soldToday: z.number(),
})
export type AdminProduct = z.infer<typeof adminProduct>
export const adminProductAnswer = z.strictObject({ product: adminProduct })
export const adminProductsAnswer = z.strictObject({ products: z.array(adminProduct) })

const productStats = z.strictObject({
  countryId: z.number(),
  countryName: z.string(),
  totalProducts: z.number(),
  activeProducts: z.number(),
  inactiveProducts: z.number(),
})
export const productStatsAnswer = z.strictObject({ stats: z.array(productStats) })
export const bulkActionAnswer = z.strictObject({ summary: z.string(), count: z.number() })
