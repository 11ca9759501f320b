import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '../../src/shared/domain/roles'
import { createUser, decode, get, login, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import { enrolAccount } from '../two-factor'

let t: TestApp
let root: string, superSn: string, adminSn: string, driver: string, client: string
beforeAll(async () => {
  t = await createTestApp()
  root = (await signedIn(t, 'root', 'SN')).cookie
  superSn = (await signedIn(t, 'super_admin', 'SN')).cookie
  adminSn = (await signedIn(t, 'admin', 'SN')).cookie
  driver = (await signedIn(t, 'delivery_driver', 'SN')).cookie
  client = (await signedIn(t, 'client', 'SN')).cookie
})
afterAll(() => t.close())

let n = 0
/** Each account its own number (one account per number: docs/rules/people.md#accounts). */
const phoneOf = (k: number) => `+223 70 ${String(110000 + k).replace(/^(\d\d)(\d\d)(\d\d)$/, '$1 $2 $3')}`
const account = (over: Record<string, unknown> = {}) => ({
  email: `nouveau${++n}.${Date.now()}@etal.test`,
  password: 'motdepasse1',
  displayName: 'Nouvel Agent',
  phoneNumber: phoneOf(n),
  city: 'Bamako',
  country: 'Mali',
  ...over,
})
type U = {
  user: { id: number; role: Role; country: string; email: string; isActive: boolean; createdAt: Date }
}

describe('POST /_api/admin/create-user: the role matrix', () => {
  const matrix: [string, () => string, Role, number][] = []
  const all: Role[] = ['root', 'super_admin', 'admin', 'delivery_driver', 'client', 'user']
  const allowed: Record<string, Role[]> = {
    root: ['root', 'super_admin', 'admin', 'delivery_driver', 'client'],
    super_admin: ['admin', 'delivery_driver'],
    admin: ['delivery_driver', 'client'],
  }
  for (const creator of ['root', 'super_admin', 'admin'] as const) {
    for (const role of all) {
      const cookie = () => ({ root, super_admin: superSn, admin: adminSn })[creator]
      matrix.push([creator, cookie, role, allowed[creator]!.includes(role) ? 201 : 403])
    }
  }
  it.each(matrix)('%s creating a %s answers %i', async (creator, cookie, role, status) => {
    const res = await post(t, '/_api/admin/create-user', account({ role }), cookie())
    expect(res.statusCode).toBe(status)
    if (status === 201) {
      const { user } = decode<U>(res.body)
      expect(user.role).toBe(role)
      // Non-root creators' country is forced to their own, whatever they send.
      expect(user.country).toBe(creator === 'root' ? 'Mali' : 'Sénégal')
      expect(user.createdAt).toBeInstanceOf(Date)
      expect(user).not.toHaveProperty('passwordHash')
    } else {
      expect(res.json().error).toBe('Accès non autorisé')
    }
  })

  it('refuses drivers, clients (403) and visitors (401)', async () => {
    expect((await post(t, '/_api/admin/create-user', account({ role: 'client' }), driver)).statusCode).toBe(
      403,
    )
    expect((await post(t, '/_api/admin/create-user', account({ role: 'client' }), client)).statusCode).toBe(
      403,
    )
    expect((await post(t, '/_api/admin/create-user', account({ role: 'client' }))).statusCode).toBe(401)
  })

  it('creates an account that can sign in, and refuses a taken email with 409, whatever its case', async () => {
    const input = account({ role: 'delivery_driver' })
    expect((await post(t, '/_api/admin/create-user', input, root)).statusCode).toBe(201)
    expect(await login(t, input.email, input.password)).toMatch(/^etal_session=/)
    const again = await post(
      t,
      '/_api/admin/create-user',
      { ...input, email: input.email.toUpperCase() },
      root,
    )
    expect(again.statusCode).toBe(409)
    expect(again.json().error).toBe('Cette adresse email est déjà utilisée.')
    expect(again.json().code).toBe('EMAIL_TAKEN')
  })

  it.each([
    [{ email: 'pas-un-email' }, "Format d'email invalide."],
    [{ password: 'court' }, 'Le mot de passe doit contenir au moins 8 caractères.'],
    [{ displayName: 'A' }, "Le nom d'affichage doit contenir au moins 2 caractères."],
    [{ role: 'chef' }, 'Le rôle est requis.'],
    [{ role: undefined }, 'Le rôle est requis.'],
    [{ phoneNumber: ' ' }, 'Le numéro de téléphone est requis.'],
    [{ city: '' }, 'La ville est requise.'],
    [{ country: '' }, 'Le pays est requis.'],
    [{ country: 'Atlantide' }, 'Pays introuvable.'],
  ])('answers 400 for %o: %s, and stores nothing', async (over, message) => {
    const input = account({ role: 'client', ...over })
    const res = await post(t, '/_api/admin/create-user', input, root)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe(message)
    const list = decode<{ users: { email: string }[] }>((await get(t, '/_api/admin/users', root)).body)
    expect(list.users.some((u) => u.email === input.email)).toBe(false)
  })
})

describe('POST /_api/admin/create-delivery-driver', () => {
  it('creates a driver: root in the chosen country, super_admin and admin in their own', async () => {
    for (const [cookie, country] of [
      [root, 'Mali'],
      [superSn, 'Sénégal'],
      [adminSn, 'Sénégal'],
    ] as const) {
      const res = await post(t, '/_api/admin/create-delivery-driver', account(), cookie)
      expect(res.statusCode).toBe(201)
      expect(decode<U>(res.body).user).toMatchObject({ role: 'delivery_driver', country, isActive: true })
    }
  })
  it('refuses a role in the body (strict input), drivers, clients and visitors', async () => {
    expect(
      (await post(t, '/_api/admin/create-delivery-driver', account({ role: 'root' }), root)).statusCode,
    ).toBe(400)
    expect((await post(t, '/_api/admin/create-delivery-driver', account(), driver)).statusCode).toBe(403)
    expect((await post(t, '/_api/admin/create-delivery-driver', account(), client)).statusCode).toBe(403)
    expect((await post(t, '/_api/admin/create-delivery-driver', account())).statusCode).toBe(401)
  })
  it('says why the input is invalid', async () => {
    const res = await post(t, '/_api/admin/create-delivery-driver', account({ password: '1234567' }), superSn)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('Le mot de passe doit contenir au moins 8 caractères.')
  })
})

describe('POST /_api/admin/create-super-admin and GET /_api/admin/super-admins', () => {
  it('root creates a super admin for Mali, who signs in and creates a driver of Mali', async () => {
    const input = account({ displayName: 'Sali Coulibaly' })
    const res = await post(t, '/_api/admin/create-super-admin', input, root)
    expect(res.statusCode).toBe(201)
    expect(decode<U>(res.body).user).toMatchObject({ role: 'super_admin', country: 'Mali' })
    // A super admin enrols an authenticator before its first session (docs/decisions/0053).
    await enrolAccount(t.db, decode<{ user: { id: number } }>(res.body).user.id)
    const cookie = await login(t, input.email, input.password)
    const drv = await post(t, '/_api/admin/create-delivery-driver', account({ country: 'Sénégal' }), cookie)
    expect(decode<U>(drv.body).user).toMatchObject({ role: 'delivery_driver', country: 'Mali' })
  })
  it('is root only', async () => {
    expect((await post(t, '/_api/admin/create-super-admin', account(), superSn)).statusCode).toBe(403)
    expect((await post(t, '/_api/admin/create-super-admin', account(), adminSn)).statusCode).toBe(403)
    expect((await post(t, '/_api/admin/create-super-admin', account())).statusCode).toBe(401)
    expect((await get(t, '/_api/admin/super-admins', superSn)).statusCode).toBe(403)
    expect((await get(t, '/_api/admin/super-admins')).statusCode).toBe(401)
  })
  it('pages by 10, filters by country name and searches name or email', async () => {
    for (let i = 0; i < 12; i++)
      await createUser(t.db, { role: 'super_admin', country: 'BF', displayName: `Burkinabè ${i}` })
    const p1 = decode<{ superAdmins: { country: string }[]; pagination: { totalPages: number } }>(
      (await get(t, '/_api/admin/super-admins?country=burkina%20faso', root)).body,
    )
    expect(p1.superAdmins).toHaveLength(10)
    expect(p1.pagination.totalPages).toBe(2)
    expect(p1.superAdmins.every((s) => s.country === 'Burkina Faso')).toBe(true)
    const p2 = decode<{ superAdmins: unknown[] }>(
      (await get(t, '/_api/admin/super-admins?country=Burkina%20Faso&page=2', root)).body,
    )
    expect(p2.superAdmins).toHaveLength(2)
    const found = decode<{ superAdmins: { displayName: string }[]; pagination: { totalPages: number } }>(
      (await get(t, '/_api/admin/super-admins?search=bè%2011', root)).body,
    )
    expect(found.superAdmins.map((s) => s.displayName)).toEqual(['Burkinabè 11'])
    expect(found.pagination.totalPages).toBe(1)
    const none = decode<{ superAdmins: unknown[]; pagination: { totalPages: number } }>(
      (await get(t, '/_api/admin/super-admins?search=100%25', root)).body,
    )
    expect(none.superAdmins).toEqual([])
    expect((await get(t, '/_api/admin/super-admins?page=0', root)).json().error).toBe(
      'La page doit être au moins 1.',
    )
    expect((await get(t, '/_api/admin/super-admins?country=Atlantide', root)).statusCode).toBe(404)
  })
})
