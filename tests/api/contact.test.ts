import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactMessages } from '../../src/server/db/schema'
import { decode, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const valid = (over: Record<string, unknown> = {}) => ({
  name: 'Awa Diallo',
  email: 'Awa@Exemple.SN',
  subject: 'Livraison à Thiès',
  message: 'Livrez-vous aussi le dimanche matin ?',
  ...over,
})

describe('POST /_api/contact', () => {
  it('stores the message as new and answers 201 { contactMessage }, signed out', async () => {
    const res = await post(t, '/_api/contact', valid())
    expect(res.statusCode).toBe(201)
    const { contactMessage } = decode<{
      contactMessage: { id: number; status: string; email: string; createdAt: Date }
    }>(res.body)
    expect(contactMessage).toMatchObject({
      name: 'Awa Diallo',
      email: 'awa@exemple.sn',
      subject: 'Livraison à Thiès',
      status: 'new',
    })
    expect(contactMessage.createdAt).toBeInstanceOf(Date)
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, contactMessage.id))
    expect(row!.message).toBe('Livrez-vous aussi le dimanche matin ?')
  })

  it('accepts a signed-in caller of any role', async () => {
    const { cookie } = await signedIn(t, 'admin', 'SN')
    expect((await post(t, '/_api/contact', valid(), cookie)).statusCode).toBe(201)
  })

  it.each([
    ['name', { name: 'A' }, 'Le nom doit contenir au moins 2 caractères.'],
    ['name missing', { name: undefined }, 'Le nom doit contenir au moins 2 caractères.'],
    ['email', { email: 'pas-un-email' }, 'Veuillez entrer une adresse email valide.'],
    ['subject', { subject: 'Allo' }, 'Le sujet doit contenir au moins 5 caractères.'],
    ['message', { message: 'Court' }, 'Le message doit contenir au moins 10 caractères.'],
    ['blank message', { message: '           ' }, 'Le message doit contenir au moins 10 caractères.'],
  ])('answers 400 for a bad %s and stores nothing', async (_f, over, message) => {
    const before = (await t.db.select().from(contactMessages)).length
    const res = await post(t, '/_api/contact', valid(over))
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe(message)
    expect((await t.db.select().from(contactMessages)).length).toBe(before)
  })

  it('refuses extra fields such as a status', async () => {
    const res = await post(t, '/_api/contact', valid({ status: 'processed' }))
    expect(res.statusCode).toBe(400)
  })

  it('limits each client IP to CONTACT_PER_10_MINUTES messages', async () => {
    const limited = await createTestApp({ CONTACT_PER_10_MINUTES: '2' })
    try {
      expect((await post(limited, '/_api/contact', valid())).statusCode).toBe(201)
      expect((await post(limited, '/_api/contact', valid())).statusCode).toBe(201)
      const third = await post(limited, '/_api/contact', valid())
      expect(third.statusCode).toBe(429)
      expect(third.json().code).toBe('TOO_MANY_REQUESTS')
      expect((await limited.db.select().from(contactMessages)).length).toBe(2)
    } finally {
      await limited.close()
    }
  })
})
