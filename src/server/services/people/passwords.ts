import { availableParallelism } from 'node:os'
import { hash, verify } from '@node-rs/argon2'
import pLimit from 'p-limit'

/**
 * argon2 runs in libuv's threadpool, off the event loop, but not off the CPU: four hashes at
 * once (the pool's four threads) on two cores left the main thread, which also runs PGlite,
 * a third of a core, and a login flood stalled every other request (docs/security/run-time.md "The overload guard and argon2"). At most
 * one hash per core but one, in turn; the others wait their turn without costing anything.
 */
export const ARGON2_CONCURRENCY = Math.max(1, availableParallelism() - 1)
const argon2 = pLimit(ARGON2_CONCURRENCY)

/**
 * argon2id with the library's defaults (OWASP's first choice: m=19 MiB, t=2, p=1). Under test
 * only (ETAL_ARGON2_COST=test, which vitest.config.ts sets), m=1 MiB and t=1: the suite signs in
 * hundreds of times and checks what the hash protects, not its cost; the tests of the cost
 * itself (tests/api/overload.test.ts) unset it. Read at each hash: a verification reads the cost
 * from the hash it checks.
 */
const cost = () => (process.env.ETAL_ARGON2_COST === 'test' ? { memoryCost: 1024, timeCost: 1 } : undefined)
export const hashPassword = (password: string) => argon2(() => hash(password, cost()))

// A real hash to check against when the email is unknown, so both answers take the same time:
// one per cost (only the tests change it), of the cost the accounts' hashes are made with.
const dummyHashes = new Map<string, Promise<string>>()
function dummyHash() {
  const key = process.env.ETAL_ARGON2_COST ?? 'real'
  let made = dummyHashes.get(key)
  if (!made) dummyHashes.set(key, (made = hash('etal-timing-equaliser', cost())))
  return made
}

/** How many password verifications this process has started: the login-limit tests count them. */
export const passwordVerifications = { count: 0 }

/** Hashes being computed or waiting their turn (the login-flood test reads it). */
export const argon2Queue = {
  get active() {
    return argon2.activeCount
  },
  get waiting() {
    return argon2.pendingCount
  },
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  passwordVerifications.count++
  try {
    if (!passwordHash) {
      const dummy = await dummyHash()
      await argon2(() => verify(dummy, password))
      return false
    }
    return await argon2(() => verify(passwordHash, password))
  } catch {
    return false
  }
}

/**
 * A number as dialled that several countries read costs at least this many checks, whether it
 * names no account, one or two (docs/rules/people.md#accounts): the time of a sign-in does not
 * tell that the same local digits are an account's in two countries. Two, not one per country
 * that reads it (up to five): argon2 is the server's scarcest work (docs/decisions/0067).
 */
export const CHECKS_OF_A_LOCAL_NUMBER = 2

/**
 * The password checked against each account (a real hash's work in place of each one missing, up
 * to the spelling's due: `readings`, how many numbers it is); the accounts it opens.
 */
export async function checkAgainstEach<T extends { passwordHash: string }>(
  accounts: T[],
  password: string,
  readings: number,
): Promise<T[]> {
  const checks = Math.max(accounts.length, Math.min(readings, CHECKS_OF_A_LOCAL_NUMBER), 1)
  const opened = await Promise.all(
    Array.from({ length: checks }, (_, i) => verifyPassword(accounts[i]?.passwordHash ?? null, password)),
  )
  return accounts.filter((_, i) => opened[i])
}
