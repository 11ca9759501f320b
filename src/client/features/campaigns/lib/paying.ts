// A payment sent to the provider's page, remembered in this tab (sessionStorage) so that the page it
// comes back to says it is being checked until the server counts it (docs/rules/campaigns-client.md#the-pages).

const KEY = 'etal-campaign-paying'
const FOR_MS = 3 * 60_000

type Mark = { what: string; paid: number; at: number }

/** Before opening the provider's page: `what` names the reservation, `paid` what it had. */
export function markPaying(what: string, paid: number) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ what, paid, at: Date.now() } satisfies Mark))
  } catch {
    // A browser refusing storage: the page simply does not say it waits.
  }
}

/** Whether a payment of `what` is being checked: sent a little while ago, not yet counted. */
export function isPaying(what: string, paid: number): boolean {
  try {
    const mark = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Mark | null
    if (!mark || mark.what !== what) return false
    if (paid !== mark.paid || Date.now() - mark.at > FOR_MS) {
      sessionStorage.removeItem(KEY)
      return false
    }
    return true
  } catch {
    return false
  }
}
