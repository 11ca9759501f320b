import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions } from '../../src/server/db/schema'
import type { Role } from '../../src/shared/domain/roles'
import { createUser, decode, get, login, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

let t: TestApp
type Signed = Awaited<ReturnType<typeof signedIn>>
let root: Signed, superSn: Signed, adminSn: Signed, clientSn: Signed, driverSn: Signed
beforeAll(async () => {
  t = await createTestApp()
  root = await signedIn(t, 'root', 'SN')
  superSn = await signedIn(t, 'super_admin', 'SN')
  adminSn = await signedIn(t, 'admin', 'SN')
  clientSn = await signedIn(t, 'client', 'SN')
  driverSn = await signedIn(t, 'delivery_driver', 'SN')
})
afterAll(() => t.close())

let phones = 0
/** Each edit a number no other account has (one account per number: docs/rules/people.md#accounts). */
const freshPhone = () =>
  `+221 70 ${String(1_000_000 + ++phones)
    .slice(1)
    .replace(/^(\d\d)(\d\d)(\d\d)$/, '1$1 $2 $3')}`
const editOf = (u: { id: number; email: string; role: Role }, over: Record<string, unknown> = {}) => ({
  userId: u.id,
  email: u.email,
  displayName: 'Nom Modifié',
  phoneNumber: freshPhone(),
  city: 'Thiès',
  country: 'Sénégal',
  role: u.role,
  ...over,
})
const liveSessions = async (userId: number) =>
  (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length
const who = () => ({ root, super_admin: superSn, admin: adminSn })

describe('GET /_api/admin/users: who sees whom', () => {
  it('root sees every role of every country, or one country by name', async () => {
    const ml = await createUser(t.db, { role: 'client', country: 'ML' })
    const all = decode<{
      users: { id: number; role: Role; country: string; createdAt: Date; lastLogin: Date | null }[]
    }>((await get(t, '/_api/admin/users', root.cookie)).body)
    expect(all.users.map((u) => u.id)).toEqual(expect.arrayContaining([root.user.id, superSn.user.id, ml.id]))
    expect(all.users.find((u) => u.id === root.user.id)!.lastLogin).toBeInstanceOf(Date)
    const mali = decode<{ users: { country: string }[] }>(
      (await get(t, '/_api/admin/users?country=mali', root.cookie)).body,
    )
    expect(mali.users.length).toBeGreaterThan(0)
    expect(mali.users.every((u) => u.country === 'Mali')).toBe(true)
  })
  it('super_admin sees its country without roots; admin only clients and drivers of its country', async () => {
    await createUser(t.db, { role: 'client', country: 'ML' })
    const sup = decode<{ users: { role: Role; country: string }[] }>(
      (await get(t, '/_api/admin/users', superSn.cookie)).body,
    )
    expect(sup.users.every((u) => u.country === 'Sénégal' && u.role !== 'root')).toBe(true)
    expect(sup.users.some((u) => u.role === 'admin')).toBe(true)
    const adm = decode<{ users: { role: Role; country: string }[] }>(
      (await get(t, '/_api/admin/users', adminSn.cookie)).body,
    )
    expect(new Set(adm.users.map((u) => u.role))).toEqual(new Set(['client', 'delivery_driver']))
    expect(adm.users.every((u) => u.country === 'Sénégal')).toBe(true)
    expect((await get(t, '/_api/admin/users?country=Mali', superSn.cookie)).statusCode).toBe(404)
    expect((await get(t, '/_api/admin/users?country=S%C3%A9n%C3%A9gal', adminSn.cookie)).statusCode).toBe(200)
  })
  it('refuses drivers, clients and visitors', async () => {
    expect((await get(t, '/_api/admin/users', driverSn.cookie)).statusCode).toBe(403)
    expect((await get(t, '/_api/admin/users', clientSn.cookie)).statusCode).toBe(403)
    expect((await get(t, '/_api/admin/users')).statusCode).toBe(401)
  })
})

describe('POST /_api/admin/users/update: the role matrix', () => {
  // [editor, target role, target country, expected]
  const cases: [keyof ReturnType<typeof who>, Role, string, number][] = [
    ['root', 'super_admin', 'ML', 200],
    ['root', 'admin', 'SN', 200],
    ['root', 'client', 'ML', 200],
    ['root', 'user', 'SN', 200],
    ['root', 'root', 'SN', 403],
    ['super_admin', 'admin', 'SN', 200],
    ['super_admin', 'delivery_driver', 'SN', 200],
    ['super_admin', 'client', 'SN', 200],
    ['super_admin', 'super_admin', 'SN', 403],
    ['super_admin', 'user', 'SN', 403],
    ['super_admin', 'root', 'SN', 404],
    ['super_admin', 'client', 'ML', 404],
    ['admin', 'client', 'SN', 403],
  ]
  it.each(cases)('%s editing a %s of %s answers %i', async (editor, role, country, status) => {
    const target = await createUser(t.db, { role, country })
    const res = await post(
      t,
      '/_api/admin/users/update',
      editOf(target, { country: country === 'ML' ? 'Mali' : 'Sénégal' }),
      who()[editor].cookie,
    )
    expect(res.statusCode).toBe(status)
    if (status === 200)
      expect(decode<{ user: { displayName: string; city: string } }>(res.body).user).toMatchObject({
        displayName: 'Nom Modifié',
        city: 'Thiès',
      })
  })

  it('offers only creatable roles plus the current one', async () => {
    const c = await createUser(t.db, { role: 'client' })
    expect(
      (await post(t, '/_api/admin/users/update', editOf(c, { role: 'super_admin' }), superSn.cookie))
        .statusCode,
    ).toBe(403)
    expect(
      (await post(t, '/_api/admin/users/update', editOf(c, { role: 'client' }), superSn.cookie)).statusCode,
    ).toBe(200)
    expect(
      (await post(t, '/_api/admin/users/update', editOf(c, { role: 'admin' }), superSn.cookie)).statusCode,
    ).toBe(200)
    const u = await createUser(t.db, { role: 'user' })
    expect(
      (await post(t, '/_api/admin/users/update', editOf(u, { role: 'user' }), root.cookie)).statusCode,
    ).toBe(200)
    expect(
      (await post(t, '/_api/admin/users/update', editOf(root.user, { role: 'client' }), root.cookie))
        .statusCode,
    ).toBe(403)
  })

  it('forces a super_admin’s edits into its own country; root moves users between countries', async () => {
    const c = await createUser(t.db, { role: 'client' })
    const res = await post(t, '/_api/admin/users/update', editOf(c, { country: 'Mali' }), superSn.cookie)
    expect(decode<{ user: { country: string } }>(res.body).user.country).toBe('Sénégal')
    const moved = await post(t, '/_api/admin/users/update', editOf(c, { country: 'mali' }), root.cookie)
    expect(decode<{ user: { country: string } }>(moved.body).user.country).toBe('Mali')
  })

  it('ends the sessions on a change of role or country, not on a change of name', async () => {
    const target = await createUser(t.db, { role: 'client' })
    await login(t, target.email)
    await post(t, '/_api/admin/users/update', editOf(target), root.cookie)
    expect(await liveSessions(target.id)).toBe(1)
    await post(t, '/_api/admin/users/update', editOf(target, { role: 'delivery_driver' }), root.cookie)
    expect(await liveSessions(target.id)).toBe(0)
    await login(t, target.email)
    await post(
      t,
      '/_api/admin/users/update',
      editOf(target, { role: 'delivery_driver', country: 'Mali' }),
      root.cookie,
    )
    expect(await liveSessions(target.id)).toBe(0)
  })

  it('answers 409 for an email taken by someone else, 404 for an unknown id, 400 with the messages', async () => {
    const a = await createUser(t.db, { role: 'client' })
    const b = await createUser(t.db, { role: 'client' })
    const taken = await post(
      t,
      '/_api/admin/users/update',
      editOf(a, { email: b.email.toUpperCase() }),
      root.cookie,
    )
    expect(taken.statusCode).toBe(409)
    expect(
      (await post(t, '/_api/admin/users/update', editOf({ ...a, id: 999999 }), root.cookie)).statusCode,
    ).toBe(404)
    for (const [over, msg] of [
      [{ email: 'x' }, "Format d'email invalide."],
      [{ displayName: ' B ' }, "Le nom d'affichage doit contenir au moins 2 caractères."],
      [{ role: 'boss' }, 'Le rôle est requis.'],
      [{ city: '' }, 'La ville est requise.'],
      [{ userId: -1 }, "L'identifiant de l'utilisateur est invalide."],
    ] as const) {
      const res = await post(t, '/_api/admin/users/update', editOf(a, over), root.cookie)
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toBe(msg)
    }
    expect((await post(t, '/_api/admin/users/update', editOf(a), driverSn.cookie)).statusCode).toBe(403)
    expect((await post(t, '/_api/admin/users/update', editOf(a))).statusCode).toBe(401)
  })
})

describe('POST /_api/admin/users/toggle-status: the role matrix', () => {
  const cases: [keyof ReturnType<typeof who>, Role, string, number][] = [
    ['root', 'super_admin', 'ML', 200],
    ['root', 'client', 'SN', 200],
    ['root', 'root', 'SN', 403],
    ['super_admin', 'admin', 'SN', 200],
    ['super_admin', 'delivery_driver', 'SN', 200],
    ['super_admin', 'super_admin', 'SN', 403],
    ['super_admin', 'client', 'ML', 404],
    ['admin', 'delivery_driver', 'SN', 200],
    ['admin', 'client', 'SN', 200],
    ['admin', 'admin', 'SN', 404],
    ['admin', 'client', 'ML', 404],
  ]
  it.each(cases)('%s toggling a %s of %s answers %i', async (actor, role, country, status) => {
    const target = await createUser(t.db, { role, country })
    const res = await post(
      t,
      '/_api/admin/users/toggle-status',
      { userId: target.id, isActive: false },
      who()[actor].cookie,
    )
    expect(res.statusCode).toBe(status)
    if (status === 200) expect(decode<{ user: { isActive: boolean } }>(res.body).user.isActive).toBe(false)
  })
  it('never lets anyone deactivate itself', async () => {
    for (const s of [root, superSn, adminSn]) {
      const res = await post(
        t,
        '/_api/admin/users/toggle-status',
        { userId: s.user.id, isActive: false },
        s.cookie,
      )
      expect(res.statusCode).toBe(403)
      expect(res.json().error).toBe('Vous ne pouvez pas modifier le statut de votre propre compte.')
      expect(res.json().code).toBe('OWN_ACCOUNT')
    }
  })
  it('ends the sessions of a deactivated account at once; it cannot sign in until reactivated', async () => {
    const target = await createUser(t.db, { role: 'client' })
    const cookie = await login(t, target.email)
    await post(t, '/_api/admin/users/toggle-status', { userId: target.id, isActive: false }, adminSn.cookie)
    expect((await get(t, '/_api/auth/session', cookie)).statusCode).toBe(401)
    const refused = await post(t, '/_api/auth/login_with_password', {
      email: target.email,
      password: 'Secret-123!',
    })
    expect(refused.statusCode).not.toBe(200)
    await post(t, '/_api/admin/users/toggle-status', { userId: target.id, isActive: true }, adminSn.cookie)
    expect(await login(t, target.email)).toMatch(/^etal_session=/)
  })
  it('validates and refuses other roles', async () => {
    const bad = await post(t, '/_api/admin/users/toggle-status', { userId: 3, isActive: 'oui' }, root.cookie)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toBe('Le statut actif doit être vrai ou faux.')
    expect(
      (await post(t, '/_api/admin/users/toggle-status', { userId: 3, isActive: true }, clientSn.cookie))
        .statusCode,
    ).toBe(403)
    expect((await post(t, '/_api/admin/users/toggle-status', { userId: 3, isActive: true })).statusCode).toBe(
      401,
    )
  })
})

describe('POST /_api/admin/users/set-discount', () => {
  it('root sets 12.5 %, then removes it with null', async () => {
    const c = await createUser(t.db, { role: 'client', country: 'ML' })
    const res = await post(
      t,
      '/_api/admin/users/set-discount',
      { userId: c.id, discountPercent: 12.5 },
      root.cookie,
    )
    expect(decode<{ user: { customDiscountPercent: number } }>(res.body).user.customDiscountPercent).toBe(
      12.5,
    )
    const off = await post(
      t,
      '/_api/admin/users/set-discount',
      { userId: c.id, discountPercent: null },
      root.cookie,
    )
    expect(decode<{ user: { customDiscountPercent: null } }>(off.body).user.customDiscountPercent).toBeNull()
  })
  it('is root only', async () => {
    const c = await createUser(t.db, { role: 'client' })
    for (const s of [superSn, adminSn, clientSn, driverSn]) {
      expect(
        (await post(t, '/_api/admin/users/set-discount', { userId: c.id, discountPercent: 5 }, s.cookie))
          .statusCode,
      ).toBe(403)
    }
    expect(
      (await post(t, '/_api/admin/users/set-discount', { userId: c.id, discountPercent: 5 })).statusCode,
    ).toBe(401)
  })
  it.each([
    [-1, 'Le rabais doit être compris entre 0 et 100.'],
    [100.01, 'Le rabais doit être compris entre 0 et 100.'],
    [10.005, 'Le rabais doit être un multiple de 0,01.'],
    ['10', 'Le rabais doit être compris entre 0 et 100.'],
  ])('refuses %s: %s', async (value, msg) => {
    const c = await createUser(t.db, { role: 'client' })
    const res = await post(
      t,
      '/_api/admin/users/set-discount',
      { userId: c.id, discountPercent: value },
      root.cookie,
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe(msg)
  })
  it('answers 404 for an unknown user', async () => {
    expect(
      (await post(t, '/_api/admin/users/set-discount', { userId: 999999, discountPercent: 1 }, root.cookie))
        .statusCode,
    ).toBe(404)
  })
})
