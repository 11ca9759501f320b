import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { giftVouchers, outboxMessages, paymentAttempts, storeCreditEntries } from '../../src/server/db/schema'
import { drainOutbox } from '../../src/server/services/messages/outbox'
import { voucherCodeHash } from '../../src/server/services/money/vouchers/payment'
import { VOUCHER_ALPHABET } from '../../src/shared/domain/vouchers'
import { decode, get, post } from '../factories'
import { type Attempt, cookie, fake, pay, staff, t, usePaymentsApp } from './payments-setup'
import {
  type Bought,
  buy,
  credit,
  errorOf,
  giftMessage,
  newClient,
  order,
  paidVoucher,
  redeem,
} from './voucher-helpers'

/**
 * Gift vouchers (docs/rules/gift-vouchers.md, decision 0078): bought by mobile money for someone,
 * paid only on the provider's status query, the code sent by SMS to the recipient (the buyer
 * told), added once to the store credit of whoever types it; wrong codes counted and stopped.
 */
usePaymentsApp()

describe('gift vouchers: buying', () => {
  it('buy → the provider says paid → the voucher paid, its code by SMS to the recipient, the buyer told', async () => {
    const res = await buy()
    expect(res.statusCode, res.body).toBe(200)
    const { voucherId, attempt } = decode<Bought>(res.body)
    expect(attempt).toMatchObject({ amount: 10_000, status: 'pending', provider: 'wave' })
    expect(attempt.checkoutUrl).toBeTruthy()
    // Not paid until the provider's status query says so.
    const before = decode<{ voucher: { status: string } }>(
      (await get(t, `/_api/vouchers/one?id=${voucherId}`, cookie)).body,
    )
    expect(before.voucher.status).toBe('pending')
    expect(await giftMessage(voucherId)).toBeUndefined()

    await pay(attempt)
    const after = decode<{ voucher: { status: string; recipientPhone: string }; attempt: Attempt }>(
      (await get(t, `/_api/vouchers/one?id=${voucherId}`, cookie)).body,
    )
    expect(after.voucher).toMatchObject({ status: 'paid', recipientPhone: '+221 77 123 45 67' })
    expect(after.attempt.status).toBe('paid')
    const sms = await giftMessage(voucherId)
    expect(sms).toMatchObject({ channel: 'sms', recipient: '+221 77 123 45 67', state: 'waiting' })
    const code = (sms!.facts as { code: string }).code
    expect(code).toMatch(new RegExp(`^[${VOUCHER_ALPHABET}]{12}$`))
    const [row] = await t.db.select().from(giftVouchers).where(eq(giftVouchers.id, voucherId))
    expect(row!.codeHash).toBe(voucherCodeHash(code))
    expect(JSON.stringify(row)).not.toContain(code)
    const told = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, row!.buyerId), eq(outboxMessages.kind, 'voucher_sent')))
    expect(told.length).toBeGreaterThan(0)

    // Sent with the code and the redeem link; what the outbox keeps hides them.
    const shown: string[] = []
    await drainOutbox(t.db, {
      sender: null,
      from: 'x@etal',
      origin: 'https://etal.test',
      show: (m) => shown.push(m.text),
    })
    const text = shown.find((s) => s.includes('bon cadeau de 10 000'))!
    expect(text).toContain(`${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`)
    expect(text).toContain(`https://etal.test/bons-cadeaux/utiliser?code=${code}`)
    const [kept] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, sms!.id))
    expect(kept!.body).toContain('[masqué]')
    expect(kept!.body).not.toContain(code)
    expect(kept!.facts).toEqual({})
  })

  it('bad inputs: a clear French 400 each, nothing written', async () => {
    const count = async () => Number((await t.db.select({ n: sql`count(*)` }).from(giftVouchers))[0]!.n)
    const before = await count()
    for (const over of [
      { amount: 4_900 },
      { amount: 200_100 },
      { amount: 5_050 },
      { amount: '10000' },
      { recipientName: '' },
      { recipientName: 'x'.repeat(41) },
      { recipientPhone: '12' },
      { recipientPhone: '' },
      { message: 'x'.repeat(141) },
      { wallet: '' },
      { wallet: 'Carte bancaire' },
      { extra: 1 },
    ]) {
      const res = await buy(over)
      expect(res.statusCode, JSON.stringify(over)).toBe(400)
      expect(errorOf(res)).toMatch(/[a-zé]/)
    }
    expect(await count()).toBe(before)
  })

  it('another client’s voucher answers 404; signed out 401', async () => {
    const { voucherId } = decode<Bought>((await buy()).body)
    const other = await newClient()
    expect((await get(t, `/_api/vouchers/one?id=${voucherId}`, other.cookie)).statusCode).toBe(404)
    expect((await post(t, '/_api/vouchers/buy', order)).statusCode).toBe(401)
  })

  it('the provider took another amount: the voucher stays unpaid, no code leaves, the money flagged back', async () => {
    const { voucherId, attempt } = decode<Bought>((await buy()).body)
    fake.set({ amountDelta: -100 })
    await pay(attempt)
    const [a] = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attempt.id))
    expect(a!.status).toBe('mismatch')
    expect(a!.refundStatus).not.toBeNull()
    const [v] = await t.db.select().from(giftVouchers).where(eq(giftVouchers.id, voucherId))
    expect(v).toMatchObject({ status: 'pending', codeHash: null })
    expect(await giftMessage(voucherId)).toBeUndefined()
  })

  it('the reconciliation and the cash report read a day with voucher payments', async () => {
    await paidVoucher()
    const rec = await get(t, '/_api/admin/payments/reconciliation', staff)
    expect(rec.statusCode, rec.body).toBe(200)
  })
})

