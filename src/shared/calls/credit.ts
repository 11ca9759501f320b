// Store credit (docs/rules/store-credit.md): the client's balance and history, a cancelled order's
// refund taken as credit, staff's grants.
import { orderDetailView } from '../schemas/orders'
import { noInput } from '../schemas/common'
import { creditStatement, grantCreditInput, refundToCreditInput, userCreditQuery } from '../schemas/credit'
import { z } from '../schemas/zod'
import { defineCall } from './define-call'

export const creditCalls = {
  mine: defineCall({ method: 'GET', path: '/_api/account/credit', input: noInput, output: creditStatement }),
  refundToCredit: defineCall({
    method: 'POST',
    path: '/_api/orders/refund-to-credit',
    input: refundToCreditInput,
    output: z.object({ credited: z.number(), order: orderDetailView }),
  }),
  userCredit: defineCall({
    method: 'GET',
    path: '/_api/admin/users/credit',
    input: userCreditQuery,
    output: creditStatement,
  }),
  grant: defineCall({
    method: 'POST',
    path: '/_api/admin/users/credit',
    input: grantCreditInput,
    output: creditStatement,
  }),
}
