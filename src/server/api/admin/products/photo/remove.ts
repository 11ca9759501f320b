import { productCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { removeProductPhoto } from '@/server/services/photos/product-photo'

export default defineEndpoint({
  call: productCalls.removePhoto,
  roles: ['root', 'super_admin'],
  writesStorefront: true,
  summary: "Takes a product's photo away; its pasted image URL, if any, shows again",
  async handler({ input, user, db }) {
    return { product: await removeProductPhoto(db, user, input.id) }
  },
})