describe('gift vouchers: using one', () => {
  it('redeem adds the amount to the client’s credit, once; the second try 409', async () => {
    const { code } = await paidVoucher({ amount: 25_000 })
    const friend = await newClient()
    const res = await redeem(code.toLowerCase().replace(/(.{4})/g, '$1 '), friend.cookie)
    expect(res.statusCode, res.body).toBe(200)
    expect(decode<{ amount: number }>(res.body).amount).toBe(25_000)
    const s = await credit(friend.cookie)
    expect(s.balance).toBe(25_000)
    expect(s.entries[0]).toMatchObject({
      amount: 25_000,
      kind: 'voucher',
      reason: expect.stringMatching(/^Bon cadeau de /),
    })
    const again = await redeem(code, friend.cookie)
    expect(again.statusCode).toBe(409)
    expect(errorOf(again)).toBe('Ce bon cadeau a déjà été utilisé.')
    expect((await credit(friend.cookie)).balance).toBe(25_000)
  })

  it('two clients at once: exactly one gets it, the other a French 409', async () => {
    const { code, voucherId } = await paidVoucher({ amount: 7_500 })
    const a = await newClient()
    const b = await newClient()
    const answers = await Promise.all([
      redeem(code, a.cookie),
      redeem(code, b.cookie),
      redeem(code, a.cookie),
    ])
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409])
    const [v] = await t.db.select().from(giftVouchers).where(eq(giftVouchers.id, voucherId))
    expect(v!.status).toBe('redeemed')
    const entries = await t.db
      .select()
      .from(storeCreditEntries)
      .where(and(eq(storeCreditEntries.kind, 'voucher'), eq(storeCreditEntries.userId, v!.redeemedBy!)))
    expect(entries.filter((e) => e.amount === 7_500)).toHaveLength(1)
    const total = (await credit(a.cookie)).balance + (await credit(b.cookie)).balance
    expect(total).toBe(7_500)
  })

  it('an unpaid voucher cannot be used', async () => {
    const { voucherId, attempt } = decode<Bought>((await buy()).body)
    // A code set on a pending voucher (as if its message left before the payment): still refused.
    const code = 'ACDEFGHJKMNP'
    await t.db
      .update(giftVouchers)
      .set({ codeHash: voucherCodeHash(code) })
      .where(eq(giftVouchers.id, voucherId))
    const friend = await newClient()
    const res = await redeem(code, friend.cookie)
    expect(res.statusCode).toBe(409)
    expect(errorOf(res)).toMatch(/pas encore payé/)
    expect((await credit(friend.cookie)).balance).toBe(0)
    const [a] = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attempt.id))
    expect(a!.status).toBe('pending')
    await t.db.update(giftVouchers).set({ codeHash: null }).where(eq(giftVouchers.id, voucherId))
  })

  it('wrong codes: 400 (form), 404 (unknown), then 429 after 5 in a quarter of an hour', async () => {
    const { code } = await paidVoucher()
    const guesser = await newClient()
    const bad = await redeem('ABC', guesser.cookie)
    expect(bad.statusCode).toBe(400)
    expect(errorOf(bad)).toMatch(/forme d’un code/)
    expect((await post(t, '/_api/vouchers/redeem', {}, guesser.cookie)).statusCode).toBe(400)
    for (let i = 0; i < 4; i++) {
      const res = await redeem('ACDEFGHJKMN' + VOUCHER_ALPHABET[i], guesser.cookie)
      expect(res.statusCode).toBe(404)
      expect(errorOf(res)).toMatch(/Aucun bon cadeau/)
    }
    const stopped = await redeem(code, guesser.cookie)
    expect(stopped.statusCode).toBe(429)
    expect(errorOf(stopped)).toMatch(/Trop de codes erronés/)
    expect((await credit(guesser.cookie)).balance).toBe(0)
    // Another client is not stopped by this one's misses.
    const friend = await newClient()
    expect((await redeem(code, friend.cookie)).statusCode).toBe(200)
  })
})
