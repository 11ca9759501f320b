import { authCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { startEnrolment } from '@/server/services/people/two-factor'
import { enrollingAccount } from '@/server/services/people/sign-in'

export default defineEndpoint({
  call: authCalls.startEnrolment,
  roles: 'public',
  summary:
    'A new TOTP secret to scan (QR code drawn on the server) for the pending sign-in or the signed-in staff member',
  async handler({ db, deps, req, reply }) {
    const account = await enrollingAccount(db, deps.config, req, reply)
    // An enrolled account may move to another app: its authenticator stays the old one until
    // the new one's first code (enable) replaces it, with new recovery codes.
    return startEnrolment(db, deps.config, account)
  },
})
