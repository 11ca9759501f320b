/**
 * The two data sets in a process of their own (argv[2]: JSON of { small, large, opts, out }):
 * it builds them, starts a server on each in a process of its own, measures them turn by turn
 * (benchSets) and writes their figures to out.small and out.large.
 */
import { writeFileSync } from 'node:fs'
import type { DataSetSize } from '../seed-large'
import { benchSets, type Options } from './bench-set'
import { stopLoadWorker } from './runner'

const { small, large, opts, out } = JSON.parse(process.argv[2]!) as {
  small: DataSetSize
  large: DataSetSize
  opts: Options
  out: { small: string; large: string }
}
const result = await benchSets(small, large, opts)
stopLoadWorker()
writeFileSync(out.small, JSON.stringify(result.small))
writeFileSync(out.large, JSON.stringify(result.large))
