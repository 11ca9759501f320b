import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { orderItems, outboxMessages, passwordResets, users } from '../../src/server/db/schema'
import { drainOutbox, type OutboxOptions } from '../../src/server/services/messages/outbox'
import { smtpSender } from '../../src/server/services/messages/smtp'
import { infobipSender, gsm7Length } from '../../src/server/services/messages/sms'
import { startFakeSmsProvider } from '../../dev/fakes/sms'
import { RESET_INVALID_CODE, RESET_INVALID_LINK } from '../../src/server/services/people/accounts'
import { changeOrderStatus } from '../../src/server/services/orders/order-status'
import { weighOrder } from '../../src/server/services/orders/weighin'
import {
  createUser,
  decode,
  deliveryIn,
  get,
  login,
  PASSWORD,
  post,
  postOrder,
  createProduct,
} from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import { startSmtpInbox, type SmtpInbox } from '../setup/smtp-inbox'

/**
 * Accounts people can get back into (docs/rules/people.md#accounts, docs/security.md): a forgotten
 * password by e-mail (the link read from a real SMTP server in this process) and by SMS (the fake
 * provider's inbox, which speaks Infobip's protocol), sign-in by phone, one account per phone,
 * and SMS as the outbox's second channel (docs/rules/orders.md#messages).
 */
let t: TestApp
let smtp: SmtpInbox
let sms: Awaited<ReturnType<typeof startFakeSmsProvider>>

const outbox = (): OutboxOptions => ({
  sender: smtpSender(smtp.url),
  sms: infobipSender({ baseUrl: sms.url, apiKey: sms.apiKey, from: 'Etal' }),
  from: 'Étal <commandes@etal.example>',
  retryBaseMs: 1,
})
const drain = () => drainOutbox(t.db, outbox())

beforeAll(async () => {
  // The per-IP limit high: every injected request comes from one address (its own test sets it low).
  t = await createTestApp({ RESET_PER_IP: '1000' })
  smtp = await startSmtpInbox()
  sms = await startFakeSmsProvider()
})
afterAll(async () => {
  await smtp?.stop()
  await sms.close()
  await t.close()
})
afterEach(async () => {
  smtp.reset()
  sms.inbox.length = 0
  await t.db.delete(outboxMessages)
})

let phoneSeq = 0
/** A client with its own phone number (the factory's users share one). */
async function clientWithPhone(opts: { isActive?: boolean } = {}) {
  phoneSeq += 1
  const local = `77 6${String(phoneSeq).padStart(2, '0')} ${String(10 + phoneSeq).slice(-2)} 45`
  const user = await createUser(t.db, { role: 'client', country: 'SN', isActive: opts.isActive })
  const phone = `+221 ${local}`
  await t.db.update(users).set({ phoneNumber: phone }).where(eq(users.id, user.id))
  return { ...user, phoneNumber: phone, local }
}

const forgot = (identifier: string) =>
  t.app.inject({ method: 'POST', url: '/_api/auth/password/forgot', payload: { identifier } })
const sessionOf = (cookie: string) => get(t, '/_api/auth/session', cookie)
const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  `etal_session=${res.cookies.find((c) => c.name === 'etal_session')!.value}`

function linkToken(text: string) {
  const m = /\/reset-password\?token=([\w.-]+)/.exec(text)
  expect(m, text).not.toBeNull()
  return m![1]!
}

