/**
 * One data set in its own process (argv[2]: JSON of { size, opts, withCreate, pageRows, out }):
 * it builds the data, starts the server in a process of its own and measures it.
 */
import { writeFileSync } from 'node:fs'
import type { DataSetSize } from '../seed-large'
import { benchSet, type Options, type PageRows } from './bench-set'
import { stopLoadWorker } from './runner'

const { size, opts, withCreate, pageRows, out } = JSON.parse(process.argv[2]!) as {
  size: DataSetSize
  opts: Options
  withCreate: boolean
  pageRows?: PageRows
  out: string
}
const result = await benchSet(size, opts, withCreate, console.log, pageRows)
stopLoadWorker()
writeFileSync(out, JSON.stringify(result))
