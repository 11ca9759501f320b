import { roles } from '../domain/roles'
import { oneLine } from './common'
import { z } from './zod'

export const loginInput = z.strictObject({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Veuillez entrer une adresse email valide.' })),
  password: oneLine(z.string().min(1, 'Le mot de passe est requis.').max(200, 'Mot de passe trop long.')),
})
export type LoginInput = z.input<typeof loginInput>

export const registerInput = z.strictObject({
  email: z
    .string({ error: "L'email est requis et doit être valide" })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "L'email est requis et doit être valide" }).max(254, 'Email trop long.')),
  password: oneLine(
    z
      .string({ error: 'Le mot de passe doit contenir au moins 8 caractères' })
      .min(8, 'Le mot de passe doit contenir au moins 8 caractères')
      .max(200, 'Le mot de passe ne peut pas dépasser 200 caractères'),
  ),
  displayName: oneLine(
    z
      .string({ error: "Le nom d'affichage est requis" })
      .trim()
      .min(1, "Le nom d'affichage est requis")
      .max(100, "Le nom d'affichage ne peut pas dépasser 100 caractères"),
  ),
  phoneNumber: oneLine(
    z
      .string({ error: 'Le numéro de téléphone est requis' })
      .trim()
      .min(1, 'Le numéro de téléphone est requis')
      .max(30, 'Le numéro de téléphone ne peut pas dépasser 30 caractères'),
  ),
  city: oneLine(
    z
      .string({ error: 'La ville est requise' })
      .trim()
      .min(1, 'La ville est requise')
      .max(100, 'La ville ne peut pas dépasser 100 caractères'),
  ),
  country: oneLine(
    z
      .string({ error: 'Le pays est requis' })
      .trim()
      .min(1, 'Le pays est requis')
      .max(100, 'Le pays ne peut pas dépasser 100 caractères'),
  ),
})
export type RegisterInput = z.input<typeof registerInput>

/** The signed-in user, as every auth call answers it (never its password's hash). */
export const sessionUser = z.strictObject({
  id: z.number(),
  email: z.string(),
  displayName: z.string(),
  phoneNumber: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  countryId: z.number().nullable(),
  role: z.enum(roles),
  loyaltyPoints: z.number(),
  customDiscountPercent: z.number().nullable(),
  isActive: z.boolean(),
})
export type SessionUser = z.infer<typeof sessionUser>
export const userAnswer = z.strictObject({ user: sessionUser })

/** Country as the public lists give it (registration, checkout). */
export const publicCountry = z.strictObject({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  dialCode: z.string(),
  currency: z.string(),
  shopPhone: z.string().nullable(),
  shopWhatsapp: z.string().nullable(),
})
export type PublicCountry = z.infer<typeof publicCountry>

export const successAnswer = z.strictObject({ success: z.literal(true) })
