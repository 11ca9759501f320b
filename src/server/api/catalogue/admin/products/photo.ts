import { productCalls } from '@/shared/calls'
import { defineEndpoint } from '@/server/http/define-endpoint'
import { setProductPhoto } from '@/server/services/catalogue/photos/product-photo'

export default defineEndpoint({
  call: productCalls.uploadPhoto,
  roles: ['root', 'super_admin'],
  writesStorefront: true,
  summary:
    "Sets a product's photo from a file's bytes (8 MB at most): type read from the bytes, EXIF dropped, WebP widths 160, 320, 640",
  async handler({ input, bytes, user, db, deps }) {
    return { product: await setProductPhoto(db, deps, user, input.id, bytes) }
  },
})
