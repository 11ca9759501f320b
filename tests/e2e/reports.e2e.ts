import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { axeViolations, DESKTOP, loginAt, newPage, PHONE, shot, e2eApp } from './harness'

/**
 * Reports (docs/rules/money.md#reports): the dashboards' charts and their tables, the CSV export of
 * the orders as filtered, and the product import: upload, preview with an error, fix, import.
 */
const e = e2eApp()

const SHOTS = '/tmp/shots-reports'
const look = async (page: Page, name: string) => {
  await shot(page, name)
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}
const visible = (page: Page, text: string | RegExp) =>
  page.getByText(text).filter({ visible: true }).first().isVisible()
const serious = async (page: Page) =>
  (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)

describe('dashboards', () => {
  for (const [viewport, width] of [
    [DESKTOP, 1280],
    [PHONE, 390],
  ] as const) {
    it(`super admin: the trend as charts, each with its table (${width} px)`, async () => {
      const { page, context } = await newPage(e, viewport)
      await loginAt(page, '/employee/login', 'superadmin@etal.demo')
      await page.waitForURL((u) => u.pathname === '/admin/dashboard')
      await expect.poll(() => visible(page, 'Chiffre d’affaires par jour')).toBe(true)
      expect(
        await page.getByRole('img', { name: /^Commandes par jour : \d+ commandes sur 30 jours/ }).count(),
      ).toBe(1)
      await look(page, `dashboard-super-${width}`)
      await page.getByLabel('Période').selectOption('7')
      await expect.poll(() => visible(page, /sur 7 jours, du/)).toBe(true)
      await page.getByRole('button', { name: 'Voir le tableau : Commandes par statut' }).click()
      const table = page.getByRole('table', { name: 'Commandes par statut' })
      await expect.poll(() => table.isVisible()).toBe(true)
      expect(await table.getByRole('row').count()).toBe(6)
      expect(await serious(page)).toEqual([])
      await look(page, `dashboard-super-table-${width}`)
      await context.close()
    })

    it(`root: every country's trend, or one's (${width} px)`, async () => {
      const { page, context } = await newPage(e, viewport)
      await loginAt(page, '/employee/login', 'root@etal.demo')
      await page.waitForURL((u) => u.pathname === '/root/dashboard')
      await expect.poll(() => visible(page, 'Meilleurs produits')).toBe(true)
      await page.getByLabel('Pays', { exact: true }).selectOption({ label: 'Mali' })
      await expect.poll(() => visible(page, /commandes sur 30 jours/)).toBe(true)
      // While the other country's figures load, the page is dimmed (its contrast too): judged once in.
      await expect.poll(() => serious(page), { timeout: 15_000 }).toEqual([])
      await look(page, `dashboard-root-${width}`)
      await context.close()
    })
  }
})

describe('exports', () => {
  it('downloads the orders as filtered, every row, for a French spreadsheet', async () => {
    const { page, context } = await newPage(e, DESKTOP)
    await loginAt(page, '/employee/login', 'superadmin@etal.demo')
    await page.waitForURL((u) => u.pathname === '/admin/dashboard')
    await page.goto('/admin/orders')
    await page.getByLabel('Statut').selectOption('delivered')
    const link = page.getByRole('link', { name: /Exporter en CSV/ })
    await expect.poll(() => link.getAttribute('href')).toBe('/_api/admin/orders/export?status=delivered')
    await look(page, 'orders-export-1280')
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    const text = readFileSync((await download.path())!, 'utf8')
    expect(text.startsWith('\uFEFFN° commande;Date;Fuseau horaire;Client')).toBe(true)
    const lines = text.trim().split('\r\n').slice(1)
    expect(lines.length).toBeGreaterThan(0)
    expect(lines.every((l) => l.includes(';Livrée;'))).toBe(true)
    await context.close()
  })
})

describe('product import', () => {
  it('super admin: upload, preview with an error, fix, import', async () => {
    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/employee/login', 'superadmin@etal.demo')
    await page.waitForURL((u) => u.pathname === '/admin/dashboard')
    await page.goto('/admin/products')
    await page.getByRole('button', { name: 'Importer un CSV' }).click()
    const dialog = page.getByRole('dialog', { name: 'Importer des produits' })
    const heading = 'Nom;Catégorie;Prix (F CFA);Unité;Quantité minimale;Description;Actif'
    const file = (rows: string[]) => ({
      name: 'produits.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${[heading, ...rows].join('\r\n')}\r\n`),
    })
    await dialog
      .getByLabel('Fichier CSV')
      .setInputFiles(
        file([
          'Brochettes de bœuf;Grillades;3500;kg;0,5;"Marinées; prêtes";oui',
          'Foie de veau;Abats;4 500,5;kg;1;;non',
        ]),
      )
    await dialog.getByRole('button', { name: 'Vérifier le fichier' }).click()
    const errors = dialog.getByRole('table', { name: 'Erreurs du fichier' })
    await expect.poll(() => errors.isVisible()).toBe(true)
    const row = errors.getByRole('row').nth(1)
    expect(await row.textContent()).toContain('3')
    expect(await row.textContent()).toContain('Prix (F CFA)')
    expect(await row.textContent()).toContain('Le prix doit être un nombre entier positif (en francs CFA).')
    expect(await dialog.getByRole('button', { name: /^Importer \(/ }).count()).toBe(0)
    expect(await serious(page)).toEqual([])
    await look(page, 'import-preview-error-390')

    await dialog
      .getByLabel('Fichier CSV')
      .setInputFiles(
        file([
          'Brochettes de bœuf;Grillades;3500;kg;0,5;"Marinées; prêtes";oui',
          'Foie de veau;Abats;4500;kg;1;;non',
        ]),
      )
    await dialog.getByRole('button', { name: 'Vérifier le fichier' }).click()
    await expect.poll(() => visible(page, 'Aucune erreur : 2 nouveaux produits.')).toBe(true)
    await look(page, 'import-preview-ok-390')
    await dialog.getByRole('button', { name: 'Importer (2 nouveaux produits)' }).click()
    await expect.poll(() => visible(page, '2 produits importés.')).toBe(true)
    await expect.poll(() => visible(page, 'Brochettes de bœuf')).toBe(true)
    expect(await visible(page, 'Foie de veau')).toBe(true)
    await context.close()
  })
})
