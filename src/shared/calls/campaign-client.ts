// One area's calls (docs/architecture.md "One contract"): campaigns, the client's and the payer's
// side (docs/rules/campaigns-client.md).
import {
  campaignQuery,
  campaignWalletsQuery,
  chooseInput,
  myReservationAnswer,
  myReservationsAnswer,
  oneCampaignAnswer,
  payMineInput,
} from '../schemas/campaign-client'
import { noInput } from '../schemas/common'
import { attemptAnswer, walletsAnswer } from '../schemas/payments'
import { defineCall } from './define-call'

export const campaignClientCalls = {
  campaign: defineCall({
    method: 'GET',
    path: '/_api/campaigns/campaign',
    input: campaignQuery,
    output: oneCampaignAnswer,
  }),
  mine: defineCall({
    method: 'GET',
    path: '/_api/campaigns/mine',
    input: noInput,
    output: myReservationsAnswer,
  }),
  choose: defineCall({
    method: 'POST',
    path: '/_api/campaigns/choose',
    input: chooseInput,
    output: myReservationAnswer,
  }),
  payMine: defineCall({
    method: 'POST',
    path: '/_api/campaigns/pay-mine',
    input: payMineInput,
    output: attemptAnswer,
  }),
  wallets: defineCall({
    method: 'GET',
    path: '/_api/campaigns/wallets',
    input: campaignWalletsQuery,
    output: walletsAnswer,
  }),
}
