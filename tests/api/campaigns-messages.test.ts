import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  campaignReminders,
  campaignReservations,
  campaigns,
  outboxMessages,
  users,
} from '../../src/server/db/schema'
import { sendCampaignReminders } from '../../src/server/services/campaigns'
import { drainOutbox } from '../../src/server/services/messages/outbox'
import { get, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import {
  addAnimal,
  confirm,
  openCampaign,
  providerPays,
  publicView,
  reservationRow,
  reserveAnimal,
  startPaying,
} from './campaign-fixtures'

/**
 * docs/rules/campaigns-messages.md (decision 0073): a pay link issued again (the older ones keep
 * working unless revoked), the booking told to the client and by SMS to the recipient, the
 * reminders of the balance written once per reservation and reminder time, each message carrying
 * a working link the outbox does not keep.
 */
const DAY = 86_400_000
const tokenOf = (text: string) => /token=([A-Za-z0-9_-]{43})/.exec(text)?.[1]

describe('campaigns: pay links and messages', () => {
  let t: TestApp
  let staff: string
  let client: { cookie: string; user: { id: number } }

  beforeAll(async () => {
    t = await createTestApp({ API_RATE_PER_MINUTE: '1000000' })
    staff = (await signedIn(t, 'admin', 'SN')).cookie
    client = await signedIn(t, 'client', 'SN')
    await t.db.update(users).set({ notifyBySms: true }).where(eq(users.id, client.user.id))
  })
  afterAll(() => t.close())

  async function reserved(over: Record<string, unknown> = {}) {
    const c = await openCampaign(t, staff, over)
    const a = await addAnimal(t, staff, c.id, 150_000)
    return { campaign: c, r: await reserveAnimal(t, client.cookie, a.id) }
  }
  async function booked(over: Record<string, unknown> = {}) {
    const x = await reserved(over)
    const deposit = await startPaying(t, x.r.payToken, 45_000)
    await providerPays(t, deposit)
    await confirm(t, deposit)
    return x
  }
  /** What the outbox shows for a reservation's messages, drained with no server (text whole). */
  async function drained(reservationId: number) {
    const shown: { channel: string; to: string; subject: string; text: string }[] = []
    await drainOutbox(t.db, {
      sender: null,
      from: 'x@y.z',
      origin: 'https://etal.example',
      show: (m) => shown.push(m),
    })
    const rows = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.reservationId, reservationId))
      .orderBy(outboxMessages.id)
    return {
      rows,
      shown: shown.filter((m) => rows.some((r) => r.recipient === m.to && r.subject === m.subject)),
    }
  }

  it('the client issues a new link: the old one keeps working, unless revoked; another client’s is 404', async () => {
    const { r } = await reserved()
    const again = await post(t, '/_api/campaigns/link', { reservationId: r.id }, client.cookie)
    expect(again.statusCode, again.body).toBe(200)
    const fresh = again.json().json as { payToken: string; payLink: string; revoked: boolean }
    expect(fresh.payLink).toContain(`/campagnes/payer?token=${fresh.payToken}`)
    expect(fresh.revoked).toBe(false)
    expect((await publicView(t, r.payToken)).status).toBe('held')
    expect((await publicView(t, fresh.payToken)).status).toBe('held')
    // A link for paying works from either.
    expect((await startPaying(t, fresh.payToken, 45_000)).amount).toBe(45_000)

    const revoked = await post(
      t,
      '/_api/campaigns/link',
      { reservationId: r.id, revoke: true },
      client.cookie,
    )
    expect(revoked.statusCode).toBe(200)
    const last = revoked.json().json as { payToken: string }
    for (const old of [r.payToken, fresh.payToken]) {
      const res = await get(t, `/_api/campaigns/reservation?token=${old}`)
      expect(res.statusCode).toBe(404)
      expect(res.json().error).toBe('Ce lien de paiement n’est pas valide.')
      expect(
        (await post(t, '/_api/campaigns/pay', { token: old, amount: 45_000, wallet: 'Wave' })).statusCode,
      ).toBe(404)
    }
    expect((await publicView(t, last.payToken)).status).toBe('held')

    const stranger = await signedIn(t, 'client', 'SN')
    const theirs = await post(t, '/_api/campaigns/link', { reservationId: r.id }, stranger.cookie)
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json().error).toBe('Réservation non trouvée')
    const bad = await post(t, '/_api/campaigns/link', { reservationId: 'x' }, client.cookie)
    expect(bad.statusCode).toBe(400)
  })

  it('staff issue a link of their country, also sent to the client; another country’s staff read 404', async () => {
    const { r } = await reserved()
    const mali = (await signedIn(t, 'admin', 'ML')).cookie
    expect((await post(t, '/_api/admin/campaigns/link', { reservationId: r.id }, mali)).statusCode).toBe(404)
    const res = await post(t, '/_api/admin/campaigns/link', { reservationId: r.id }, staff)
    expect(res.statusCode, res.body).toBe(200)
    const { rows, shown } = await drained(r.id)
    expect(rows.map((m) => [m.kind, m.channel])).toEqual([
      ['campaign_link', 'email'],
      ['campaign_link', 'sms'],
    ])
    // The link the message carried works; the outbox keeps it hidden.
    const mail = shown.find((m) => m.channel === 'email')!
    expect(mail.text).toContain('https://etal.example/campagnes/payer?token=')
    expect((await publicView(t, tokenOf(mail.text)!)).status).toBe('held')
    expect(rows.every((m) => m.body!.includes('[masqué]') && !tokenOf(m.body!))).toBe(true)
    const sms = shown.find((m) => m.channel === 'sms')!
    expect(sms.text.length).toBeLessThanOrEqual(160)
    expect((await publicView(t, tokenOf(sms.text)!)).status).toBe('held')
  })

  it('the deposit received tells the client (with a link) and, by SMS, the recipient it named', async () => {
    const { r } = await reserved()
    await t.db
      .update(campaignReservations)
      .set({ recipientName: 'Awa Diop', recipientPhone: '+221 77 123 45 67' })
      .where(eq(campaignReservations.id, r.id))
    const deposit = await startPaying(t, r.payToken, 45_000)
    await providerPays(t, deposit)
    await confirm(t, deposit)
    await confirm(t, deposit) // asked again: nothing more said
    const { rows, shown } = await drained(r.id)
    expect(rows.map((m) => [m.kind, m.channel, m.recipient])).toEqual([
      ['campaign_booked', 'email', expect.stringContaining('@test.etal')],
      ['campaign_booked', 'sms', '+221 77 000 00 00'],
      ['campaign_recipient', 'sms', '+221 77 123 45 67'],
    ])
    const toRecipient = shown.find((m) => m.to === '+221 77 123 45 67')!
    expect(toRecipient.text).toMatch(/^Étal: Bonjour Awa, Utilisateur vous a réservé animal SN-\d+ pour /)
    expect(tokenOf(toRecipient.text)).toBeUndefined()
    const mail = shown.find((m) => m.channel === 'email')!
    expect(mail.subject).toMatch(/^Étal : votre réservation pour Tabaski .* est confirmée$/)
    expect(mail.text.replace(/[\u202f\u00a0]/g, ' ')).toContain('Reste à payer : 105 000 F CFA')
    expect((await publicView(t, tokenOf(mail.text)!)).status).toBe('booked')
  })

  it('reminders: weekly and 3 days before the due date, once each, only while money is owed', async () => {
    const due = Date.now() + 20 * DAY
    const { r, campaign } = await booked({ balanceDueAt: new Date(due).toISOString() })
    await t.db.delete(outboxMessages)
    const week = new Date(Date.now() + 8 * DAY)
    // Several instances at once: written once.
    await Promise.all([sendCampaignReminders(t.db, week), sendCampaignReminders(t.db, week)])
    expect((await sendCampaignReminders(t.db, week)).reminders).toBe(0)
    const keys = async () =>
      t.db
        .select({ key: campaignReminders.key })
        .from(campaignReminders)
        .where(eq(campaignReminders.reservationId, r.id))
        .orderBy(campaignReminders.key)
    expect(await keys()).toEqual([{ key: 'week-1' }])
    const { rows, shown } = await drained(r.id)
    expect(rows.map((m) => [m.kind, m.channel])).toEqual([
      ['campaign_reminder', 'email'],
      ['campaign_reminder', 'sms'],
    ])
    const mail = shown.find((m) => m.channel === 'email')!
    expect(mail.subject.replace(/[\u202f\u00a0]/g, ' ')).toBe(
      `Étal : reste 105 000 F CFA à payer pour ${campaign.name}`,
    )
    expect((await publicView(t, tokenOf(mail.text)!)).status).toBe('booked')

    // Three days before the due date: its own reminder, once; the weekly one is not sent then.
    const lastDays = new Date(due - 2 * DAY)
    await sendCampaignReminders(t.db, lastDays)
    expect((await sendCampaignReminders(t.db, lastDays)).reminders).toBe(0)
    expect(await keys()).toEqual([{ key: 'due-3' }, { key: 'week-1' }])
    // Past the due date: none.
    await sendCampaignReminders(t.db, new Date(due + DAY))
    expect(await keys()).toEqual([{ key: 'due-3' }, { key: 'week-1' }])
  })

  it('no reminder for a reservation paid, cancelled, expired or still held, nor when the campaign says none', async () => {
    const paid = await booked()
    const balance = await startPaying(t, paid.r.payToken, 105_000)
    await providerPays(t, balance)
    await confirm(t, balance)
    expect((await reservationRow(t, paid.r.id)).status).toBe('paid')
    const cancelled = await booked()
    await t.db
      .update(campaignReservations)
      .set({ status: 'cancelled' })
      .where(eq(campaignReservations.id, cancelled.r.id))
    const expired = await reserved()
    await t.db
      .update(campaignReservations)
      .set({ status: 'expired' })
      .where(eq(campaignReservations.id, expired.r.id))
    const held = await reserved()
    const quiet = await booked()
    await t.db
      .update(campaigns)
      .set({ remindWeekly: false, remindDaysBefore: null })
      .where(eq(campaigns.id, quiet.campaign.id))
    const ids = [paid, cancelled, expired, held, quiet].map((x) => x.r.id)
    for (const at of [8, 15, 33]) {
      await sendCampaignReminders(t.db, new Date(Date.now() + at * DAY))
      const written = await t.db
        .select()
        .from(campaignReminders)
        .where(inArray(campaignReminders.reservationId, ids))
      expect(written).toEqual([])
    }
  })

  it('a campaign’s reminder settings are written and read by staff, and bounded', async () => {
    const c = await openCampaign(t, staff, { remindWeekly: false, remindDaysBefore: 5 })
    const list = await get(t, '/_api/admin/campaigns', staff)
    const mine = (
      list.json().json.campaigns as { id: number; remindWeekly: boolean; remindDaysBefore: number }[]
    ).find((x) => x.id === c.id)!
    expect([mine.remindWeekly, mine.remindDaysBefore]).toEqual([false, 5])
    const bad = await post(
      t,
      '/_api/admin/campaigns/create',
      {
        name: 'Korité',
        feastDate: '2099-06-01',
        opensAt: new Date(Date.now() - DAY).toISOString(),
        closesAt: new Date(Date.now() + DAY).toISOString(),
        balanceDueAt: new Date(Date.now() + DAY).toISOString(),
        remindDaysBefore: 0,
      },
      staff,
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fieldErrors.remindDaysBefore).toEqual(['Le rappel avant l’échéance : 1 jour au moins.'])
  })
})
