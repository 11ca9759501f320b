import { accountPolicies } from './accounts'
import { shoppingPolicies } from './shopping'
import { paymentPolicies } from './payments'
import { staffPolicies } from './staff'
import { userPolicies } from './users'
import { cataloguePolicies } from './catalogue'
import { campaignPolicies } from './campaigns'
import { campaignSetupPolicies } from './campaign-setup'
import { couponPolicies } from './coupons'
import { campaignOperationPolicies } from './campaign-operations'
import { pickupPolicies } from './pickup'
import { creditPolicies } from './credit'
import { voucherPolicies } from './vouchers'
import type { Policy } from './shared'

export type { Caller, Cc, Cell, Kind, Policy, Scope, Who } from './shared'

/**
 * Who may call what: one policy per endpoint of the registry, one file per area, keyed `METHOD path`, written from
 * docs/rules/people.md#who-may-do-what (not from the code). tests/api/permission-matrix.test.ts calls
 * every endpoint as every caller and holds each answer to its policy; an endpoint of the
 * registry without a policy here fails that test (deny by default).
 */
export const policies: Record<string, Policy> = {
  ...accountPolicies,
  ...shoppingPolicies,
  ...paymentPolicies,
  ...staffPolicies,
  ...userPolicies,
  ...cataloguePolicies,
  ...campaignPolicies,
  ...campaignSetupPolicies,
  ...couponPolicies,
  ...campaignOperationPolicies,
  ...pickupPolicies,
  ...creditPolicies,
  ...voucherPolicies,
}
