import { openDatabase } from '../../src/server/db/client'
import { createPayloads } from '../lib/targets'
import { runLoad, stopLoadWorker } from '../lib/runner'
import { BENCH_PASSWORD } from '../lib/people'
const base = process.argv[2]!
const database = openDatabase(process.argv[3]!)
const payloads = await createPayloads(database.db, 32)
await database.close()
const clients = await Promise.all(payloads.map(async (p) => {
  const res = await fetch(`${base}/_api/auth/login_with_password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: p.email, password: BENCH_PASSWORD }) })
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('etal_session='))!.split(';')[0]!
  return { cookie, body: p.body }
}))
import { execSync } from 'node:child_process'
const cpu = () => execSync('/tmp/cpu.sh').toString().trim().split(' ').map(Number)
await new Promise((r) => setTimeout(r, 1500))
const before = cpu()
const r = await runLoad({ url: base, path: '/_api/orders/create', method: 'POST', connections: 32, duration: Number(process.argv[4] ?? 5), headers: {}, clients })
const after = cpu()
const n = r.statusCodes['201'] ?? 1
console.log(`node ${((after[0]! - before[0]!) * 10 / n).toFixed(2)} ms/order, pg ${((after[1]! - before[1]!) * 10 / n).toFixed(2)} ms/order`)
console.log(JSON.stringify({ rps: r.reqPerSec, p50: r.p50, p99: r.p99, codes: r.statusCodes, errors: r.errors, timeouts: r.timeouts }))
stopLoadWorker()
