// Shops and collection at the shop (docs/rules/pickup.md).
import { noInput } from '../schemas/common'
import {
  createShopInput,
  handOverInput,
  pickupAnswer,
  pickupOrderInput,
  pickupsAnswer,
  shopAnswer,
  shopsAnswer,
  shopsQuery,
  updateShopInput,
} from '../schemas/shops'
import { attemptAnswer } from '../schemas/payments'
import { defineCall } from './define-call'

export const shopCalls = {
  shops: defineCall({ method: 'GET', path: '/_api/shops', input: shopsQuery, output: shopsAnswer }),
  adminShops: defineCall({ method: 'GET', path: '/_api/admin/shops', input: noInput, output: shopsAnswer }),
  createShop: defineCall({
    method: 'POST',
    path: '/_api/admin/shops',
    input: createShopInput,
    output: shopAnswer,
  }),
  updateShop: defineCall({
    method: 'POST',
    path: '/_api/admin/shops/update',
    input: updateShopInput,
    output: shopAnswer,
  }),
  pickups: defineCall({ method: 'GET', path: '/_api/admin/pickups', input: noInput, output: pickupsAnswer }),
  handOver: defineCall({
    method: 'POST',
    path: '/_api/admin/pickups/hand-over',
    input: handOverInput,
    output: pickupAnswer,
  }),
  /** At the counter: the order paid by mobile money, a QR code as at the door (docs/rules/pickup.md#hand-over). */
  counterPayment: defineCall({
    method: 'POST',
    path: '/_api/admin/pickups/payments/start',
    input: pickupOrderInput,
    output: attemptAnswer,
  }),
  resetCode: defineCall({
    method: 'POST',
    path: '/_api/admin/pickups/reset-code',
    input: pickupOrderInput,
    output: pickupAnswer,
  }),
}
