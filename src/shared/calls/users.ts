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
} from '../schemas/users'
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