describe('a forgotten password, by e-mail', () => {
  it('sends a link through the outbox; the link sets a new password, ends every session and signs in this device', async () => {
    const user = await createUser(t.db, { role: 'client', country: 'SN' })
    const phoneA = await login(t, user.email)
    const phoneB = await login(t, user.email)

    const res = await forgot(user.email.toUpperCase())
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, channel: 'email' })
    expect(await drain()).toMatchObject({ sent: 1 })
    expect(smtp.mails).toHaveLength(1)
    expect(smtp.mails[0]!.to).toBe(user.email)
    expect(smtp.mails[0]!.subject).toBe('Étal : choisir un nouveau mot de passe')
    const token = linkToken(smtp.mails[0]!.text)
    // Only the SHA-256 of the secret is stored; the row the outbox keeps hides the link.
    const [reset] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))
    expect(JSON.stringify(reset)).not.toContain(token.split('.')[1])
    const [kept] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.userId, user.id))
    expect(kept!.body).toContain('[masqué]')
    expect(JSON.stringify(kept)).not.toContain(token.split('.')[1])

    const done = await t.app.inject({
      method: 'POST',
      url: '/_api/auth/password/reset_with_link',
      payload: { token, password: 'Nouveau-2026!' },
    })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().user.id).toBe(user.id)
    // This device is signed in; the two earlier sessions are over.
    expect((await sessionOf(cookieOf(done))).statusCode).toBe(200)
    expect((await sessionOf(phoneA)).statusCode).toBe(401)
    expect((await sessionOf(phoneB)).statusCode).toBe(401)
    // The new password opens the account, the old one no more.
    await login(t, user.email, 'Nouveau-2026!')
    await expect(login(t, user.email, PASSWORD)).rejects.toThrow(/401/)
    // The account is told its password changed.
    await drain()
    expect(smtp.mails.map((m) => m.subject)).toContain('Étal : votre mot de passe a été changé')

    // The link served once.
    const again = await post(t, '/_api/auth/password/reset_with_link', { token, password: 'Encore-2026!' })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({ code: 'RESET_INVALID', error: RESET_INVALID_LINK })
  })

  it('refuses an expired link (30 minutes), a link asked for before a password change, and a forged one', async () => {
    const user = await createUser(t.db, { role: 'client', country: 'SN' })
    await forgot(user.email)
    await drain()
    const token = linkToken(smtp.mails[0]!.text)
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id))
    const expired = await post(t, '/_api/auth/password/reset_with_link', { token, password: 'Nouveau-2026!' })
    expect(expired.statusCode).toBe(400)
    expect(expired.json().code).toBe('RESET_INVALID')

    smtp.mails.length = 0
    await forgot(user.email)
    await drain()
    const second = linkToken(smtp.mails[0]!.text)
    // The password changes by another way (an earlier link, staff): no link asked for before works.
    await t.db.update(users).set({ passwordHash: 'changed' }).where(eq(users.id, user.id))
    const stale = await post(t, '/_api/auth/password/reset_with_link', {
      token: second,
      password: 'Nouveau-2026!',
    })
    expect(stale.statusCode).toBe(400)
    const forged = await post(t, '/_api/auth/password/reset_with_link', {
      token: `${second.split('.')[0]}.${'A'.repeat(43)}`,
      password: 'Nouveau-2026!',
    })
    expect(forged.statusCode).toBe(400)
  })

  it('answers an unknown address exactly as a known one (status, body, similar time), and sends nothing', async () => {
    const user = await createUser(t.db, { role: 'client', country: 'SN' })
    const known = await forgot(user.email)
    const unknown = await forgot('personne@nulle-part.sn')
    expect(unknown.statusCode).toBe(known.statusCode)
    expect(unknown.body).toBe(known.body)
    const unknownPhone = await forgot('77 999 88 77')
    const knownPhone = await forgot((await clientWithPhone()).local)
    expect(unknownPhone.statusCode).toBe(knownPhone.statusCode)
    expect(unknownPhone.body).toBe(knownPhone.body)
    expect(await t.db.select().from(outboxMessages)).toHaveLength(2)

    // The same work either way: median times of 15 requests each within a ratio of 0.5–2.
    const time = async (identifier: (i: number) => string) => {
      const out: number[] = []
      for (let i = 0; i < 15; i++) {
        const start = performance.now()
        await forgot(identifier(i))
        out.push(performance.now() - start)
      }
      return out
    }
    const knownUsers: Awaited<ReturnType<typeof createUser>>[] = []
    for (let i = 0; i < 15; i++) knownUsers.push(await createUser(t.db))
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!
    const a = await time((i) => `inconnu${i}@nulle-part.sn`)
    const b = await time((i) => knownUsers[i]!.email)
    const ratio = median(a) / median(b)
    expect(ratio, `unknown ${median(a).toFixed(1)} ms, known ${median(b).toFixed(1)} ms`).toBeGreaterThan(0.5)
    expect(ratio).toBeLessThan(2)
  })

  it('sends nothing to a deactivated account, with the same answer', async () => {
    const user = await createUser(t.db, { role: 'delivery_driver', country: 'SN', isActive: false })
    const res = await forgot(user.email)
    expect(res.json()).toEqual({ success: true, channel: 'email' })
    expect(await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toHaveLength(0)
    expect(await t.db.select().from(outboxMessages)).toHaveLength(0)
  })

  it('limits requests per address (5 in 15 minutes) and per client IP', async () => {
    const user = await createUser(t.db)
    for (let i = 0; i < 5; i++) expect((await forgot(user.email)).statusCode).toBe(200)
    const sixth = await forgot(user.email)
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
    // The same for an address that has no account: the limit tells nothing either.
    for (let i = 0; i < 5; i++) await forgot('absent@nulle-part.sn')
    expect((await forgot('absent@nulle-part.sn')).statusCode).toBe(429)

    const strict = await createTestApp({ RESET_PER_IP: '3' })
    try {
      const ask = (identifier: string) =>
        strict.app.inject({ method: 'POST', url: '/_api/auth/password/forgot', payload: { identifier } })
      for (let i = 0; i < 3; i++) expect((await ask(`a${i}@b.sn`)).statusCode).toBe(200)
      expect((await ask('a9@b.sn')).statusCode).toBe(429)
    } finally {
      await strict.close()
    }
  })
})

