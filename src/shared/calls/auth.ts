// One area's calls (docs/architecture.md "One contract"). The browser imports only the areas a
// page needs, so the storefront's first load carries the storefront's schemas alone.
import {
  enrolmentAnswer,
  enrolmentDoneAnswer,
  secondFactorInput,
  enrolmentInput,
  signInAnswer,
  twoFactorStatus,
  forgotPasswordAnswer,
  forgotPasswordInput,
  loginInput,
  registerInput,
  resetWithCodeInput,
  resetWithLinkInput,
  successAnswer,
  userAnswer,
} from '../schemas/auth'
import { noInput } from '../schemas/common'
import { defineCall } from './define-call'

export const authCalls = {
  session: defineCall({ method: 'GET', path: '/_api/auth/session', input: noInput, output: userAnswer }),
  login: defineCall({
    method: 'POST',
    path: '/_api/auth/login_with_password',
    input: loginInput,
    output: signInAnswer,
  }),
  logout: defineCall({ method: 'POST', path: '/_api/auth/logout', input: noInput, output: successAnswer }),
  register: defineCall({
    method: 'POST',
    path: '/_api/auth/register_with_password',
    input: registerInput,
    output: userAnswer,
  }),
  // docs/rules/people.md#accounts: a forgotten password.
  forgotPassword: defineCall({
    method: 'POST',
    path: '/_api/auth/password/forgot',
    input: forgotPasswordInput,
    output: forgotPasswordAnswer,
  }),
  resetWithLink: defineCall({
    method: 'POST',
    path: '/_api/auth/password/reset_with_link',
    input: resetWithLinkInput,
    output: signInAnswer,
  }),
  resetWithCode: defineCall({
    method: 'POST',
    path: '/_api/auth/password/reset_with_code',
    input: resetWithCodeInput,
    output: signInAnswer,
  }),
  // docs/rules/people.md#accounts: staff two-factor. The pending sign-in is a cookie of /_api/auth/.
  verifySecondFactor: defineCall({
    method: 'POST',
    path: '/_api/auth/two_factor/verify',
    input: secondFactorInput,
    output: userAnswer,
  }),
  startEnrolment: defineCall({
    method: 'POST',
    path: '/_api/auth/two_factor/setup',
    input: noInput,
    output: enrolmentAnswer,
  }),
  confirmEnrolment: defineCall({
    method: 'POST',
    path: '/_api/auth/two_factor/enable',
    input: enrolmentInput,
    output: enrolmentDoneAnswer,
  }),
  twoFactorStatus: defineCall({
    method: 'GET',
    path: '/_api/auth/two_factor/status',
    input: noInput,
    output: twoFactorStatus,
  }),
}
