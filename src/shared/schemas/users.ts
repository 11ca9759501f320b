import { loyaltyTypes } from '../domain/status-effects'
import { newPassword, sessionUser } from './auth'
import { orderView } from './orders'
import { roles } from '../domain/roles'
import { id, limit, oneLine, page, text } from './common'
import { z } from './zod'

// Creating and editing accounts (docs/rules/people.md#who-may-do-what, docs/rules/people.md#accounts).
const email = z
  .string({ error: "Format d'email invalide." })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "Format d'email invalide." }).max(254, 'Email trop long.'))
const password = newPassword('.')
const displayName = oneLine(
  z
    .string({ error: "Le nom d'affichage doit contenir au moins 2 caractères." })
    .trim()
    .min(2, "Le nom d'affichage doit contenir au moins 2 caractères.")
    .max(100, "Le nom d'affichage ne peut pas dépasser 100 caractères."),
)
const required = (message: string, max = 100) =>
  oneLine(
    z
      .string({ error: message })
      .trim()
      .min(1, message)
      .max(max, `Ce champ ne peut pas dépasser ${max} caractères.`),
  )
const phoneNumber = required('Le numéro de téléphone est requis.', 30)
const city = required('La ville est requise.')
const country = required('Le pays est requis.')
const role = z.enum(roles, { error: 'Le rôle est requis.' })

const accountFields = { email, password, displayName, phoneNumber, city, country }

/** POST /_api/admin/create-super-admin and create-delivery-driver: the role is the endpoint's. */
export const createAccountInput = z.strictObject(accountFields)
export type CreateAccountInput = z.input<typeof createAccountInput>

export const createUserInput = z.strictObject({ ...accountFields, role })
export type CreateUserInput = z.input<typeof createUserInput>

export const updateUserInput = z.strictObject({
  userId: id("L'identifiant de l'utilisateur est invalide."),
  email,
  displayName,
  phoneNumber,
  city,
  country,
  role,
})
export type UpdateUserInput = z.input<typeof updateUserInput>

export const toggleUserStatusInput = z.strictObject({
  userId: id("L'identifiant de l'utilisateur est invalide."),
  isActive: z.boolean({ error: 'Le statut actif doit être vrai ou faux.' }),
})

export const DISCOUNT_RANGE_MESSAGE = 'Le rabais doit être compris entre 0 et 100.'
export const DISCOUNT_STEP_MESSAGE = 'Le rabais doit être un multiple de 0,01.'
export const setDiscountInput = z.strictObject({
  userId: id("L'identifiant de l'utilisateur est invalide."),
  discountPercent: z
    .number({ error: DISCOUNT_RANGE_MESSAGE })
    .min(0, DISCOUNT_RANGE_MESSAGE)
    .max(100, DISCOUNT_RANGE_MESSAGE)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, DISCOUNT_STEP_MESSAGE)
    .nullable(),
})

export const usersListInput = z.strictObject({ country: text(100).optional() })

export const superAdminsInput = z.strictObject({
  country: text(100).optional(),
  search: text(100).optional(),
  page,
  limit: limit(100, 10),
})

export const userHistoryInput = z.strictObject({ userId: id('User ID is required.') })

/** A user as the staff lists give it: the session's fields and two dates. */
const adminUser = sessionUser.extend({ createdAt: z.date(), lastLogin: z.date().nullable() })
export type AdminUser = z.infer<typeof adminUser>
export const adminUserAnswer = z.strictObject({ user: adminUser })
/**
 * A listed account, and whether another account has its phone number (kept from before one account
 * per number; staff resolve it by editing one of them: docs/rules/people.md, "One account per phone number").
 */
const listedUser = adminUser.extend({ sharesPhone: z.boolean() })
export type ListedUser = z.infer<typeof listedUser>
export const adminUsersAnswer = z.strictObject({ users: z.array(listedUser) })

const superAdminRow = adminUser.pick({
  id: true,
  displayName: true,
  email: true,
  country: true,
  city: true,
  createdAt: true,
  isActive: true,
})
export const superAdminsAnswer = z.strictObject({
  superAdmins: z.array(superAdminRow),
  pagination: z.strictObject({
    page: z.number(),
    limit: z.number(),
    total: z.number(),
    totalPages: z.number(),
  }),
})

const loyaltyTransactionRow = z.strictObject({
  id: z.number(),
  transactionType: z.enum(loyaltyTypes),
  points: z.number(),
  orderId: z.number().nullable(),
  description: z.string(),
  createdAt: z.date(),
})
/** A line of an account's security history: who enrolled or reset its second factor. */
const accountEventRow = z.strictObject({
  id: z.number(),
  kind: z.enum(['two_factor_enabled', 'two_factor_reset']),
  byName: z.string().nullable(),
  createdAt: z.date(),
})
export const userHistoryAnswer = z.strictObject({
  user: adminUser,
  orders: z.array(orderView),
  loyaltyTransactions: z.array(loyaltyTransactionRow),
  accountEvents: z.array(accountEventRow),
  twoFactorEnabled: z.boolean(),
})
/** root takes away another staff member's second factor (docs/rules/people.md#accounts). */
export const resetTwoFactorInput = z.strictObject({
  userId: id("L'identifiant de l'utilisateur est invalide."),
})
