// Creates (or promotes) the first root account: npm run create-root -- email password "Name" [countryCode]
import { eq, sql } from 'drizzle-orm'
import { registerInput } from '@/shared/schemas/auth'
import { loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { seedReference } from '../seed/reference'
import { countries, users } from '../db/schema'
import { deleteUserSessions } from '../http/session'
import { hashPassword } from '../services/people/passwords'

const [email, password, displayName = 'Root', code = 'SN'] = process.argv.slice(2)
const parsed = registerInput
  .pick({ email: true, password: true, displayName: true })
  .safeParse({ email, password, displayName })
if (!parsed.success) {
  console.error('Usage : npm run create-root -- EMAIL MOT_DE_PASSE "Nom" [CODE_PAYS]')
  console.error(parsed.error.issues.map((i) => `- ${i.message}`).join('\n'))
  process.exit(2)
}
const database = openDatabase(loadConfig().DATABASE_URL)
await database.migrate()
await seedReference(database.db)
const { db } = database
const [country] = await db.select().from(countries).where(eq(countries.code, code.toUpperCase()))
if (!country) {
  console.error(`Pays inconnu : ${code}`)
  process.exit(2)
}
const values = {
  email: parsed.data.email,
  passwordHash: await hashPassword(parsed.data.password),
  displayName: parsed.data.displayName,
  countryId: country.id,
  role: 'root' as const,
  isActive: true,
}
const [existing] = await db
  .select({ id: users.id })
  .from(users)
  .where(eq(sql`lower(${users.email})`, values.email))
if (existing) {
  await db.update(users).set(values).where(eq(users.id, existing.id))
  await deleteUserSessions(db, existing.id)
  console.log(`Compte ${values.email} promu root.`)
} else {
  await db.insert(users).values(values)
  console.log(`Compte root ${values.email} créé.`)
}
await database.close()
