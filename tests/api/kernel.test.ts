import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Fastify from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import { endpoints } from '../../src/server/api'
import { defineEndpoint, type Endpoint } from '../../src/server/http/define-endpoint'
import { installErrorHandler } from '../../src/server/http/error-handler'
import { registerEndpoints } from '../../src/server/http/kernel'
import { defineCall } from '../../src/shared/calls'
import { noInput } from '../../src/shared/schemas/common'
import { z } from '../../src/shared/schemas/zod'
import { ENDPOINTS_DOC, renderEndpointTable } from '../../scripts/endpoint-table'
import { decode, get } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return statSync(p).isDirectory() ? files(p) : [p]
  })
}

describe('the endpoint registry', () => {
  it('lists every file under src/server/api, once', async () => {
    const dir = 'src/server/api'
    const onDisk = files(dir).filter((f) => !f.endsWith('index.ts'))
    const registered = new Set<unknown>()
    for (const f of onDisk) {
      const mod = await import(`../../${f}`)
      expect(endpoints, `${relative(dir, f)} is not in api/index.ts`).toContain(mod.default)
      registered.add(mod.default)
    }
    expect(registered.size).toBe(endpoints.length)
  })

  it('is described by docs/endpoints.md as it is today (npm run docs:endpoints rewrites it)', async () => {
    const doc = readFileSync(ENDPOINTS_DOC, 'utf8')
    expect(doc, 'docs/endpoints.md is out of date: run npm run docs:endpoints').toBe(
      await renderEndpointTable(),
    )
    for (const e of endpoints) expect(doc).toContain(`| ${e.method} | \`${e.path}\` |`)
  })

  it('has one method and path per endpoint, all under /_api', () => {
    const keys = endpoints.map((e) => `${e.method} ${e.path}`)
    expect(new Set(keys).size).toBe(keys.length)
    for (const e of endpoints) expect(e.path.startsWith('/_api/')).toBe(true)
  })
})

describe('HTTP kernel', () => {
  it('answers unknown /_api paths with a JSON 404', async () => {
    const res = await get(t, '/_api/nothing-here')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ error: 'Ressource introuvable.', code: 'NOT_FOUND' })
  })

  // An API answer's headers: tests/api/security-headers.test.ts and headers-logs.test.ts.

  it('refuses a POST that is not JSON with 415, and malformed JSON with 400', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/_api/auth/login_with_password',
      payload: 'email=a@b.sn&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form.statusCode).toBe(415)
    const text = await t.app.inject({
      method: 'POST',
      url: '/_api/auth/login_with_password',
      payload: '{"email":"a@b.sn"}',
      headers: { 'content-type': 'text/plain' },
    })
    expect(text.statusCode).toBe(415)
    const bad = await t.app.inject({
      method: 'POST',
      url: '/_api/auth/login_with_password',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('INVALID_JSON')
  })

  it('answers 413 past a 100 KB body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/_api/auth/login_with_password',
      payload: JSON.stringify({ email: 'a@b.sn', password: 'x'.repeat(110 * 1024) }),
      headers: { 'content-type': 'application/json' },
    })
    expect(res.statusCode).toBe(413)
    expect(res.json().error).toBe('La requête est trop volumineuse.')
  })

  it('answers superjson outside auth calls', async () => {
    const res = await get(t, '/_api/countries')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toHaveProperty('json')
    expect(body.json.countries).toHaveLength(18)
    const names = body.json.countries.map((c: { name: string }) => c.name)
    expect(names.indexOf('Bénin')).toBeLessThan(names.indexOf('Burkina Faso'))
    expect(body.json.countries.find((c: { code: string }) => c.code === 'SN')).toMatchObject({
      name: 'Sénégal',
      dialCode: '+221',
    })
  })

  it('refuses unknown query parameters with a French 400', async () => {
    const res = await get(t, '/_api/countries?evil=1')
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('VALIDATION_ERROR')
  })

  it('publishes the OpenAPI document', async () => {
    const res = await get(t, '/_api/openapi.json')
    expect(res.statusCode).toBe(200)
    expect(Object.keys(res.json().paths)).toContain('/_api/auth/login_with_password')
  })

  it('serves the SPA page for a page’s path, and 404 with the same app for any other (spa-status.test.ts)', async () => {
    const page = await get(t, '/admin/orders/12')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    const res = await get(t, '/some/client/route')
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toContain('text/html')
  })
})

describe('one contract for every call', () => {
  async function appWith(nodeEnv: 'test' | 'production', answer: unknown) {
    const call = defineCall({
      method: 'GET',
      path: '/_api/contract-probe',
      input: noInput,
      output: z.strictObject({ n: z.number() }),
    })
    const probe = defineEndpoint({ call, roles: 'public', handler: async () => answer as { n: number } })
    const app = Fastify({ logger: false })
    app.setValidatorCompiler(validatorCompiler)
    installErrorHandler(app)
    registerEndpoints(app, [probe as unknown as Endpoint], {
      ...t.deps,
      config: { ...t.config, NODE_ENV: nodeEnv },
    })
    await app.ready()
    return app
  }

  it('answers 500 when a handler strays from its call’s answer schema (outside production), and the answer otherwise', async () => {
    const strays = await appWith('test', { n: 'un' })
    expect((await strays.inject({ method: 'GET', url: '/_api/contract-probe' })).statusCode).toBe(500)
    const leaks = await appWith('test', { n: 1, passwordHash: 'x' })
    expect((await leaks.inject({ method: 'GET', url: '/_api/contract-probe' })).statusCode).toBe(500)
    const keeps = await appWith('test', { n: 1 })
    const res = await keeps.inject({ method: 'GET', url: '/_api/contract-probe' })
    expect(res.statusCode).toBe(200)
    expect(decode(res.body)).toEqual({ n: 1 })
    // In production the compiler's check stands alone: the answer goes out as the handler gave it.
    const production = await appWith('production', { n: 'un' })
    expect((await production.inject({ method: 'GET', url: '/_api/contract-probe' })).statusCode).toBe(200)
  })

  it('gives every call its answer schema in the OpenAPI document', async () => {
    const doc = (await get(t, '/_api/openapi.json')).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>
    }
    const missing = endpoints.filter((e) => {
      const op = doc.paths[e.path]?.[e.method.toLowerCase()]
      const ok = op?.responses?.['2XX'] ?? op?.responses?.['2xx'] ?? op?.responses?.['200']
      return !ok || !JSON.stringify(ok).includes('"properties"')
    })
    expect(missing.map((e) => `${e.method} ${e.path}`)).toEqual([])
  })
})
