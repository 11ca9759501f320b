import { createCountryInput } from '../../../../shared/schemas/places'
import { countries } from '../../../db/schema'
import { defineEndpoint } from '../../../http/define-endpoint'
import { countryColumns, uniquely } from '../../../services/places'

export const countryTaken = 'Un pays portant ce nom ou ce code existe déjà.'

export default defineEndpoint({
  method: 'POST',
  path: '/_api/admin/countries',
  input: createCountryInput,
  roles: ['root'],
  summary: 'Create a country (root)',
  async handler({ input, db, reply }) {
    const [country] = await uniquely(countryTaken, () =>
      db
        .insert(countries)
        .values({ ...input, dialCode: input.dialCode ?? '', isActive: input.isActive ?? true })
        .returning(countryColumns),
    )
    reply.status(201)
    return { country: country! }
  },
})
