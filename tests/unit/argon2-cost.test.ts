import { afterEach, describe, expect, it, vi } from 'vitest'
import { hashPassword } from '../../src/server/services/people/passwords'

afterEach(() => vi.unstubAllEnvs())

describe('argon2 cost', () => {
  it('is the library’s default (m=19 MiB, t=2) unless the suite asks for the cheap one', async () => {
    vi.stubEnv('ETAL_ARGON2_COST', '')
    expect(await hashPassword('Demo-2026!')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    vi.stubEnv('ETAL_ARGON2_COST', 'test')
    expect(await hashPassword('Demo-2026!')).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/)
  })
})
