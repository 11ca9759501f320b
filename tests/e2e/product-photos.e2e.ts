import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { DESKTOP, loginAt, newPage, PHONE, shot, e2eApp } from './harness'

const e = e2eApp()

const NAME = 'Filet de bœuf'

describe('a photo taken on a phone', () => {
  it('staff upload it through the dialog; a client sees it resized on the card', async () => {
    // A phone's photo: 1600 × 1200 JPEG with EXIF.
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#8b2c2c' } })
      .withExif({ IFD0: { Make: 'TestPhone', Model: 'Étal 1' } })
      .jpeg({ quality: 92 })
      .toBuffer()

    const staff = await newPage(e, DESKTOP)
    const page = staff.page
    await loginAt(page, '/employee/login', 'superadmin@etal.demo')
    await page.waitForURL((u) => u.pathname === '/admin/dashboard')
    await page.goto('/admin/products')
    await page.getByRole('button', { name: `Modifier ${NAME}` }).click()
    const dialog = page.getByRole('dialog')
    const input = dialog.getByLabel('Photo du produit')
    expect(await input.getAttribute('accept')).toBe('image/*')
    // No image address to paste (docs/decisions/0033): the upload is the only way.
    expect(await dialog.getByLabel("URL de l'image").count()).toBe(0)
    expect(await dialog.locator('input[type="url"]').count()).toBe(0)
    // A file that is not an image: a French refusal, nothing changes.
    await input.setInputFiles({
      name: 'photo.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('pas une image'),
    })
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe("Ce fichier n'est pas une image (JPEG, PNG, WebP, AVIF ou GIF).")
    await input.setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: jpeg })
    await expect.poll(() => page.getByText(`La photo de "${NAME}" a été enregistrée.`).isVisible()).toBe(true)
    await expect.poll(() => dialog.getByRole('button', { name: 'Retirer la photo' }).isVisible()).toBe(true)
    await shot(page, 'product-photo-dialog-1280')
    await page.setViewportSize(PHONE)
    await shot(page, 'product-photo-dialog-390')
    await dialog.getByRole('button', { name: 'Annuler' }).click()

    // A new product: the photo chosen first is sent once the product exists.
    await page.getByRole('button', { name: 'Ajouter un produit' }).click()
    await dialog.getByLabel('Nom du produit').fill('Côte de bœuf maturée')
    await dialog.getByLabel('Prix (F CFA)').fill('12000')
    await dialog
      .getByLabel('Photo du produit')
      .setInputFiles({ name: 'cote.jpg', mimeType: 'image/jpeg', buffer: jpeg })
    // Its preview, a blob: URL the pages' CSP allows (img-src 'self' data: blob:), is drawn.
    const preview = dialog.locator('img[src^="blob:"]')
    await expect
      .poll(() => preview.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true)
    await dialog.getByRole('button', { name: 'Ajouter le produit' }).click()
    await expect
      .poll(() => page.getByText('La photo de "Côte de bœuf maturée" a été enregistrée.').isVisible())
      .toBe(true)
    await staff.context.close()

    const client = await newPage(e, PHONE)
    const cp = client.page
    await loginAt(cp, '/client/login', 'client@etal.demo')
    await cp.waitForURL((u) => u.pathname === '/dashboard')
    await cp.goto('/products')
    const img = cp.getByTestId('product-card').filter({ hasText: NAME }).getByRole('img', { name: NAME })
    await img.scrollIntoViewIfNeeded()
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true)
    const seen = await img.evaluate((el: HTMLImageElement) => ({
      currentSrc: el.currentSrc,
      naturalWidth: el.naturalWidth,
      srcset: el.srcset,
      sizes: el.sizes,
      width: el.getAttribute('width'),
      height: el.getAttribute('height'),
      decoding: el.decoding,
    }))
    expect(new URL(seen.currentSrc).pathname).toMatch(
      /^\/images\/products\/[0-9a-f]{32}\/(160|320|640)\.webp$/,
    )
    expect(seen.naturalWidth).toBeLessThanOrEqual(640)
    expect(seen.srcset).toMatch(/160\.webp 160w, .*320\.webp 320w, .*640\.webp 640w$/)
    expect(seen).toMatchObject({ width: '640', height: '480', decoding: 'async' })
    expect(seen.sizes).toContain('96px')
    // The photo's response: cached for good.
    const res = await cp.request.get(seen.currentSrc)
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers()['content-type']).toBe('image/webp')
    // The demo's other products: their category's drawn picture (docs/rules/catalogue-pictures.md#demo-pictures),
    // not one picture for all, and no placeholder left.
    const cards = cp.getByTestId('product-card')
    await expect.poll(() => cards.locator('img').count()).toBe(await cards.count())
    const pictures = await cards
      .locator('img')
      .evaluateAll(
        (els) => [...new Set(els.map((el) => (el as HTMLImageElement).srcset.split('/')[3]))].length,
      )
    expect(pictures).toBeGreaterThan(2)
    expect(await cards.locator('[data-placeholder]').count()).toBe(0)
    await shot(cp, 'product-photo-card-390')
    await cp.setViewportSize(DESKTOP)
    await cp.evaluate(() => window.scrollTo(0, 0))
    await shot(cp, 'product-photo-card-1280')
    await client.context.close()
  })
})
