import { createReadStream } from 'node:fs'
import { StringDecoder } from 'node:string_decoder'
import { createGunzip } from 'node:zlib'
import { BackupError, FORMAT, FORMAT_VERSION, type Header, type SequenceState } from './format'

export type Line =
  | { kind: 'table'; name: string; columns: string[] }
  | { kind: 'row'; json: string }
  | { kind: 'rows'; name: string; count: number }
  | { kind: 'end'; sequences: SequenceState[] }

/** The lines of a backup file, gunzipped as they are read: the file is never whole in memory. */
async function* lines(file: string): AsyncGenerator<string> {
  const input = createReadStream(file)
  const gunzip = createGunzip()
  input.on('error', (err) => gunzip.destroy(err))
  input.pipe(gunzip)
  const decoder = new StringDecoder('utf8')
  let rest = ''
  try {
    for await (const chunk of gunzip) {
      rest += decoder.write(chunk as Buffer)
      let nl: number
      while ((nl = rest.indexOf('\n')) >= 0) {
        yield rest.slice(0, nl)
        rest = rest.slice(nl + 1)
      }
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'ENOENT') throw new BackupError(`Fichier introuvable : ${file}`)
    throw new BackupError(
      `Le fichier ${file} n'est pas une sauvegarde Étal lisible (gzip abîmé ou tronqué : ${(err as Error).message}).`,
    )
  } finally {
    input.destroy()
  }
  rest += decoder.end()
  if (rest) yield rest
}

/** The header, then every line after it, checked as they come; fails on a file cut short. */
export async function openBackup(file: string): Promise<{ header: Header; body: AsyncGenerator<Line> }> {
  const source = lines(file)
  const first = await source.next()
  const header = parseHeader(file, first.done ? undefined : first.value)
  async function* body(): AsyncGenerator<Line> {
    let ended = false
    for await (const text of source) {
      if (ended) throw new BackupError(`Sauvegarde ${file} : des données après la fin, fichier refusé.`)
      if (text.startsWith('{')) {
        yield { kind: 'row', json: text }
        continue
      }
      const [kind, value] = JSON.parse(text) as [string, Record<string, unknown>]
      if (kind === 'table') yield { kind, name: String(value.name), columns: value.columns as string[] }
      else if (kind === 'rows') yield { kind, name: String(value.name), count: Number(value.count) }
      else if (kind === 'end') {
        ended = true
        yield { kind, sequences: value.sequences as SequenceState[] }
      } else throw new BackupError(`Sauvegarde ${file} : ligne inconnue (${kind}).`)
    }
    if (!ended)
      throw new BackupError(`La sauvegarde ${file} est incomplète (sa fin manque) : restauration refusée.`)
  }
  return { header, body: body() }
}

function parseHeader(file: string, text: string | undefined): Header {
  let parsed: unknown
  try {
    parsed = text === undefined ? undefined : JSON.parse(text)
  } catch {
    parsed = undefined
  }
  if (!Array.isArray(parsed) || parsed[0] !== FORMAT || typeof parsed[1] !== 'object') {
    throw new BackupError(`Le fichier ${file} n'est pas une sauvegarde Étal.`)
  }
  const header = parsed[1] as Header
  if (header.version > FORMAT_VERSION) {
    throw new BackupError(
      `La sauvegarde ${file} est au format ${header.version}, plus récent que celui de ce code (${FORMAT_VERSION}) : mettez Étal à jour pour la restaurer.`,
    )
  }
  return header
}
