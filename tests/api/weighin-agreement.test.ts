import { describe, expect, it } from 'vitest'
import { formatMoney } from '../../src/shared/format'
import { decode, get, post, signedIn } from '../factories'
import {
  t,
  cookies,
  staff,
  placed,
  weigh,
  setStatus,
  answer,
  phoneAgreement,
  body,
  row,
  useWeighinApp,
} from './weighin-setup'

// docs/rules/orders.md#weigh-in: beyond the tolerance the order waits for the client's agreement,
// bound to the total it answers; the tolerance setting.
useWeighinApp()

describe('beyond the tolerance: the client’s agreement', () => {
  async function overTolerance() {
    const p = await placed()
    const o = body(await weigh(p.order.id, [{ itemId: p.kg.id, weighedQuantity: 2.5 }]))
    expect(o).toMatchObject({ totalAmount: 16_500, orderedTotalAmount: 11_500, weighApproval: 'awaiting' })
    expect(o.events.at(-1)).toMatchObject({ type: 'approval', toValue: 'awaiting' })
    const gate = await setStatus(p.order.id, 'in_delivery')
    expect(gate.statusCode).toBe(409)
    expect(gate.json().error).toBe(
      'La commande ne peut pas partir en livraison. Le montant pesé dépasse la tolérance : il attend l’accord du client.',
    )
    return p
  }

  it('the client accepts on its order: the order may leave', async () => {
    const { order, client } = await overTolerance()
    const res = await answer(order.id, 'accept', client.cookie)
    expect(res.statusCode).toBe(200)
    expect(body(res)).toMatchObject({ weighApproval: 'accepted', totalAmount: 16_500 })
    expect(body(res).events.at(-1)).toMatchObject({
      type: 'approval',
      fromValue: 'awaiting',
      toValue: 'accepted',
      actorId: client.user.id,
    })
    expect((await answer(order.id, 'refuse', client.cookie)).statusCode).toBe(409)
    expect((await setStatus(order.id, 'in_delivery')).statusCode).toBe(200)
  })

  it('the client refuses: the order stays in preparation, blocked, until staff weigh again or cancel', async () => {
    const { order, kg, client } = await overTolerance()
    expect(body(await answer(order.id, 'refuse', client.cookie))).toMatchObject({
      status: 'in_preparation',
      weighApproval: 'refused',
    })
    const gate = await setStatus(order.id, 'in_delivery')
    expect(gate.statusCode).toBe(409)
    expect(gate.json().error).toContain('Le client a refusé le montant pesé')
    const again = body(await weigh(order.id, [{ itemId: kg.id, weighedQuantity: 1.55 }]))
    expect(again).toMatchObject({ totalAmount: 11_750, weighApproval: null })
    expect((await setStatus(order.id, 'in_delivery')).statusCode).toBe(200)
  })

  it('staff record an agreement given by phone (after a refusal too); who recorded it is in the history', async () => {
    const { order, client } = await overTolerance()
    await answer(order.id, 'refuse', client.cookie)
    const res = await phoneAgreement(order.id, cookies.admin)
    expect(res.statusCode).toBe(200)
    expect(body(res)).toMatchObject({ weighApproval: 'accepted' })
    expect(body(res).events.at(-1)).toMatchObject({
      type: 'approval',
      fromValue: 'refused',
      toValue: 'phone',
      actorId: staff.user.id,
    })
    expect((await phoneAgreement(order.id, cookies.admin)).statusCode).toBe(409)
    expect((await phoneAgreement(order.id, cookies.adminMl)).statusCode).toBe(404)
    expect((await setStatus(order.id, 'in_delivery')).statusCode).toBe(200)
  })

  it('only the order’s own client answers (others 404); a bad answer 400; nothing to answer 409', async () => {
    const { order } = await overTolerance()
    const stranger = await signedIn(t, 'client', 'SN')
    expect((await answer(order.id, 'accept', stranger.cookie)).statusCode).toBe(404)
    expect((await answer(order.id, 'accept', cookies.admin)).statusCode).toBe(403)
    const p = await placed()
    const bad = await answer(p.order.id, 'peut-être', p.client.cookie)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toBe('Réponse invalide : accepter ou refuser.')
    const none = await answer(p.order.id, 'accept', p.client.cookie)
    expect(none.statusCode).toBe(409)
    expect(none.json().error).toBe('Cette commande n’attend pas d’accord sur un montant pesé.')
  })
})

