import { reportCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { importProducts } from '@/server/services/catalogue/product-import'

export default defineEndpoint({
  call: reportCalls.importProducts,
  roles: ['root', 'super_admin'],
  writesStorefront: true,
  summary:
    'Products of a country from a CSV file: preview lists each row’s errors; import writes every row or none',
  async handler({ input, bytes, user, db }) {
    return importProducts(db, user, input, bytes)
  },
})
