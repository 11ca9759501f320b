import { z } from 'zod'

// Every message zod writes itself (types, unknown keys) comes out in French; the spec's own
// messages are written on each field. Import `z` from here, never from 'zod' directly.
z.config(z.locales.fr())

export { z }
