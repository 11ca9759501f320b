import { multiLine, oneLine } from './common'
import { z } from './zod'

/** POST /_api/contact, with the spec's French messages. */
export const contactInput = z.strictObject({
  name: oneLine(
    z
      .string({ error: 'Le nom doit contenir au moins 2 caractères.' })
      .trim()
      .min(2, 'Le nom doit contenir au moins 2 caractères.')
      .max(100, 'Le nom ne peut pas dépasser 100 caractères.'),
  ),
  email: z
    .string({ error: 'Veuillez entrer une adresse email valide.' })
    .trim()
    .toLowerCase()
    .pipe(
      z
        .email({ error: 'Veuillez entrer une adresse email valide.' })
        .max(254, 'Veuillez entrer une adresse email valide.'),
    ),
  subject: oneLine(
    z
      .string({ error: 'Le sujet doit contenir au moins 5 caractères.' })
      .trim()
      .min(5, 'Le sujet doit contenir au moins 5 caractères.')
      .max(200, 'Le sujet ne peut pas dépasser 200 caractères.'),
  ),
  message: multiLine(
    z
      .string({ error: 'Le message doit contenir au moins 10 caractères.' })
      .trim()
      .min(10, 'Le message doit contenir au moins 10 caractères.')
      .max(5000, 'Le message ne peut pas dépasser 5000 caractères.'),
  ),
})
export type ContactInput = z.input<typeof contactInput>
