import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/client/lib/api'
import { catalogueErrorText, registrationErrorText, staffErrorText } from '../../src/client/lib/error-text'
import { errorCodes } from '../../src/shared/calls/errors'

/**
 * What the browser shows for a failed call is chosen by the answer's code, never by the words
 * of its message (src/client/lib/error-text.ts): each case below is run with the server's
 * message as it is today and reworded, and must show the same text.
 */
const reworded = (status: number, code: string, fieldErrors?: Record<string, string[]>) => [
  new ApiError('Accès non autorisé', status, code as ApiError['code'], fieldErrors),
  new ApiError('Un tout autre texte, réécrit depuis.', status, code as ApiError['code'], fieldErrors),
]

describe('error texts, by code', () => {
  it.each(reworded(403, 'FORBIDDEN'))('a refused role in the back-office (%s)', (e) => {
    expect(staffErrorText(e)).toBe(
      'Accès non autorisé. Seuls les super administrateurs et root peuvent accéder à cette page.',
    )
    expect(staffErrorText(e, { prefix: 'Erreur : ' })).not.toContain('Erreur : ')
  })

  it.each(reworded(400, 'COUNTRY_NOT_SET'))('an account without a country (%s)', (e) => {
    expect(staffErrorText(e)).toBe("Votre pays n'est pas défini. Contactez l'administrateur.")
  })

  it('shows any other refusal as the server wrote it, after the prefix, else the fallback', () => {
    const own = new ApiError(
      'Vous ne pouvez pas modifier le statut de votre propre compte.',
      403,
      'OWN_ACCOUNT',
    )
    expect(staffErrorText(own)).toBe(own.message)
    // The words 'Accès non autorisé' under another code are not the refused role.
    expect(staffErrorText(new ApiError('Accès non autorisé', 409, 'CONFLICT'))).toBe('Accès non autorisé')
    expect(staffErrorText(new ApiError('Zone introuvable.', 404, 'NOT_FOUND'), { prefix: 'Erreur : ' })).toBe(
      'Erreur : Zone introuvable.',
    )
    expect(staffErrorText(new Error(''), { fallback: 'Failed to fetch cities' })).toBe(
      'Failed to fetch cities',
    )
  })

  it.each(reworded(409, 'EMAIL_TAKEN'))('a taken email at registration (%s)', (e) => {
    expect(registrationErrorText(e)).toBe(
      'Cette adresse email est déjà utilisée. Veuillez essayer de vous connecter.',
    )
  })

  it.each([
    ['displayName', "Veuillez fournir un nom d'affichage valide."],
    ['phoneNumber', 'Veuillez fournir un numéro de téléphone valide.'],
    ['city', 'Veuillez fournir une ville valide.'],
    ['country', 'Veuillez sélectionner un pays valide.'],
  ])('a refused %s at registration, whatever its message', (field, text) => {
    for (const e of [
      ...reworded(400, 'BAD_REQUEST', { [field]: ['x'] }),
      ...reworded(400, 'VALIDATION_ERROR', { [field]: ['x'] }),
    ])
      expect(registrationErrorText(e)).toBe(text)
  })

  it('shows another registration failure as written, else the form’s own text', () => {
    expect(registrationErrorText(new ApiError('Trop de requêtes.', 429, 'TOO_MANY_REQUESTS'))).toBe(
      'Trop de requêtes.',
    )
    expect(registrationErrorText(new Error(''))).toBe("L'inscription a échoué. Veuillez réessayer.")
  })

  it('asks to sign in when the catalogue refuses the session, whatever the words', () => {
    for (const e of [...reworded(401, 'UNAUTHORIZED'), ...reworded(403, 'FORBIDDEN')])
      expect(catalogueErrorText(e)).toBe('Vous devez être connecté pour voir les produits.')
    expect(catalogueErrorText(new ApiError('Vous devez être connecté.', 500, 'INTERNAL_ERROR'))).toBe(
      'Une erreur est survenue lors du chargement des produits.',
    )
  })

  it('reads only codes the contract declares', () => {
    for (const code of ['FORBIDDEN', 'COUNTRY_NOT_SET', 'EMAIL_TAKEN', 'UNAUTHORIZED', 'OWN_ACCOUNT'])
      expect(errorCodes).toContain(code)
  })
})
