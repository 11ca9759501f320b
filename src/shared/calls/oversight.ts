// One area's calls (docs/architecture.md "One contract"). The browser imports only the areas a
// page needs, so the storefront's first load carries the storefront's schemas alone.
import { successAnswer } from '../schemas/auth'
import { noInput } from '../schemas/common'
import {
  contactMessageAnswer,
  contactMessagesAnswer,
  contactMessagesInput,
  deleteContactMessageInput,
  openContactMessageInput,
  updateContactStatusInput,
} from '../schemas/contact-admin'
import { adminDashboard, rootDashboard, rootDashboardInput } from '../schemas/dashboards'
import { defineCall } from './define-call'

export const oversightCalls = {
  adminDashboard: defineCall({
    method: 'GET',
    path: '/_api/dashboard/admin',
    input: noInput,
    output: adminDashboard,
  }),
  rootDashboard: defineCall({
    method: 'GET',
    path: '/_api/dashboard/root',
    input: rootDashboardInput,
    output: rootDashboard,
  }),
  contactMessages: defineCall({
    method: 'GET',
    path: '/_api/admin/contact-messages',
    input: contactMessagesInput,
    output: contactMessagesAnswer,
  }),
  updateContactStatus: defineCall({
    method: 'POST',
    path: '/_api/admin/contact-messages/update-status',
    input: updateContactStatusInput,
    output: contactMessageAnswer,
  }),
  openContactMessage: defineCall({
    method: 'POST',
    path: '/_api/admin/contact-messages/open',
    input: openContactMessageInput,
    output: contactMessageAnswer,
  }),
  deleteContactMessage: defineCall({
    method: 'POST',
    path: '/_api/admin/contact-messages/delete',
    input: deleteContactMessageInput,
    output: successAnswer,
  }),
}
