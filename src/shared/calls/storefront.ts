// One area's calls (docs/architecture.md "One contract"). The browser imports only the areas a
// page needs, so the storefront's first load carries the storefront's schemas alone.
import { publicCountry } from '../schemas/auth'
import { noInput } from '../schemas/common'
import { contactMessageAnswer } from '../schemas/contact-admin'
import { contactInput } from '../schemas/contact-form'
import {
  catalogueQuery,
  categoriesAnswer,
  citiesAnswer,
  citiesQuery,
  deliveryTermsAnswer,
  deliveryTermsQuery,
  productsAnswer,
  productsPage,
  productsQuery,
  zonesAnswer,
  zonesByCityQuery,
} from '../schemas/storefront'
import { z } from '../schemas/zod'
import { defineCall } from './define-call'

export const storefrontCalls = {
  deliveryTerms: defineCall({
    method: 'GET',
    path: '/_api/delivery-terms',
    input: deliveryTermsQuery,
    output: deliveryTermsAnswer,
  }),
  countries: defineCall({
    method: 'GET',
    path: '/_api/countries',
    input: noInput,
    output: z.strictObject({ countries: z.array(publicCountry) }),
  }),
  cities: defineCall({ method: 'GET', path: '/_api/cities', input: citiesQuery, output: citiesAnswer }),
  zonesByCity: defineCall({
    method: 'GET',
    path: '/_api/zones/by-city',
    input: zonesByCityQuery,
    output: zonesAnswer,
  }),
  products: defineCall({
    method: 'GET',
    path: '/_api/products',
    input: productsQuery,
    output: productsPage,
  }),
  featured: defineCall({
    method: 'GET',
    path: '/_api/featured',
    input: catalogueQuery,
    output: productsAnswer,
  }),
  categories: defineCall({
    method: 'GET',
    path: '/_api/product-categories',
    input: noInput,
    output: categoriesAnswer,
  }),
  contact: defineCall({
    method: 'POST',
    path: '/_api/contact',
    input: contactInput,
    output: contactMessageAnswer,
  }),
}
