import { pgEnum } from 'drizzle-orm/pg-core'
import { animalStatuses, depositKinds, reservationStatuses, slotKinds } from '@/shared/domain/campaigns'
import { attemptStatuses, paymentMethods, paymentProviders, refundStatuses } from '@/shared/domain/payments'
import { cashEntryTypes } from '@/shared/domain/cash'
import { contactStatuses, orderStatuses, paymentStatuses } from '@/shared/domain/order-status'
import { roles } from '@/shared/domain/roles'
import { orderEventTypes, weighApprovals } from '@/shared/domain/weighin'
import { messageKinds, messageStates } from '@/shared/domain/messages'
import { loyaltyTypes } from '@/shared/domain/status-effects'
import { unitTypes } from '@/shared/domain/units'
import { couponKinds } from '@/shared/domain/coupons'
import { fulfilments } from '@/shared/domain/pickup'

export const roleEnum = pgEnum('role', roles)
export const unitTypeEnum = pgEnum('unit_type', unitTypes)
export const orderStatusEnum = pgEnum('order_status', orderStatuses)
export const paymentStatusEnum = pgEnum('payment_status', paymentStatuses)
export const contactStatusEnum = pgEnum('contact_status', contactStatuses)
export const loyaltyTypeEnum = pgEnum('loyalty_type', loyaltyTypes)
export const orderEventTypeEnum = pgEnum('order_event_type', orderEventTypes)
export const weighApprovalEnum = pgEnum('weigh_approval', weighApprovals)
export const messageKindEnum = pgEnum('message_kind', messageKinds)
export const messageStateEnum = pgEnum('message_state', messageStates)
export const cashEntryTypeEnum = pgEnum('cash_entry_type', cashEntryTypes)
// docs/rules/money.md#payments
export const paymentMethodEnum = pgEnum('payment_method', paymentMethods)
export const paymentProviderEnum = pgEnum('payment_provider', paymentProviders)
export const attemptStatusEnum = pgEnum('payment_attempt_status', attemptStatuses)
export const refundStatusEnum = pgEnum('refund_status', refundStatuses)
// docs/rules/campaigns.md
export const animalStatusEnum = pgEnum('animal_status', animalStatuses)
export const reservationStatusEnum = pgEnum('reservation_status', reservationStatuses)
export const depositKindEnum = pgEnum('deposit_kind', depositKinds)
export const campaignSlotKindEnum = pgEnum('campaign_slot_kind', slotKinds)
// docs/rules/commerce.md#coupons
export const couponKindEnum = pgEnum('coupon_kind', couponKinds)
// docs/rules/pickup.md
export const fulfilmentEnum = pgEnum('fulfilment', fulfilments)
