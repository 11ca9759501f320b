import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatMoney } from '../../src/shared/format'
import { get, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import { addAnimal, iso, openCampaign } from './campaign-fixtures'

/**
 * A campaign's page says what a shared link's preview reads (docs/rules/campaigns-client.md#the-pages):
 * its title and description in Open Graph tags with the shop's public address; a campaign not
 * open has the page's own words only.
 */
const ORIGIN = 'https://etal.example'
let t: TestApp
let staff: string
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_ORIGIN: ORIGIN })
  staff = (await signedIn(t, 'admin', 'SN')).cookie
})
afterAll(() => t?.close())

const metaOf = (html: string, key: string) => {
  const re = new RegExp(`<meta (?:property|name)="${key.replace(/[:]/g, '\\$&')}" content="([^"]*)" ?/?>`)
  return re.exec(html)?.[1]
}

describe('a campaign’s page head', () => {
  it('names the campaign, its prices and deposit, with its absolute address', async () => {
    const c = await openCampaign(t, staff, { name: 'Tabaski <2027> "Dakar"' })
    await addAnimal(t, staff, c.id, 100_000)
    await addAnimal(t, staff, c.id, 250_000)
    const res = await get(t, `/campagnes/${c.id}`)
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('<2027>')
    expect(metaOf(res.body, 'og:title')).toBe('Tabaski &lt;2027&gt; &quot;Dakar&quot;')
    expect(metaOf(res.body, 'og:url')).toBe(`${ORIGIN}/campagnes/${c.id}`)
    const description = metaOf(res.body, 'og:description')!
    expect(description).toContain(`2 animaux de ${formatMoney(100_000)} à ${formatMoney(250_000)}`)
    expect(description).toContain(`acompte dès ${formatMoney(30_000)}`)
  })

  it('a campaign not open, or no campaign: the page without a head of its own', async () => {
    const later = await openCampaign(t, staff, {
      opensAt: iso(Date.now() + 86_400_000),
      closesAt: iso(Date.now() + 2 * 86_400_000),
    })
    for (const url of [`/campagnes/${later.id}`, '/campagnes/999999']) {
      const res = await get(t, url)
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).not.toContain('og:title')
    }
  })
})
