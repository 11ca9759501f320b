// One area's calls (docs/architecture.md "One contract"): campaigns (docs/rules/campaigns.md).
import {
  adminCampaignsQuery,
  adminReservationsAnswer,
  adminReservationsQuery,
  animalAnswer,
  animalCreateInput,
  animalUpdateInput,
  animalsAnswer,
  animalsQuery,
  campaignAnswer,
  campaignCreateInput,
  campaignUpdateInput,
  campaignsAnswer,
  campaignsQuery,
  payInput,
  publicReservationAnswer,
  reservationAnswer,
  reservationQuery,
  reserveInput,
  shareAnswer,
  shareCreateInput,
  slotAnswer,
  slotCreateInput,
} from '../schemas/campaigns'
import { payLinkAnswer, payLinkInput } from '../schemas/campaign-links'
import { attemptAnswer } from '../schemas/payments'
import { defineCall } from './define-call'

export const campaignCalls = {
  open: defineCall({
    method: 'GET',
    path: '/_api/campaigns',
    input: campaignsQuery,
    output: campaignsAnswer,
  }),
  animals: defineCall({
    method: 'GET',
    path: '/_api/campaigns/animals',
    input: animalsQuery,
    output: animalsAnswer,
  }),
  reserve: defineCall({
    method: 'POST',
    path: '/_api/campaigns/reserve',
    input: reserveInput,
    output: reservationAnswer,
  }),
  reservation: defineCall({
    method: 'GET',
    path: '/_api/campaigns/reservation',
    input: reservationQuery,
    output: publicReservationAnswer,
  }),
  pay: defineCall({ method: 'POST', path: '/_api/campaigns/pay', input: payInput, output: attemptAnswer }),
  adminList: defineCall({
    method: 'GET',
    path: '/_api/admin/campaigns',
    input: adminCampaignsQuery,
    output: campaignsAnswer,
  }),
  create: defineCall({
    method: 'POST',
    path: '/_api/admin/campaigns/create',
    input: campaignCreateInput,
    output: campaignAnswer,
  }),
  update: defineCall({
    method: 'POST',
    path: '/_api/admin/campaigns/update',
    input: campaignUpdateInput,
    output: campaignAnswer,
  }),
  animalCreate: defineCall({
    method: 'POST',
    path: '/_api/admin/campaigns/animals/create',
    input: animalCreateInput,
    output: animalAnswer,
  }),
  animalUpdate: defineCall({
    method: 'POST',
    path: '/_api/admin/campaigns/animals/update',
    input: animalUpdateInput,
    output: animalAnswer,
  }),
  shareCreate: defineCall({
    method: 'POST',
    path: '/_api/admin/campaigns/shares/create',
    input: shareCreateInput,
    output: shareAnswer,
  }),
  slotCreate: defineCall({
    method: 'POST',
    path: '/_api/admin/campaigns/slots/create',
    input: slotCreateInput,
    output: slotAnswer,
  }),
  reservations: defineCall({
    method: 'GET',
    path: '/_api/admin/campaigns/reservations',
    input: adminReservationsQuery,
    output: adminReservationsAnswer,
  }),
  // docs/rules/campaigns-messages.md#the-pay-links: a pay link issued again.
  link: defineCall({
    method: 'POST',
    path: '/_api/campaigns/link',
    input: payLinkInput,
    output: payLinkAnswer,
  }),
  adminLink: defineCall({
    method: 'POST',
    path: '/_api/admin/campaigns/link',
    input: payLinkInput,
    output: payLinkAnswer,
  }),
}
