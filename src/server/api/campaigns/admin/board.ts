import { campaignSetupCalls } from '@/shared/calls/campaign-setup'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { campaignBoard } from '@/server/services/campaigns'

export default defineEndpoint({
  call: campaignSetupCalls.board,
  roles: ['root', 'super_admin', 'admin'],
  summary:
    'A campaign’s board: reservations and money per state, money received per wallet, balances due and overdue',
  async handler({ input, user, db }) {
    return { board: await campaignBoard(db, user, input.campaignId) }
  },
})
