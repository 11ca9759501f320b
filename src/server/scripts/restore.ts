// Restores a backup into the database of DATABASE_URL: npm run restore -- FILE [--force] (docs/decisions/0060-backups.md)
import { loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { restoreBackup } from '../db/backup/restore'
import { runCommand, s3Notice } from './backup-cli'

const args = process.argv.slice(2)
const force = args.includes('--force')
const files = args.filter((a) => a !== '--force')
await runCommand(async () => {
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    console.error(
      'Usage : npm run restore -- FICHIER [--force]   (--force remplace le contenu d’une base qui n’est pas vide)',
    )
    return 2
  }
  const file = files[0]!
  const config = loadConfig()
  const database = openDatabase(config.DATABASE_URL)
  try {
    const { header, tables } = await restoreBackup(database, file, { force })
    const count = tables.reduce((n, t) => n + t.count, 0)
    console.log(
      `Sauvegarde du ${header.createdAt} restaurée : ${tables.length} tables, ${count} lignes, ${header.migrations.length} migrations.`,
    )
    if (header.photos === 's3') console.warn(s3Notice())
    return 0
  } finally {
    await database.close()
  }
})
