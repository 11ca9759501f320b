import type { Config } from '@/server/config'
import type { Db } from '../db/client'
import { seedDemo } from './demo'
import { seedReference } from './reference'

export async function seed(db: Db, config: Pick<Config, 'seedDemo' | 'LOYALTY_POINT_VALUE'>) {
  await seedReference(db)
  const demo = config.seedDemo ? await seedDemo(db, config.LOYALTY_POINT_VALUE) : false
  return { demo }
}
