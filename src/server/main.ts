import cluster from 'node:cluster'
import { loadConfig } from './config'
import { runServer } from './server'
import { planWorkers, runPrimary } from './workers'

const config = (() => {
  try {
    return loadConfig()
  } catch (err) {
    // A configuration the server refuses: one French sentence for the operator, no stack trace.
    console.error(`Configuration refusée : ${err instanceof Error ? err.message : String(err)}`)
    process.exit(1)
  }
})()
const plan = planWorkers(config)
if (cluster.isPrimary && plan.workers > 1) await runPrimary(config, plan.workers)
else await runServer(config, plan.warning ? { warning: plan.warning } : {})
