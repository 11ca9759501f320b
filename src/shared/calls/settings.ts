// One area's calls (docs/architecture.md "One contract"): the shop's settings, root's.
import { noInput } from '../schemas/common'
import { shopSettingsAnswer, updateShopSettingsInput } from '../schemas/weighin'
import { defineCall } from './define-call'

export const settingsCalls = {
  get: defineCall({
    method: 'GET',
    path: '/_api/admin/settings',
    input: noInput,
    output: shopSettingsAnswer,
  }),
  update: defineCall({
    method: 'POST',
    path: '/_api/admin/settings/update',
    input: updateShopSettingsInput,
    output: shopSettingsAnswer,
  }),
}