describe('a forgotten password, by SMS', () => {
  it('sends a 6-digit code through the fake provider; the code sets the new password and ends the sessions', async () => {
    const user = await clientWithPhone()
    const before = await login(t, user.email)
    const res = await forgot(user.local)
    expect(res.json()).toEqual({ success: true, channel: 'sms' })
    expect(await drain()).toMatchObject({ sent: 1 })
    expect(sms.inbox).toHaveLength(1)
    const got = sms.inbox[0]!
    expect(got.to).toBe(user.phoneNumber.replace(/\D/g, ''))
    expect(got.sender).toBe('Etal')
    expect(got.text).toMatch(/^Étal: votre code pour un nouveau mot de passe est \d{6}\./)
    expect(gsm7Length(got.text)).toBeLessThanOrEqual(160)
    const code = /(\d{6})/.exec(got.text)![1]!

    const done = await post(t, '/_api/auth/password/reset_with_code', {
      identifier: user.phoneNumber,
      code,
      password: 'Nouveau-2026!',
    })
    expect(done.statusCode, done.body).toBe(200)
    expect((await sessionOf(before)).statusCode).toBe(401)
    expect((await sessionOf(cookieOf(done))).statusCode).toBe(200)
    const reused = await post(t, '/_api/auth/password/reset_with_code', {
      identifier: user.phoneNumber,
      code,
      password: 'Encore-2026!',
    })
    expect(reused.statusCode).toBe(400)
  })

  it('refuses a wrong code five times, then the right one too: a new code is needed', async () => {
    const user = await clientWithPhone()
    await forgot(user.local)
    await drain()
    const code = /(\d{6})/.exec(sms.inbox[0]!.text)![1]!
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      const res = await post(t, '/_api/auth/password/reset_with_code', {
        identifier: user.local,
        code: wrong,
        password: 'Nouveau-2026!',
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'RESET_INVALID', error: RESET_INVALID_CODE })
    }
    const sixth = await post(t, '/_api/auth/password/reset_with_code', {
      identifier: user.local,
      code,
      password: 'Nouveau-2026!',
    })
    expect(sixth.statusCode).toBe(400)
    expect(sixth.json().error).toBe(RESET_INVALID_CODE)
    // A new code works.
    sms.inbox.length = 0
    await forgot(user.local)
    await drain()
    const fresh = /(\d{6})/.exec(sms.inbox[0]!.text)![1]!
    const ok = await post(t, '/_api/auth/password/reset_with_code', {
      identifier: user.local,
      code: fresh,
      password: 'Nouveau-2026!',
    })
    expect(ok.statusCode).toBe(200)
  })

  it('refuses an expired code (10 minutes), and a code for an unknown number like a wrong one', async () => {
    const user = await clientWithPhone()
    await forgot(user.local)
    await drain()
    const code = /(\d{6})/.exec(sms.inbox[0]!.text)![1]!
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id))
    const expired = await post(t, '/_api/auth/password/reset_with_code', {
      identifier: user.local,
      code,
      password: 'Nouveau-2026!',
    })
    expect(expired.statusCode).toBe(400)
    const unknown = await post(t, '/_api/auth/password/reset_with_code', {
      identifier: '77 999 88 77',
      code,
      password: 'Nouveau-2026!',
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.body).toBe(expired.body)
  })
})

