import { authCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { signInOrChallenge } from '@/server/services/people/sign-in'
import { resetFromCode, setNewPassword } from '@/server/services/people/accounts'

export default defineEndpoint({
  call: authCalls.resetWithCode,
  roles: 'public',
  summary:
    'Choose a new password with the SMS code (5 tries a code): every session ends, this device is signed in (or asked for its second factor)',
  async handler({ input, db, deps, req, reply }) {
    const { reset, account } = await resetFromCode(db, input.identifier, input.code, input.countryId)
    await setNewPassword(db, reset.id, account.id, input.password)
    return signInOrChallenge(db, deps.config, req, reply, account)
  },
})
