/**
 * Draws the app's icons (src/client/public/icons) from the favicon's mark, in the system
 * Chromium: `npx tsx scripts/make-icons.ts`. The PNGs are committed; run this again only when the
 * mark changes. The maskable icon fills its square and keeps the letter inside the central 80 %
 * that every launcher's mask leaves visible.
 */
import { chromium } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium'

const BRAND = '#8f1d2c'
const out = 'src/client/public/icons'

/** The letter on the brand colour: `radius` rounds the square, `scale` sizes the letter. */
const mark = (radius: number, scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">` +
  `<rect width="32" height="32" rx="${radius}" fill="${BRAND}"/>` +
  `<text x="16" y="${16 + 7 * scale}" font-family="Georgia,'DejaVu Serif',serif" font-size="${20 * scale}" ` +
  `font-weight="700" text-anchor="middle" fill="#fff">É</text></svg>`

const icons: { file: string; size: number; svg: string }[] = [
  { file: 'icon-192.png', size: 192, svg: mark(7, 1) },
  { file: 'icon-512.png', size: 512, svg: mark(7, 1) },
  // Full bleed, the letter smaller: the mask may cut a circle of 40 % radius.
  { file: 'icon-maskable-512.png', size: 512, svg: mark(0, 0.8) },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, svg: mark(0, 0.9) },
]

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
for (const icon of icons) {
  const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } })
  await page.setContent(
    `<html><body style="margin:0;background:transparent">` +
      `<img src="data:image/svg+xml,${encodeURIComponent(icon.svg)}" width="${icon.size}" height="${icon.size}" style="display:block">` +
      `</body></html>`,
  )
  await page.screenshot({ path: `${out}/${icon.file}`, omitBackground: true })
  await page.close()
  console.log(`${out}/${icon.file}`)
}
await browser.close()
