// Coupons (docs/rules/commerce.md#coupons): staff's codes, and the cart's question about one.
import {
  adminCouponAnswer,
  adminCouponsAnswer,
  adminCouponsQuery,
  couponCheckAnswer,
  couponCheckInput,
  createCouponInput,
  stopCouponInput,
  updateCouponInput,
} from '../schemas/coupons'
import { defineCall } from './define-call'

export const couponCalls = {
  coupons: defineCall({
    method: 'GET',
    path: '/_api/admin/coupons',
    input: adminCouponsQuery,
    output: adminCouponsAnswer,
  }),
  createCoupon: defineCall({
    method: 'POST',
    path: '/_api/admin/coupons',
    input: createCouponInput,
    output: adminCouponAnswer,
  }),
  updateCoupon: defineCall({
    method: 'POST',
    path: '/_api/admin/coupons/update',
    input: updateCouponInput,
    output: adminCouponAnswer,
  }),
  stopCoupon: defineCall({
    method: 'POST',
    path: '/_api/admin/coupons/stop',
    input: stopCouponInput,
    output: adminCouponAnswer,
  }),
  checkCoupon: defineCall({
    method: 'POST',
    path: '/_api/coupons/check',
    input: couponCheckInput,
    output: couponCheckAnswer,
  }),
}
