import { BackupError } from '../db/backup/format'

/** Photos kept in a bucket are not in the database, so not in its backup: say so every time. */
export const s3Notice = (bucket?: string) =>
  `Attention : les photos des produits sont dans le bucket S3${bucket ? ` « ${bucket} »` : ''}, pas dans la base. ` +
  `Cette sauvegarde ne contient que la base : copiez le bucket avec ses propres outils ` +
  `(aws s3 sync, rclone, mc mirror), aussi souvent que la base.`

/**
 * Runs a backup command and exits with its code: an operator's error (BackupError) prints its
 * French message alone, anything else its message too, with a non-zero code either way.
 */
export async function runCommand(fn: () => Promise<number>) {
  let code: number
  try {
    code = await fn()
  } catch (err) {
    if (err instanceof BackupError) console.error(err.message)
    else console.error(`Échec : ${reason(err)}`)
    code = 1
  }
  process.exit(code)
}

/** What PostgreSQL said, without the statement and its parameters (a batch of rows, photos). */
function reason(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err
  const text = cause instanceof Error ? cause.message : String(cause)
  return text.length > 500 ? `${text.slice(0, 500)}…` : text
}
