import { id, queryBoolean } from './common'
import { z } from './zod'

/* Delivery slots as staff maintain them and clients pick them (docs/rules/delivery.md#delivery-slots). */

const TIME_MESSAGE = 'L’heure doit s’écrire HH:MM (ex. 10:00).'
const localTime = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME_MESSAGE)
const ORDER_MESSAGE = 'L’heure de fin doit être après l’heure de début.'
const CAPACITY_MESSAGE = 'La capacité doit être un nombre entier entre 1 et 1000.'
const capacity = z.coerce
  .number({ error: CAPACITY_MESSAGE })
  .int(CAPACITY_MESSAGE)
  .min(1, CAPACITY_MESSAGE)
  .max(1000, CAPACITY_MESSAGE)
const CUTOFF_MESSAGE = 'Le délai de clôture doit être un nombre entier de minutes entre 0 et 2880 (48 h).'
const cutoffMinutes = z.coerce
  .number({ error: CUTOFF_MESSAGE })
  .int(CUTOFF_MESSAGE)
  .min(0, CUTOFF_MESSAGE)
  .max(2880, CUTOFF_MESSAGE)

export const SLOT_ORDER_MESSAGE = ORDER_MESSAGE

export const createSlotInput = z
  .strictObject({
    cityId: id('La ville est requise.'),
    /** docs/rules/pickup.md#collection-slots: a shop's collection slot (the shop of that city). */
    shopId: id('Boutique introuvable.').nullish(),
    startsAt: localTime('L’heure de début est requise.'),
    endsAt: localTime('L’heure de fin est requise.'),
    capacity,
    cutoffMinutes,
    isActive: z.boolean().optional(),
  })
  .refine((s) => s.endsAt > s.startsAt, { message: ORDER_MESSAGE, path: ['endsAt'] })
export type CreateSlotInput = z.input<typeof createSlotInput>

export const updateSlotInput = z.strictObject({
  id: id('Le créneau est requis.'),
  startsAt: localTime('L’heure de début est requise.').optional(),
  endsAt: localTime('L’heure de fin est requise.').optional(),
  capacity: capacity.optional(),
  cutoffMinutes: cutoffMinutes.optional(),
  isActive: z.boolean().optional(),
})
export type UpdateSlotInput = z.input<typeof updateSlotInput>

export const adminSlotsQuery = z.strictObject({
  cityId: id('La ville est requise.'),
  /** A shop's collection slots; without it, the city's delivery slots. */
  shopId: id('Boutique introuvable.').optional(),
  isActive: queryBoolean.optional(),
})

/** GET /_api/orders/slots: the places left in a city's slots for the next days. */
export const availableSlotsQuery = z.strictObject({
  cityId: id('La ville est requise.'),
  /** docs/rules/pickup.md#collection-slots: a shop's collection slots instead of the city's delivery slots. */
  shopId: id('Boutique introuvable.').optional(),
})

const DAY_MESSAGE = 'Date de créneau invalide.'
/** A local day, '2026-11-25'. */
export const slotDay = (message = DAY_MESSAGE) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((d) => {
      const t = new Date(`${d}T00:00:00Z`)
      return (
        !Number.isNaN(t.getTime()) && t.toISOString().startsWith(d) && d >= '2000-01-01' && d <= '2100-12-31'
      )
    }, message)

/** The slot a checkout asks for: which one, on which local day. */
export const slotChoice = z.strictObject({
  id: id('Créneau de livraison invalide.'),
  date: slotDay(),
})

/* Answers. */
const adminSlot = z.strictObject({
  id: z.number(),
  cityId: z.number(),
  shopId: z.number().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number(),
  cutoffMinutes: z.number(),
  isActive: z.boolean(),
  createdAt: z.date(),
})
export type AdminSlot = z.infer<typeof adminSlot>
export const adminSlotAnswer = z.strictObject({ slot: adminSlot })
export const adminSlotsAnswer = z.strictObject({ slots: z.array(adminSlot), timeZone: z.string() })

const availableSlot = z.strictObject({
  slotId: z.number(),
  date: z.string(),
  startsAt: z.date(),
  endsAt: z.date(),
  capacity: z.number(),
  remaining: z.number(),
})
export type AvailableSlot = z.infer<typeof availableSlot>
export const availableSlotsAnswer = z.strictObject({ timeZone: z.string(), slots: z.array(availableSlot) })
