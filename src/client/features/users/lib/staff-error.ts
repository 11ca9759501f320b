/** Two server refusals are shown with the back-office's own wording. */
export function staffErrorMessage(e: Error, prefix = ''): string {
  if (e.message === 'Accès non autorisé')
    return 'Accès non autorisé. Seuls les super administrateurs et root peuvent accéder à cette page.'
  if (e.message === "Pays de l'utilisateur non défini")
    return "Votre pays n'est pas défini. Contactez l'administrateur."
  return `${prefix}${e.message}`
}
