/**
 * A session's device as its owner's list says it ("Chrome sur Android"), read from the
 * User-Agent header it was opened with. Only the few families a person recognises; anything
 * else is "Appareil inconnu". Shown to the account's owner, never trusted for anything.
 */
export function describeDevice(userAgent: string | null): string {
  const ua = userAgent ?? ''
  const browser =
    (/EdgA?\//.test(ua) && 'Edge') ||
    (/OPR\/|Opera/.test(ua) && 'Opera') ||
    (/SamsungBrowser\//.test(ua) && 'Samsung Internet') ||
    (/Firefox\/|FxiOS\//.test(ua) && 'Firefox') ||
    (/Chrome\/|CriOS\/|Chromium\//.test(ua) && 'Chrome') ||
    (/Safari\//.test(ua) && 'Safari') ||
    null
  const system =
    (/Android/.test(ua) && 'Android') ||
    (/iPhone/.test(ua) && 'iPhone') ||
    (/iPad/.test(ua) && 'iPad') ||
    (/Windows/.test(ua) && 'Windows') ||
    (/Mac OS X|Macintosh/.test(ua) && 'macOS') ||
    (/CrOS/.test(ua) && 'ChromeOS') ||
    (/Linux/.test(ua) && 'Linux') ||
    null
  if (browser && system) return `${browser} sur ${system}`
  return browser ?? system ?? 'Appareil inconnu'
}
