import { errorMessage } from '@/client/lib/api'

/** The server's refusals turned into the texts the back-office shows. */
export function staffErrorMessage(e: unknown, fallback?: string): string {
  const message = errorMessage(e, fallback)
  if (message === 'Accès non autorisé') {
    return 'Accès non autorisé. Seuls les super administrateurs et root peuvent accéder à cette page.'
  }
  if (message === "Pays de l'utilisateur non défini")
    return "Votre pays n'est pas défini. Contactez l'administrateur."
  return message
}
