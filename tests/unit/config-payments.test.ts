import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '@/server/config'

// docs/rules/money.md#payments: in production, a configured provider needs the shop's public
// https address, where it notifies and brings the client back.
const cinetpay = { CINETPAY_API_KEY: 'k', CINETPAY_SITE_ID: '105900', CINETPAY_SECRET_KEY: 's' }
const wave = { WAVE_API_KEY_SN: 'wave_sn_key', WAVE_WEBHOOK_SECRET_SN: 'secret' }

describe('a production configuration with a payment provider', () => {
  for (const [name, keys] of [
    ['CinetPay', cinetpay],
    ['Wave', wave],
  ] as const) {
    it(`refuses ${name} without PUBLIC_ORIGIN, or with an http one`, () => {
      expect(() => loadConfig({ NODE_ENV: 'production', ...keys })).toThrow(/PUBLIC_ORIGIN.*https/)
      expect(() =>
        loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'http://etal.example', ...keys }),
      ).toThrow(/PUBLIC_ORIGIN/)
      const ok = loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://etal.example', ...keys })
      expect(ok.PUBLIC_ORIGIN).toBe('https://etal.example')
    })
  }

  it('starts without a provider and without PUBLIC_ORIGIN (no money to be notified of)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).not.toThrow()
  })

  it('keeps localhost outside production', () => {
    expect(() => loadConfig({ NODE_ENV: 'development', ...wave })).not.toThrow()
  })

  it('the server refuses to start, saying so in French, with no stack trace', () => {
    // Takes a couple of seconds: a real process, loaded by tsx.
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATABASE_URL: 'memory:', ...cinetpay },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(/^Configuration refusée : PUBLIC_ORIGIN/m)
    expect(run.stderr).not.toMatch(/\bat .*config\.ts/)
  }, 60_000)
})
