// The campaigns' endpoints (docs/rules/campaigns.md), listed for the one registry (../index.ts).
import campaignsOpen from './open'
import campaignAnimals from './animals'
import campaignReserve from './reserve'
import campaignReservation from './reservation'
import campaignPay from './pay'
import campaignOne from './campaign'
import campaignMine from './mine'
import campaignChoose from './choose'
import campaignPayMine from './pay-mine'
import campaignWallets from './wallets'
import adminCampaigns from './admin/list'
import adminCampaignCreate from './admin/create'
import adminCampaignUpdate from './admin/update'
import adminCampaignAnimalCreate from './admin/animal-create'
import adminCampaignAnimalUpdate from './admin/animal-update'
import adminCampaignShareCreate from './admin/share-create'
import adminCampaignSlotCreate from './admin/slot-create'
import adminCampaignReservations from './admin/reservations'
import adminCampaignDetail from './admin/detail'
import adminCampaignShareUpdate from './admin/share-update'
import adminCampaignSlotUpdate from './admin/slot-update'
import adminCampaignAnimalPhoto from './admin/animal-photo'
import adminCampaignAnimalPhotoRemove from './admin/animal-photo-remove'
import adminCampaignBoard from './admin/board'
import adminCampaignOperations from './admin/ops-list'
import adminCampaignOperationsExport from './admin/ops-export'
import adminReservationStep from './admin/reservation-step'
import adminReservationCash from './admin/reservation-cash'
import adminReservationAssignDriver from './admin/reservation-assign-driver'
import adminReservationExtend from './admin/reservation-extend'
import adminReservationCancel from './admin/reservation-cancel'
import adminReservationRefundDone from './admin/reservation-refund-done'
import campaignLink from './link'
import adminCampaignLink from './admin/link'

/** The feast days sold ahead (docs/rules/campaigns.md): the public's, the pay link's, the staff's. */
export const campaignEndpoints = [
  campaignsOpen,
  campaignAnimals,
  campaignReserve,
  campaignReservation,
  campaignPay,
  campaignOne,
  campaignMine,
  campaignChoose,
  campaignPayMine,
  campaignWallets,
  adminCampaigns,
  adminCampaignCreate,
  adminCampaignUpdate,
  adminCampaignAnimalCreate,
  adminCampaignAnimalUpdate,
  adminCampaignShareCreate,
  adminCampaignSlotCreate,
  adminCampaignReservations,
  adminCampaignDetail,
  adminCampaignShareUpdate,
  adminCampaignSlotUpdate,
  adminCampaignAnimalPhoto,
  adminCampaignAnimalPhotoRemove,
  adminCampaignBoard,
]

/** A campaign's operations on the feast days (docs/rules/campaigns-operations.md). */
export const campaignOperationEndpoints = [
  adminCampaignOperations,
  adminCampaignOperationsExport,
  adminReservationStep,
  adminReservationCash,
  adminReservationAssignDriver,
  adminReservationExtend,
  adminReservationCancel,
  adminReservationRefundDone,
  campaignLink,
  adminCampaignLink,
]
