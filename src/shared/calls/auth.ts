// One area's calls (docs/architecture.md "One contract"). The browser imports only the areas a
// page needs, so the storefront's first load carries the storefront's schemas alone.
import { loginInput, registerInput, successAnswer, userAnswer } from '../schemas/auth'
import { noInput } from '../schemas/common'
import { defineCall } from './define-call'

export const authCalls = {
  session: defineCall({ method: 'GET', path: '/_api/auth/session', input: noInput, output: userAnswer }),
  login: defineCall({
    method: 'POST',
    path: '/_api/auth/login_with_password',
    input: loginInput,
    output: userAnswer,
  }),
  logout: defineCall({ method: 'POST', path: '/_api/auth/logout', input: noInput, output: successAnswer }),
  register: defineCall({
    method: 'POST',
    path: '/_api/auth/register_with_password',
    input: registerInput,
    output: userAnswer,
  }),
}