describe('sign-in with a phone number', () => {
  it('reads the number in the account’s country or with its code', async () => {
    const user = await clientWithPhone()
    for (const typed of [
      user.local,
      user.phoneNumber,
      user.phoneNumber.replace(/\D/g, '').replace(/^/, '00'),
    ]) {
      const res = await post(t, '/_api/auth/login_with_password', { email: typed, password: PASSWORD })
      expect(res.statusCode, `${typed}: ${res.body}`).toBe(200)
      expect(res.json().user.id).toBe(user.id)
    }
    const wrong = await post(t, '/_api/auth/login_with_password', {
      email: user.local,
      password: 'faux-faux',
    })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().error).toBe('Email ou mot de passe incorrect.')
  })

  it('tells apart two accounts sharing a number (kept from before the rule) by their passwords', async () => {
    const a = await createUser(t.db)
    const b = await createUser(t.db, { password: 'Autre-secret-9' })
    await t.db.update(users).set({ phoneNumber: '+221 76 111 22 33' }).where(eq(users.id, a.id))
    await t.db.update(users).set({ phoneNumber: '+221 76 111 22 33' }).where(eq(users.id, b.id))
    const signIn = (password: string) =>
      post(t, '/_api/auth/login_with_password', { email: '76 111 22 33', password })
    expect((await signIn(PASSWORD)).json().user.id).toBe(a.id)
    expect((await signIn('Autre-secret-9')).json().user.id).toBe(b.id)
    expect((await signIn('faux-faux')).statusCode).toBe(401)
    // Both still sign in by e-mail.
    await login(t, a.email)
    await login(t, b.email, 'Autre-secret-9')
  })

  it('counts failed sign-ins by phone and by e-mail together, per account and IP', async () => {
    const user = await clientWithPhone()
    for (let i = 0; i < 5; i++)
      await post(t, '/_api/auth/login_with_password', { email: user.local, password: 'faux-faux' })
    for (let i = 0; i < 5; i++)
      await post(t, '/_api/auth/login_with_password', { email: user.email, password: 'faux-faux' })
    const eleventh = await post(t, '/_api/auth/login_with_password', {
      email: user.local,
      password: PASSWORD,
    })
    expect(eleventh.statusCode).toBe(429)
  })
})

describe('one account per phone number', () => {
  it('refuses a registration, an account staff create, and an edit giving a number another account has', async () => {
    const user = await clientWithPhone()
    const reg = await post(t, '/_api/auth/register_with_password', {
      email: `nouveau${Date.now()}@etal.sn`,
      password: 'Secret-2026!',
      displayName: 'Nouveau',
      phoneNumber: user.local,
      city: 'Dakar',
      country: 'Sénégal',
    })
    expect(reg.statusCode).toBe(409)
    expect(reg.json()).toMatchObject({ code: 'PHONE_TAKEN' })

    const root = await createUser(t.db, { role: 'root' })
    const rootCookie = await login(t, root.email)
    const other = await clientWithPhone()
    const edit = {
      userId: other.id,
      email: other.email,
      displayName: other.displayName,
      city: 'Dakar',
      country: 'Sénégal',
      role: 'client',
    }
    const taken = await post(
      t,
      '/_api/admin/users/update',
      { ...edit, phoneNumber: user.phoneNumber },
      rootCookie,
    )
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toMatchObject({ code: 'PHONE_TAKEN' })
    // Its own number it keeps.
    const same = await post(t, '/_api/admin/users/update', { ...edit, phoneNumber: other.local }, rootCookie)
    expect(same.statusCode, same.body).toBe(200)
  })
})

