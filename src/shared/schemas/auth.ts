import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordMessages } from '../domain/password'
import { roles } from '../domain/roles'
import { isIdentifier, LOGIN_MESSAGES, normalizeIdentifier } from '../login-check'
import { id, oneLine } from './common'
import { z } from './zod'

/** An e-mail or a phone number (docs/rules/people.md#accounts); `email` keeps its name in the login body. */
const identifier = z
  .string({ error: LOGIN_MESSAGES.email })
  .transform(normalizeIdentifier)
  .pipe(z.string().refine(isIdentifier, LOGIN_MESSAGES.email))

/**
 * A new password (docs/rules/people.md#accounts): the rule of domain/password.ts, its messages
 * ended by `end` (the staff's forms end theirs with a full stop).
 */
export const newPassword = (end: '' | '.' = '') => {
  const { tooShort, tooLong } = passwordMessages(end)
  return oneLine(
    z.string({ error: tooShort }).min(PASSWORD_MIN_LENGTH, tooShort).max(PASSWORD_MAX_LENGTH, tooLong),
  )
}

/**
 * The country chosen on the page (the storefront's), when one is: a number as dialled is read in
 * it too, and it tells apart two accounts of the same local digits (docs/rules/people.md#accounts).
 */
const chosenCountry = id('Pays invalide.').optional()

export const loginInput = z.strictObject({
  email: identifier,
  password: oneLine(z.string().min(1, 'Le mot de passe est requis.').max(200, 'Mot de passe trop long.')),
  countryId: chosenCountry,
})
export type LoginInput = z.input<typeof loginInput>

export const registerInput = z.strictObject({
  email: z
    .string({ error: "L'email est requis et doit être valide" })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "L'email est requis et doit être valide" }).max(254, 'Email trop long.')),
  password: newPassword(),
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
  /**
   * "Recevoir les avis de commande par SMS" (docs/rules/people.md#accounts): on when left out, the
   * account having a phone; off only when the client unticks it.
   */
  smsNotices: z
    .boolean({ error: 'Cochez ou décochez « Recevoir les avis de commande par SMS ».' })
    .optional(),
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
  /** The shop's halal statement in the country (docs/rules/catalogue.md#provenance); null: none. */
  halalStatement: z.string().nullable(),
})
export type PublicCountry = z.infer<typeof publicCountry>

export const successAnswer = z.strictObject({ success: z.literal(true) })

/** POST /_api/auth/password/forgot: an e-mail or a phone number (docs/rules/people.md#accounts). */
export const forgotPasswordInput = z.strictObject({ identifier, countryId: chosenCountry })
/** The same answer whether an account exists or not: which way the message went, if any. */
export const forgotPasswordAnswer = z.strictObject({
  success: z.literal(true),
  channel: z.enum(['email', 'sms']),
})

/** POST /_api/auth/password/reset_with_link: the link's token and the new password. */
export const resetWithLinkInput = z.strictObject({
  token: z.string({ error: 'Lien invalide.' }).min(10, 'Lien invalide.').max(200, 'Lien invalide.'),
  password: newPassword(),
})
/** POST /_api/auth/password/reset_with_code: the phone, the SMS's code and the new password. */
export const resetWithCodeInput = z.strictObject({
  identifier,
  countryId: chosenCountry,
  code: z
    .string({ error: 'Le code a 6 chiffres.' })
    .trim()
    .regex(/^\d{6}$/, 'Le code a 6 chiffres.'),
  password: newPassword(),
})

/** The client's channels (docs/rules/orders.md#messages): "Me prévenir par : e-mail, SMS". */
export const notificationPrefs = z.strictObject({ email: z.boolean(), sms: z.boolean() })
export type NotificationPrefs = z.infer<typeof notificationPrefs>
export const notificationPrefsAnswer = z.strictObject({
  prefs: notificationPrefs,
  phoneNumber: z.string().nullable(),
})

// ---- staff two-factor and sessions (docs/rules/people.md#accounts) ----

/** What the password step leads to for an account with a second factor: its code, or its enrolment. */
export const secondStep = z.enum(['code', 'enrol'])
/** Sign-in and password resets: the session, or the second step to take first. */
export const signInAnswer = z.union([userAnswer, z.strictObject({ twoFactor: secondStep })])
export type SignInAnswer = z.infer<typeof signInAnswer>

/** A code of the authenticator (6 digits) or a recovery code. */
export const secondFactorInput = z.strictObject({
  code: z
    .string({ error: 'Le code est requis.' })
    .trim()
    .min(1, 'Le code est requis.')
    .max(40, 'Code incorrect.'),
})
/**
 * The first code of a new authenticator; when a signed-in account moves to another app, also a
 * code of the one it has now (or a recovery code): a session left open is not enough to take
 * over the second factor.
 */
export const enrolmentInput = z.strictObject({
  code: secondFactorInput.shape.code,
  currentCode: z.string().trim().max(40, 'Code incorrect.').optional(),
})
/** A new authenticator to scan: its secret as text, its otpauth:// address, and its QR code drawn as an SVG path. */
export const enrolmentAnswer = z.strictObject({
  secret: z.string(),
  uri: z.string(),
  qrPath: z.string(),
  qrSize: z.number(),
})
export type EnrolmentAnswer = z.infer<typeof enrolmentAnswer>
/** Enrolled: the ten recovery codes, shown this once, and the signed-in user. */
export const enrolmentDoneAnswer = z.strictObject({ recoveryCodes: z.array(z.string()), user: sessionUser })
export const twoFactorStatus = z.strictObject({
  enabled: z.boolean(),
  required: z.boolean(),
  allowed: z.boolean(),
  recoveryCodesLeft: z.number(),
})

/** One of the caller's sessions, as its list shows it. */
export const sessionInfo = z.strictObject({
  id: z.string(),
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.date(),
  lastSeenAt: z.date(),
  current: z.boolean(),
})
export type SessionInfo = z.infer<typeof sessionInfo>
export const sessionsAnswer = z.strictObject({ sessions: z.array(sessionInfo) })
export const endSessionInput = z.strictObject({
  id: z.string({ error: 'Session inconnue.' }).regex(/^[0-9a-f]{64}$/, 'Session inconnue.'),
})
export const endedAnswer = z.strictObject({ ended: z.number() })
