import { hash, verify } from '@node-rs/argon2'

// argon2id with the library's defaults (OWASP's first choice: m=19 MiB, t=2, p=1).
export const hashPassword = (password: string) => hash(password)

// A real hash to check against when the email is unknown, so both answers take the same time.
const dummyHash = hash('etal-timing-equaliser')

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    if (!passwordHash) {
      await verify(await dummyHash, password)
      return false
    }
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}
