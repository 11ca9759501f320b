// Checks a production configuration before opening the shop: npm run doctor (README "Mise en service des paiements").
import { runDoctor } from './doctor/index'

const { lines, exitCode } = await runDoctor({ env: process.env })
for (const line of lines) console.log(line)
// A socket some check left behind (a server that never answered) must not keep the command open.
process.exit(exitCode)
