/**
 * A fake SMS provider on this machine, speaking Infobip's protocol (dev/fakes/sms.ts):
 * `npm run sms:fake`, then start the shop with the two variables it prints; each SMS it gets is
 * printed here. It listens on SMS_FAKE_PORT (4010 unless told), not PORT: the shop's own.
 */
import { startFakeSmsProvider } from '../dev/fakes/sms'

const port = Number(process.env.SMS_FAKE_PORT ?? 4010)
const fake = await startFakeSmsProvider({ port })
console.log(`Faux fournisseur SMS prêt : SMS_URL=${fake.url} SMS_API_KEY=${fake.apiKey}`)
let shown = 0
setInterval(() => {
  for (; shown < fake.inbox.length; shown++) {
    const sms = fake.inbox[shown]!
    console.log(`→ ${sms.to} (${sms.sender}) : ${sms.text}`)
  }
}, 500)
