import { authCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { signInOrChallenge } from '@/server/services/people/sign-in'
import { resetFromLink, setNewPassword } from '@/server/services/people/accounts'

export default defineEndpoint({
  call: authCalls.resetWithLink,
  roles: 'public',
  summary:
    'Choose a new password with the e-mailed link: every session ends, this device is signed in (or asked for its second factor)',
  async handler({ input, db, deps, req, reply }) {
    const { reset, account } = await resetFromLink(db, input.token)
    await setNewPassword(db, reset.id, account.id, input.password)
    return signInOrChallenge(db, deps.config, req, reply, account)
  },
})
