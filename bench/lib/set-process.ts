/**
 * One data set in its own process (argv[2]: JSON of { size, opts, withCreate, out }): it builds
 * the data, starts the server in a process of its own and measures it.
 */
import { writeFileSync } from 'node:fs'
import type { DataSetSize } from '../seed-large'
import { benchSet, type Options } from './bench-set'
import { stopLoadWorker } from './runner'

const { size, opts, withCreate, out } = JSON.parse(process.argv[2]!) as { size: DataSetSize; opts: Options; withCreate: boolean; out: string }
const result = await benchSet(size, opts, withCreate)
stopLoadWorker()
writeFileSync(out, JSON.stringify(result))
