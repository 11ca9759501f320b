import type { Config } from '@/server/config'
import type { Db } from '../db/client'
import type { PhotoStore } from '../services/catalogue/photos/store'
import { seedDemo } from './demo'
import { attachDemoPictures } from './demo-pictures'
import { seedReference } from './reference'

/** Reference data, then the demo's when asked; given a photo store, the demo's products get pictures. */
export async function seed(
  db: Db,
  config: Pick<Config, 'seedDemo' | 'LOYALTY_POINT_VALUE'>,
  photos?: PhotoStore,
) {
  await seedReference(db)
  const demo = config.seedDemo ? await seedDemo(db, config.LOYALTY_POINT_VALUE) : false
  // A drawn picture per category for the demo's products, once they are there (demo-pictures.ts).
  if (demo && photos) await attachDemoPictures(db, photos)
  return { demo }
}