describe('shared numbers (kept from before one account per number)', () => {
  it('the users list marks each account whose number another has, until one of them gets its own', async () => {
    const a = await createUser(t.db)
    const b = await createUser(t.db)
    const alone = await createUser(t.db)
    for (const u of [a, b])
      await t.db.update(users).set({ phoneNumber: '+221 76 222 33 44' }).where(eq(users.id, u.id))
    await t.db.update(users).set({ phoneNumber: '+221 76 222 33 45' }).where(eq(users.id, alone.id))
    const root = await createUser(t.db, { role: 'root' })
    const rootCookie = await login(t, root.email)
    const marks = async () => {
      const res = await get(t, '/_api/admin/users', rootCookie)
      expect(res.statusCode, res.body).toBe(200)
      const listed = decode<{ users: { id: number; sharesPhone: boolean }[] }>(res.body).users
      return Object.fromEntries(
        listed.filter((u) => [a.id, b.id, alone.id].includes(u.id)).map((u) => [u.id, u.sharesPhone]),
      )
    }
    expect(await marks()).toEqual({ [a.id]: true, [b.id]: true, [alone.id]: false })
    // Staff give b its own number: neither is marked any more.
    const edit = await post(
      t,
      '/_api/admin/users/update',
      {
        userId: b.id,
        email: b.email,
        displayName: b.displayName,
        phoneNumber: '76 222 33 46',
        city: 'Dakar',
        country: 'Sénégal',
        role: 'client',
      },
      rootCookie,
    )
    expect(edit.statusCode, edit.body).toBe(200)
    expect(await marks()).toEqual({ [a.id]: false, [b.id]: false, [alone.id]: false })
  })
})

describe('one account per phone number, under a burst', () => {
  it('lets one of ten parallel registrations of one number through, and refuses the nine others with 409', async () => {
    const stamp = Date.now()
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(t, '/_api/auth/register_with_password', {
          email: `course${i}.${stamp}@etal.sn`,
          password: 'Secret-2026!',
          displayName: `Course ${i}`,
          phoneNumber: '76 444 33 22',
          city: 'Dakar',
          country: 'Sénégal',
        }),
      ),
    )
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(409)])
    expect(await t.db.select().from(users).where(eq(users.phoneNumber, '+221 76 444 33 22'))).toHaveLength(1)
  })
})

