import { describe, expect, it } from 'vitest'
import { SMS_SEGMENT, gsm7Length, toGsm7 } from '@/server/services/messages/sms'

// The SMS channel's letters (docs/decisions/0048): French written in GSM-7, one segment.
describe('GSM-7', () => {
  it('keeps the letters GSM-7 has and writes the others as their nearest', () => {
    expect(toGsm7('Étal: commande reçue, côte de bœuf à 12\u202f000\u00a0F — l’équipe')).toBe(
      "Étal: commande recue, cote de boeuf à 12 000 F - l'équipe",
    )
    expect(gsm7Length('Étal: é è ù à ì ò Ç')).toBe(19)
    // An extension character takes two septets; a letter outside GSM-7 makes the text not GSM-7.
    expect(gsm7Length('€')).toBe(2)
    expect(gsm7Length('ç')).toBeNull()
    expect(gsm7Length(toGsm7('ç ê ô œ ’ « » …'))).not.toBeNull()
    expect(SMS_SEGMENT).toBe(160)
  })
})
