// One area's calls (docs/architecture.md "One contract"). The browser imports only the areas a
// page needs, so the storefront's first load carries the storefront's schemas alone.
import {
  adminUserAnswer,
  adminUsersAnswer,
  createAccountInput,
  createUserInput,
  setDiscountInput,
  superAdminsAnswer,
  superAdminsInput,
  toggleUserStatusInput,
  updateUserInput,
  userHistoryAnswer,
  userHistoryInput,
  usersListInput,
  resetTwoFactorInput,
} from '../schemas/users'
import { endedAnswer, endSessionInput, sessionsAnswer, successAnswer } from '../schemas/auth'
import { noInput } from '../schemas/common'
import { defineCall } from './define-call'

export const userCalls = {
  list: defineCall({
    method: 'GET',
    path: '/_api/admin/users',
    input: usersListInput,
    output: adminUsersAnswer,
  }),
  create: defineCall({
    method: 'POST',
    path: '/_api/admin/create-user',
    input: createUserInput,
    output: adminUserAnswer,
  }),
  createDriver: defineCall({
    method: 'POST',
    path: '/_api/admin/create-delivery-driver',
    input: createAccountInput,
    output: adminUserAnswer,
  }),
  createSuperAdmin: defineCall({
    method: 'POST',
    path: '/_api/admin/create-super-admin',
    input: createAccountInput,
    output: adminUserAnswer,
  }),
  superAdmins: defineCall({
    method: 'GET',
    path: '/_api/admin/super-admins',
    input: superAdminsInput,
    output: superAdminsAnswer,
  }),
  update: defineCall({
    method: 'POST',
    path: '/_api/admin/users/update',
    input: updateUserInput,
    output: adminUserAnswer,
  }),
  resetTwoFactor: defineCall({
    method: 'POST',
    path: '/_api/admin/users/reset-two-factor',
    input: resetTwoFactorInput,
    output: successAnswer,
  }),
  // A staff member's own sessions (docs/rules/people.md#accounts).
  sessions: defineCall({
    method: 'GET',
    path: '/_api/account/sessions',
    input: noInput,
    output: sessionsAnswer,
  }),
  endSession: defineCall({
    method: 'POST',
    path: '/_api/account/sessions/end',
    input: endSessionInput,
    output: endedAnswer,
  }),
  endOtherSessions: defineCall({
    method: 'POST',
    path: '/_api/account/sessions/end-others',
    input: noInput,
    output: endedAnswer,
  }),
  toggleStatus: defineCall({
    method: 'POST',
    path: '/_api/admin/users/toggle-status',
    input: toggleUserStatusInput,
    output: adminUserAnswer,
  }),
  setDiscount: defineCall({
    method: 'POST',
    path: '/_api/admin/users/set-discount',
    input: setDiscountInput,
    output: adminUserAnswer,
  }),
  history: defineCall({
    method: 'GET',
    path: '/_api/admin/userhistory',
    input: userHistoryInput,
    output: userHistoryAnswer,
  }),
}
