// @vitest-environment happy-dom
import { act } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ProductImage } from '../../src/client/features/storefront/components/product-image'

afterEach(() => {
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

const photo = { key: 'a'.repeat(32), width: 640, height: 480 }
const url = (w: number) => `/images/products/${'a'.repeat(32)}/${w}.webp`

describe('ProductImage', () => {
  it('renders srcset, sizes, width and height, lazy unless eager, the same on the server', () => {
    const html = renderToString(<ProductImage photo={photo} src={null} alt="Filet" category="Bœuf" />)
    // (HTML attribute names are case-insensitive: `srcSet` and `srcset` are one.)
    expect(html).toMatch(new RegExp(`srcset="${url(160)} 160w, ${url(320)} 320w, ${url(640)} 640w"`, 'i'))
    expect(html).toMatch(/width="640"/)
    expect(html).toMatch(/height="480"/)
    expect(html).toMatch(/loading="lazy"/)
    expect(html).toMatch(/decoding="async"/)
    expect(renderToString(<ProductImage photo={photo} src={null} alt="F" eager />)).toMatch(/loading="eager"/)
  })

  it('offers only the 160 px width on a data-saving device, once hydrated, without a mismatch', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      connection: Object.assign(new EventTarget(), { saveData: true }),
    })
    // The server knows nothing of the device: every width.
    const html = renderToString(<ProductImage photo={photo} src={null} alt="Filet" />)
    expect(html).toContain('640w')
    const box = document.createElement('div')
    box.innerHTML = html
    document.body.append(box)
    const recoverable = vi.fn()
    await act(async () => {
      hydrateRoot(box, <ProductImage photo={photo} src={null} alt="Filet" />, {
        onRecoverableError: recoverable,
      })
    })
    expect(recoverable).not.toHaveBeenCalled()
    // The server's markup taken over, not drawn a second time beside it.
    expect(box.querySelectorAll('img')).toHaveLength(1)
    expect(box.querySelector('img')!.getAttribute('srcset')).toBe(`${url(160)} 160w`)
  })

  it('gives each seeded category its own placeholder, decorative', () => {
    const looks = ['Bœuf', 'Mouton', 'Chèvre', 'Volaille', 'Abats', 'Grillades', null].map((c) => {
      const html = renderToString(<ProductImage src={null} alt="x" category={c} />)
      expect(html).toContain('aria-hidden="true"')
      expect(html).not.toContain('<img')
      return /class="([^"]+)"/.exec(html)![1]! + /lucide-([a-z-]+)/.exec(html)![1]!
    })
    expect(new Set(looks).size).toBe(looks.length)
  })
})
