/**
 * The system Chromium (Debian's package) and the flags it needs here, for the browser tests and
 * Lighthouse. The network is closed: without the background-networking flags Chromium hangs
 * on refused connections.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
]
