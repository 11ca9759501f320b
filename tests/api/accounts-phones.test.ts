import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '../../src/server/db/schema'
import { createUser, decode, get, login, PASSWORD, post } from '../factories'
import { clientWithPhone, t, useAccountsApp } from './accounts-setup'

/**
 * Sign-in with a phone number and one account per phone number, shared numbers kept from before
 * that rule, and a burst of registrations on one number (docs/rules/people.md#accounts).
 */
useAccountsApp()

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
