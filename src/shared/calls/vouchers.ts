// One area's calls (docs/architecture.md "One contract"): gift vouchers (docs/rules/gift-vouchers.md).
import {
  adminVouchersAnswer,
  adminVouchersQuery,
  buyVoucherAnswer,
  buyVoucherInput,
  redeemVoucherAnswer,
  redeemVoucherInput,
  resendVoucherAnswer,
  resendVoucherInput,
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
  adminVouchers: defineCall({
    method: 'GET',
    path: '/_api/admin/vouchers',
    input: adminVouchersQuery,
    output: adminVouchersAnswer,
  }),
  resendVoucher: defineCall({
    method: 'POST',
    path: '/_api/admin/vouchers/resend',
    input: resendVoucherInput,
    output: resendVoucherAnswer,
  }),
}
