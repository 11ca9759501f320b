import { id } from './common'
import { z } from './zod'

// docs/rules/campaigns-messages.md#the-pay-links (decision 0073): a pay link issued again.

/** POST /_api/campaigns/link (the client, its own) and /_api/admin/campaigns/link (staff). */
export const payLinkInput = z.strictObject({
  reservationId: id('Identifiant de réservation invalide.'),
  /** True: every earlier link stops working (one shared too widely); else they keep working. */
  revoke: z.boolean({ error: 'Indiquez si les anciens liens doivent cesser de fonctionner.' }).optional(),
})
export const payLinkAnswer = z.strictObject({
  /** Shown once: the database keeps only its hash. */
  payToken: z.string(),
  payLink: z.string(),
  /** Whether the earlier links stopped working. */
  revoked: z.boolean(),
})
