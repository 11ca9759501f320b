import { storefrontCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { catalogueAnswer } from '@/server/services/catalogue/storefront'

export default defineEndpoint({
  call: storefrontCalls.products,
  roles: 'public',
  summary:
    "The catalogue, a page at a time (24 products and the next page's cursor): every country's active products or one country's (countryId), of one category (categoryId), whose names contain a search (folded); or the products named by ids",
  async handler({ input, db, deps }) {
    // Serialized once; a listing's first page cached (services/catalogue/storefront.ts, catalogueAnswer).
    return catalogueAnswer(deps.storefrontCache, db, input)
  },
})
