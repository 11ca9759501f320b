import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type * as fakes from '@dev/fakes/payments'
import { projectRoot } from './paths'

/** The in-repo payment fakes (dev/fakes/payments): what the server is handed outside production. */
export type PaymentFakes = typeof fakes

/**
 * Loads the payment fakes, outside production only (docs/architecture.md "The outside services'
 * fakes"): they are never part of the server's bundle. Built, they sit beside it
 * (dist/server/fakes.js, `npm run build:server`); from the sources (tsx, the tests), the module
 * itself. The path is worked out at run time, so the bundler leaves the import alone.
 */
export async function loadPaymentFakes(): Promise<PaymentFakes> {
  const built = new URL('./fakes.js', import.meta.url)
  const source = pathToFileURL(resolve(projectRoot, 'dev/fakes/payments/index.ts'))
  const href = import.meta.url.endsWith('.js') && existsSync(fileURLToPath(built)) ? built.href : source.href
  return (await import(/* @vite-ignore */ href)) as PaymentFakes
}
