import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PASSWORD, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * Issue 14, item 7: a failed SQL statement is logged by its error code and statement, never by
 * its values (the argon2 hash of a chosen password, e-mails, phones, addresses); passwords,
 * hashes, cookies and authorization headers are redacted in every line.
 */
let t: TestApp
const lines: string[] = []
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    { logStream: { write: (line: string) => void lines.push(line) } },
  )
  // A real fault the test can provoke: a check the insert of this one name breaks. The
  // database's answer (23514) carries the failing row, the hash included, in its detail.
  await t.db.execute(
    sql.raw(`alter table users add constraint etal_test_panne check (display_name <> 'Provoque une panne')`),
  )
})
afterAll(() => t.close())

describe('secrets in the logs', () => {
  it('a database error is logged with its code and statement, without the values it was given', async () => {
    const root = await signedIn(t, 'root', 'SN')
    const secrets = {
      password: 'Mot-De-Passe-Choisi-42!',
      email: 'personnel.secret@exemple.sn',
      phone: '+221 77 999 88 77',
      city: 'Quartier-Secret-Ndiaye',
    }
    lines.length = 0
    const res = await post(
      t,
      '/_api/admin/create-user',
      {
        email: secrets.email,
        password: secrets.password,
        displayName: 'Provoque une panne',
        phoneNumber: secrets.phone,
        city: secrets.city,
        country: 'Sénégal',
        role: 'admin',
      },
      root.cookie,
    )
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({
      error: 'Une erreur interne est survenue. Veuillez réessayer.',
      code: 'INTERNAL_ERROR',
    })
    const reqId = res.headers['x-request-id']
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
    const errors = logged.filter((l) => Number(l.level) >= 50)
    expect(errors, lines.join('\n')).toHaveLength(1)
    const err = errors[0]!.err as Record<string, unknown>
    expect(errors[0]).toMatchObject({ reqId })
    expect(err).toMatchObject({
      code: '23514',
      constraint: 'etal_test_panne',
      statement: 'insert into users',
    })
    const all = lines.join('\n')
    for (const [name, value] of Object.entries(secrets))
      expect(all.includes(value), `the log holds the ${name}: ${all}`).toBe(false)
    expect(all).not.toContain('$argon2')
    expect(all).not.toContain('Failing row')
    expect(all).not.toContain('params')
  })

  it('passwords, hashes, cookies and authorization headers are redacted in every line', async () => {
    lines.length = 0
    t.app.log.info(
      {
        password: PASSWORD,
        body: { password: PASSWORD, newPassword: PASSWORD },
        user: { passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc$def', password_hash: '$argon2id$x' },
        req: { headers: { cookie: 'etal_session=abc', authorization: 'Bearer xyz' } },
        headers: {
          cookie: 'etal_session=abc',
          authorization: 'Bearer xyz',
          'set-cookie': 'etal_session=abc',
        },
      },
      'un objet sensible',
    )
    const all = lines.join('\n')
    expect(all).toContain('un objet sensible')
    for (const secret of [PASSWORD, '$argon2', 'etal_session=abc', 'Bearer xyz'])
      expect(all.includes(secret), secret).toBe(false)
  })
})
