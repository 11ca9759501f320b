import type { FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import { depositFor } from '@/shared/domain/campaigns'
import { formatDate, formatMoney } from '@/shared/format'
import { documentTitle, SITE_NAME } from '@/shared/pages'
import type { AnimalView, CampaignView } from '@/shared/schemas/campaigns'
import type { AppDeps } from '../http/define-endpoint'
import { campaignAnimalsList, oneOpenCampaign } from '../services/campaigns'
import { OG_HEIGHT, OG_WIDTH } from '../services/catalogue/photos/og-image'
import type { OwnHead, SpaPage } from './pages'
import { ogImagePath } from './product-head'
import { publicOrigin } from './site-files'

/*
 * What a campaign's page says of itself to a crawler that runs no JavaScript (WhatsApp's preview
 * of a shared link, docs/rules/campaigns-client.md#the-pages): its title, a description with the
 * feast's date, the animals' prices and the deposit, the Open Graph tags and an animal's photo.
 * The page itself is its shell, drawn by the browser.
 */

const attr = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')

/** 'Tabaski 2027 : réservez votre animal pour le 14/06/2027. 3 animaux de 100 000 F CFA à…' */
export function campaignDescription(c: CampaignView, animals: readonly AnimalView[]) {
  const free = animals.filter((a) => a.status === 'available')
  const prices = free.map((a) => a.price)
  const range =
    prices.length === 0
      ? 'Tous les animaux sont réservés.'
      : `${free.length} anima${free.length > 1 ? 'ux' : 'l'} de ${formatMoney(Math.min(...prices))} à ${formatMoney(Math.max(...prices))}, acompte dès ${formatMoney(depositFor(c, Math.min(...prices)))}.`
  return `${c.name} : réservez votre animal pour le ${formatDate(c.feastDate)}. ${range} Le reste en plusieurs fois, par vous ou vos proches.`
}

export function campaignHead(
  c: CampaignView,
  animals: readonly AnimalView[],
  origin: string | null,
): OwnHead {
  const description = campaignDescription(c, animals)
  const url = origin ? `${origin}/campagnes/${c.id}` : null
  const photo = animals.find((a) => a.status === 'available' && a.photos.length > 0)?.photos[0]
  const image = photo && origin ? origin + ogImagePath(photo) : null
  const meta = (key: 'name' | 'property', name: string, content: string) =>
    `<meta ${key}="${name}" content="${attr(content)}">`
  const head = [
    url && `<link rel="canonical" href="${attr(url)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'fr_FR'),
    meta('property', 'og:title', c.name),
    meta('property', 'og:description', description),
    url && meta('property', 'og:url', url),
    image && meta('property', 'og:image', image),
    image && meta('property', 'og:image:width', String(OG_WIDTH)),
    image && meta('property', 'og:image:height', String(OG_HEIGHT)),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', c.name),
    meta('name', 'twitter:description', description),
  ].filter((t): t is string => Boolean(t))
  return { title: documentTitle(c.name), description, head }
}

/**
 * /campagnes/<id>: the shell with the campaign's own head, kept a minute per (campaign, origin);
 * null for a campaign not open (the page then says so itself, from the browser).
 */
export function createCampaignPages(deps: AppDeps, withHead: (own: OwnHead) => Promise<SpaPage>) {
  const kept = new LRUCache<string, Promise<SpaPage>>({ max: 100, ttl: 60_000 })
  return async function campaignPage(req: FastifyRequest): Promise<SpaPage | null> {
    const path = req.url.split('?')[0] ?? ''
    const id = /^\/campagnes\/(\d{1,9})\/?$/.exec(path)?.[1]
    if (!id) return null
    const origin = publicOrigin(deps.config, req)
    const key = `${id}|${origin ?? ''}`
    const hit = kept.get(key)
    if (hit) return hit
    const { db } = deps.database
    let found: Awaited<ReturnType<typeof oneOpenCampaign>>
    try {
      found = await oneOpenCampaign(db, Number(id), null)
    } catch {
      return null
    }
    const page = campaignAnimalsList(db, found.campaign.id).then((animals) =>
      withHead(campaignHead(found.campaign, animals, origin)),
    )
    kept.set(key, page)
    page.catch(() => kept.delete(key))
    return page
  }
}
