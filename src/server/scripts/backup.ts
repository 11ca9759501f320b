// Backs up the database of DATABASE_URL into one file: npm run backup -- FILE (docs/decisions/0060-backups.md)
import { loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { writeBackup } from '../db/backup/dump'
import { runCommand, s3Notice } from './backup-cli'

const [file, ...extra] = process.argv.slice(2)
await runCommand(async () => {
  if (!file || extra.length || file.startsWith('-')) {
    console.error(
      'Usage : npm run backup -- FICHIER   (par exemple /var/backups/etal/etal-2026-12-01.etal.gz)',
    )
    return 2
  }
  const config = loadConfig()
  const database = openDatabase(config.DATABASE_URL)
  try {
    const started = Date.now()
    const { tables } = await writeBackup(database, file, { photos: config.PHOTO_STORAGE })
    const count = tables.reduce((n, t) => n + t.count, 0)
    console.log(
      `Sauvegarde écrite : ${file} (${tables.length} tables, ${count} lignes, ${((Date.now() - started) / 1000).toFixed(1)} s).`,
    )
    if (config.PHOTO_STORAGE === 's3') console.warn(s3Notice(config.S3_BUCKET))
    return 0
  } finally {
    await database.close()
  }
})
