import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/**
 * The cart's delivery filled as most journeys do: Dakar, zone Plateau (1 000 F, offered from
 * 25 000 F in the demo), an address typed. Waits for each list to load before choosing in it.
 */
export async function fillPlateauDelivery(page: Page, address = 'Rue Carnot, immeuble 4') {
  await expect.poll(() => page.getByLabel('Ville').locator('option').count()).toBeGreaterThan(1)
  await page.getByLabel('Ville').selectOption({ label: 'Dakar' })
  await expect.poll(() => page.getByLabel('Zone').locator('option').count()).toBeGreaterThan(1)
  await page.getByLabel('Zone').selectOption({ label: 'Plateau' })
  await page.getByLabel('Adresse de livraison').fill(address)
}
