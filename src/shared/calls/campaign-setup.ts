// One area's calls (docs/architecture.md "One contract"): the staff's setup of a campaign and its
// board (docs/rules/campaigns-staff.md).
import { MAX_PHOTO_BYTES } from '../photos'
import {
  adminCampaignDetailAnswer,
  adminCampaignQuery,
  adminSlotAnswer,
  animalPhotoInput,
  animalPhotoRemoveInput,
  boardAnswer,
  shareUpdateInput,
  slotUpdateInput,
} from '../schemas/campaign-setup'
import { animalAnswer, shareAnswer } from '../schemas/campaigns'
import { defineCall } from './define-call'

export const campaignSetupCalls = {
  detail: defineCall({
    method: 'GET',
    path: '/_api/admin/campaigns/detail',
    input: adminCampaignQuery,
    output: adminCampaignDetailAnswer,
  }),
  shareUpdate: defineCall({
    method: 'POST',
    path: '/_api/admin/campaigns/shares/update',
    input: shareUpdateInput,
    output: shareAnswer,
  }),
  slotUpdate: defineCall({
    method: 'POST',
    path: '/_api/admin/campaigns/slots/update',
    input: slotUpdateInput,
    output: adminSlotAnswer,
  }),
  animalPhoto: defineCall({
    method: 'POST',
    path: '/_api/admin/campaigns/animals/photo',
    input: animalPhotoInput,
    output: animalAnswer,
    upload: { maxBytes: MAX_PHOTO_BYTES },
  }),
  animalPhotoRemove: defineCall({
    method: 'POST',
    path: '/_api/admin/campaigns/animals/photo/remove',
    input: animalPhotoRemoveInput,
    output: animalAnswer,
  }),
  board: defineCall({
    method: 'GET',
    path: '/_api/admin/campaigns/board',
    input: adminCampaignQuery,
    output: boardAnswer,
  }),
}