describe('an answer is bound to the total it answers (docs/security/outside-attack.md item 1)', () => {
  // Staff weigh 1,8 kg: the client reads 13 000 F. Staff weigh again, 6 kg: 34 000 F. The
  // client's click on the first amount must not accept the second.
  async function weighedTwice() {
    const p = await placed()
    const first = body(await weigh(p.order.id, [{ itemId: p.kg.id, weighedQuantity: 1.8 }]))
    expect(first).toMatchObject({ totalAmount: 13_000, weighApproval: 'awaiting' })
    const second = body(await weigh(p.order.id, [{ itemId: p.kg.id, weighedQuantity: 6 }]))
    expect(second).toMatchObject({ totalAmount: 34_000, weighApproval: 'awaiting' })
    return p
  }
  const changed = (total: string, ending: string) =>
    `Le montant a changé : la commande a été pesée à nouveau et son total est maintenant de ${total} (et non ${formatMoney(13_000)}). ${ending}`

  it('the client’s answer to an earlier total is 409 with the new total to read; nothing changes; the new total can be answered', async () => {
    const { order, client } = await weighedTwice()
    for (const decision of ['accept', 'refuse']) {
      const res = await answer(order.id, decision, client.cookie, 13_000)
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({
        code: 'WEIGHED_TOTAL_CHANGED',
        error: changed(formatMoney(34_000), 'Lisez ce nouveau montant avant de répondre.'),
      })
    }
    expect(await row(order.id)).toMatchObject({ weighApproval: 'awaiting', totalAmount: 34_000 })
    expect((await setStatus(order.id, 'in_delivery')).statusCode).toBe(409)
    const ok = await answer(order.id, 'accept', client.cookie, 34_000)
    expect(ok.statusCode).toBe(200)
    expect(body(ok)).toMatchObject({ weighApproval: 'accepted', totalAmount: 34_000 })
    expect((await setStatus(order.id, 'in_delivery')).statusCode).toBe(200)
  })

  it('a phone agreement recorded by staff names the total too: 409 for an earlier one', async () => {
    const { order } = await weighedTwice()
    const res = await phoneAgreement(order.id, cookies.admin, 13_000)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      code: 'WEIGHED_TOTAL_CHANGED',
      error: changed(formatMoney(34_000), 'Lisez ce nouveau montant au client avant de noter son accord.'),
    })
    expect((await row(order.id)).weighApproval).toBe('awaiting')
    expect(body(await phoneAgreement(order.id, cookies.admin, 34_000))).toMatchObject({
      weighApproval: 'accepted',
    })
  })

  it('an answer without its total, or with a total that is no amount, is 400 in French', async () => {
    const { order, client } = await weighedTwice()
    const message = 'Le montant auquel vous répondez est requis (en francs CFA) : rechargez la commande.'
    for (const total of [undefined, -1, 12.5, '34000', null]) {
      const res = await post(
        t,
        '/_api/orders/weigh-answer',
        { orderId: order.id, decision: 'accept', total },
        client.cookie,
      )
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toBe(message)
      const phone = await post(
        t,
        '/_api/admin/orders/record-agreement',
        { orderId: order.id, total },
        cookies.admin,
      )
      expect(phone.statusCode).toBe(400)
      expect(phone.json().error).toBe(message)
    }
    expect((await row(order.id)).weighApproval).toBe('awaiting')
  })
})

describe('the tolerance setting', () => {
  it('root reads and sets it; the next weighing uses it; others 403; bad values 400', async () => {
    const read = await get(t, '/_api/admin/settings', cookies.root)
    expect(
      decode<{ settings: { weighTolerancePercent: number } }>(read.body).settings.weighTolerancePercent,
    ).toBe(10)
    for (const bad of [-1, 51, 2.5, '10']) {
      const res = await post(t, '/_api/admin/settings/update', { weighTolerancePercent: bad }, cookies.root)
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toBe('La tolérance doit être un nombre entier de 0 à 50\u00a0%.')
    }
    expect(
      (await post(t, '/_api/admin/settings/update', { weighTolerancePercent: 3 }, cookies.super_admin))
        .statusCode,
    ).toBe(403)
    expect((await get(t, '/_api/admin/settings', cookies.admin)).statusCode).toBe(403)
    try {
      const res = await post(t, '/_api/admin/settings/update', { weighTolerancePercent: 3 }, cookies.root)
      expect(res.statusCode).toBe(200)
      // +5.2 %: within 10 %, beyond 3 %.
      const { order, kg } = await placed()
      expect(body(await weigh(order.id, [{ itemId: kg.id, weighedQuantity: 1.62 }])).weighApproval).toBe(
        'awaiting',
      )
    } finally {
      await post(t, '/_api/admin/settings/update', { weighTolerancePercent: 10 }, cookies.root)
    }
  })
})