describe('SMS, the second channel', () => {
  it('tells a client who chose SMS of its order by SMS too: one GSM-7 segment, signed, with STOP', async () => {
    const client = await clientWithPhone()
    const cookie = await login(t, client.email)
    expect(decode((await get(t, '/_api/account/notifications', cookie)).body)).toEqual({
      prefs: { email: true, sms: false },
      phoneNumber: client.phoneNumber,
    })
    const set = await post(t, '/_api/account/notifications', { email: true, sms: true }, cookie)
    expect(set.statusCode, set.body).toBe(200)
    const product = await createProduct(t.db, { name: 'Côte de bœuf', pricePerUnit: 12000, unitType: 'kg' })
    const res = await postOrder(
      t,
      { ...(await deliveryIn(t.db, 'SN')), items: [{ productId: product.id, quantity: 1 }], pointsToUse: 0 },
      cookie,
    )
    expect(res.statusCode, res.body).toBe(201)
    const orderId = decode<{ order: { id: number } }>(res.body).order.id
    const staff = await createUser(t.db, { role: 'admin', country: 'SN' })
    const reason =
      'Rupture de stock imprévue sur la côte de bœuf, nous sommes désolés et vous proposons une autre pièce très bientôt'
    await changeOrderStatus(t.db, staff.id, orderId, 'cancelled', undefined, undefined, undefined, reason)
    const rows = await t.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, orderId))
    expect(rows.map((r) => [r.kind, r.channel]).sort()).toEqual([
      ['cancelled', 'email'],
      ['cancelled', 'sms'],
      ['order_received', 'email'],
      ['order_received', 'sms'],
    ])
    await drain()
    expect(sms.inbox).toHaveLength(2)
    for (const m of sms.inbox) {
      expect(m.text.startsWith('Étal: ')).toBe(true)
      expect(m.text).toContain('STOP SMS: Mon compte')
      expect(gsm7Length(m.text), m.text).not.toBeNull()
      expect(gsm7Length(m.text)!, m.text).toBeLessThanOrEqual(160)
    }
    expect(sms.inbox[0]!.text).toContain(`commande ${orderId}`)
    // The money first (nothing was taken), then the reason in the room left.
    expect(sms.inbox[1]!.text).toContain("annulée. Rien n'a été débité, vous ne devez rien.")
    expect(sms.inbox[1]!.text).toContain('Raison: Rupture de stock')

    // Staff read each SMS on the order's page, with its channel.
    const root = await createUser(t.db, { role: 'root' })
    const messages = decode<{ messages: { channel: string; body: string; state: string }[] }>(
      (await get(t, `/_api/admin/orders/messages?orderId=${orderId}`, await login(t, root.email))).body,
    ).messages
    expect(messages.filter((m) => m.channel === 'sms').map((m) => m.state)).toEqual(['sent', 'sent'])
  })

  it('writes weighed (new total), out for delivery (driver and phone) and delivered in one segment each', async () => {
    const client = await clientWithPhone()
    await t.db.update(users).set({ notifyBySms: true }).where(eq(users.id, client.id))
    const cookie = await login(t, client.email)
    const product = await createProduct(t.db, {
      name: 'Gigot d’agneau',
      pricePerUnit: 9000,
      unitType: 'kg',
      minQuantity: 0.5,
    })
    const res = await postOrder(
      t,
      {
        ...(await deliveryIn(t.db, 'SN')),
        items: [{ productId: product.id, quantity: 1.5 }],
        pointsToUse: 0,
      },
      cookie,
    )
    const orderId = decode<{ order: { id: number } }>(res.body).order.id
    const staff = await createUser(t.db, { role: 'admin', country: 'SN' })
    const driver = await createUser(t.db, {
      role: 'delivery_driver',
      country: 'SN',
      displayName: 'Mouhamadou-Moustapha-Abdoulaye Ndiaye',
    })
    await t.db.update(users).set({ phoneNumber: '+221 78 123 45 67' }).where(eq(users.id, driver.id))
    await changeOrderStatus(t.db, staff.id, orderId, 'in_preparation')
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId))
    await weighOrder(t.db, staff.id, orderId, [{ itemId: line!.id, weighedQuantity: 1.55 }])
    await t.db.execute(`update orders set delivery_driver_id = ${driver.id} where id = ${orderId}`)
    await changeOrderStatus(t.db, staff.id, orderId, 'in_delivery')
    await changeOrderStatus(t.db, driver.id, orderId, 'delivered')
    await drain()
    const texts = sms.inbox.map((m) => m.text)
    expect(texts).toHaveLength(4)
    for (const text of texts) {
      expect(gsm7Length(text), text).not.toBeNull()
      expect(gsm7Length(text)!, text).toBeLessThanOrEqual(160)
      expect(text).toMatch(/^Étal: .* STOP SMS: Mon compte$/)
    }
    expect(texts[1]).toMatch(/pesée\. Nouveau total: 13 950 F CFA \(avant: 13 500 F CFA\)/)
    expect(texts[2]).toContain('(+221 78 123 45 67)')
    expect(texts[2]).toContain('en route avec Mouhamadou')
    expect(texts[3]).toContain('livrée')
  })

  it('keeps an SMS as "not sent" with its text when no provider is configured', async () => {
    const client = await clientWithPhone()
    await t.db.update(users).set({ notifyBySms: true, notifyByEmail: false }).where(eq(users.id, client.id))
    const cookie = await login(t, client.email)
    const product = await createProduct(t.db, { name: 'Poulet', pricePerUnit: 3500, unitType: 'unit' })
    const res = await postOrder(
      t,
      { ...(await deliveryIn(t.db, 'SN')), items: [{ productId: product.id, quantity: 1 }], pointsToUse: 0 },
      cookie,
    )
    const orderId = decode<{ order: { id: number } }>(res.body).order.id
    expect(await drainOutbox(t.db, { sender: null, sms: null, from: 'x@y.z' })).toMatchObject({ notSent: 1 })
    const [row] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, orderId))
    expect(row).toMatchObject({ channel: 'sms', state: 'not_sent', recipient: client.phoneNumber })
    expect(row!.body).toMatch(/^Étal: votre commande \d+ est enregistrée/)
    expect(row!.lastError).toContain('SMS_URL')
  })

  it('saves the preference; refuses no channel at all, and SMS without a phone', async () => {
    const client = await clientWithPhone()
    const cookie = await login(t, client.email)
    const none = await post(t, '/_api/account/notifications', { email: false, sms: false }, cookie)
    expect(none.statusCode).toBe(400)
    expect(none.json()).toMatchObject({ error: 'Choisissez au moins un moyen : e-mail ou SMS.' })
    await t.db.update(users).set({ phoneNumber: null }).where(eq(users.id, client.id))
    const noPhone = await post(
      t,
      '/_api/account/notifications',
      { email: true, sms: true },
      await login(t, client.email),
    )
    expect(noPhone.statusCode).toBe(400)
    const [row] = await t.db.select().from(users).where(eq(users.id, client.id))
    expect(row).toMatchObject({ notifyByEmail: true, notifyBySms: false })
  })
})
