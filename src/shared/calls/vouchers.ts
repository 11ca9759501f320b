// One area's calls (docs/architecture.md "One contract"): gift vouchers (docs/rules/gift-vouchers.md).
import {
  buyVoucherAnswer,
  buyVoucherInput,
  redeemVoucherAnswer,
  redeemVoucherInput,
  voucherQuery,
  voucherStateAnswer,
} from '../schemas/vouchers'
import { defineCall } from './define-call'

export const voucherCalls = {
  buy: defineCall({
    method: 'POST',
    path: '/_api/vouchers/buy',
    input: buyVoucherInput,
    output: buyVoucherAnswer,
  }),
  one: defineCall({
    method: 'GET',
    path: '/_api/vouchers/one',
    input: voucherQuery,
    output: voucherStateAnswer,
  }),
  redeem: defineCall({
    method: 'POST',
    path: '/_api/vouchers/redeem',
    input: redeemVoucherInput,
    output: redeemVoucherAnswer,
  }),
}
