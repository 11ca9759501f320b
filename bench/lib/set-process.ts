/**
 * One data set in its own process (argv[2]: JSON of { size, opts, withCreate, out }): the app
 * and its database start from a clean heap, so the memory figures belong to that data set alone.
 */
import { writeFileSync } from 'node:fs'
import type { DataSetSize } from '../seed-large'
import { benchSet, type Options } from './bench-set'
import { memorySampler, stopLoadWorker } from './runner'

const { size, opts, withCreate, out } = JSON.parse(process.argv[2]!) as { size: DataSetSize; opts: Options; withCreate: boolean; out: string }
const mem = memorySampler()
const startRss = process.memoryUsage.rss() / 1048576
const result = await benchSet(size, opts, mem, withCreate)
mem.stop()
stopLoadWorker()
writeFileSync(out, JSON.stringify({ ...result, startRssMb: startRss }))
