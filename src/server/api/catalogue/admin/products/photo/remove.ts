import { productCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { removeProductPhoto } from '@/server/services/catalogue/photos/product-photo'

export default defineEndpoint({
  call: productCalls.removePhoto,
  roles: ['root', 'super_admin'],
  writesStorefront: true,
  summary: "Takes a product's photo away; its category's picture shows instead",
  async handler({ input, user, db }) {
    return { product: await removeProductPhoto(db, user, input.id) }
  },
})
