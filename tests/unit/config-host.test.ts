import { describe, expect, it } from 'vitest'
import { loadConfig } from '@/server/config'

// The interface the server listens on (README, "Variables d'environnement"): outside production
// the fake payment providers answer "paid" to whoever reaches the server, so by default only
// this machine does; production listens on every interface, as a container needs.
describe('HOST', () => {
  it('defaults to 127.0.0.1 outside production', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1')
    expect(loadConfig({ NODE_ENV: 'development' }).HOST).toBe('127.0.0.1')
    expect(loadConfig({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1')
    expect(loadConfig({ NODE_ENV: 'development', HOST: '' }).HOST).toBe('127.0.0.1')
  })

  it('defaults to 0.0.0.0 in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).HOST).toBe('0.0.0.0')
  })

  it('takes the configured interface in either case', () => {
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0')
    expect(loadConfig({ NODE_ENV: 'production', HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5')
    expect(loadConfig({ NODE_ENV: 'production', HOST: '::' }).HOST).toBe('::')
  })
})
