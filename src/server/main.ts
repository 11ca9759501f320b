import cluster from 'node:cluster'
import { loadConfig } from './config'
import { runServer } from './server'
import { planWorkers, runPrimary } from './workers'

const config = loadConfig()
const plan = planWorkers(config)
if (cluster.isPrimary && plan.workers > 1) await runPrimary(config, plan.workers)
else await runServer(config, plan.warning ? { warning: plan.warning } : {})
