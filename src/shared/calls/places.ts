// One area's calls (docs/architecture.md "One contract"). The browser imports only the areas a
// page needs, so the storefront's first load carries the storefront's schemas alone.
import { noInput } from '../schemas/common'
import {
  adminCitiesAnswer,
  adminCitiesQuery,
  adminCityAnswer,
  adminCountriesAnswer,
  adminCountryAnswer,
  adminZoneAnswer,
  adminZonesAnswer,
  adminZonesQuery,
  createCityInput,
  createCountryInput,
  createZoneInput,
  updateCityInput,
  updateCountryInput,
  updateZoneInput,
} from '../schemas/places'
import {
  adminSlotAnswer,
  adminSlotsAnswer,
  adminSlotsQuery,
  createSlotInput,
  updateSlotInput,
} from '../schemas/slots'
import { defineCall } from './define-call'

export const placeCalls = {
  countries: defineCall({
    method: 'GET',
    path: '/_api/admin/countries',
    input: noInput,
    output: adminCountriesAnswer,
  }),
  createCountry: defineCall({
    method: 'POST',
    path: '/_api/admin/countries',
    input: createCountryInput,
    output: adminCountryAnswer,
  }),
  updateCountry: defineCall({
    method: 'POST',
    path: '/_api/admin/countries/update',
    input: updateCountryInput,
    output: adminCountryAnswer,
  }),
  cities: defineCall({
    method: 'GET',
    path: '/_api/admin/cities',
    input: adminCitiesQuery,
    output: adminCitiesAnswer,
  }),
  createCity: defineCall({
    method: 'POST',
    path: '/_api/admin/cities',
    input: createCityInput,
    output: adminCityAnswer,
  }),
  updateCity: defineCall({
    method: 'POST',
    path: '/_api/admin/cities/update',
    input: updateCityInput,
    output: adminCityAnswer,
  }),
  zones: defineCall({
    method: 'GET',
    path: '/_api/admin/zones',
    input: adminZonesQuery,
    output: adminZonesAnswer,
  }),
  createZone: defineCall({
    method: 'POST',
    path: '/_api/admin/zones',
    input: createZoneInput,
    output: adminZoneAnswer,
  }),
  updateZone: defineCall({
    method: 'POST',
    path: '/_api/admin/zones/update',
    input: updateZoneInput,
    output: adminZoneAnswer,
  }),
  slots: defineCall({
    method: 'GET',
    path: '/_api/admin/slots',
    input: adminSlotsQuery,
    output: adminSlotsAnswer,
  }),
  createSlot: defineCall({
    method: 'POST',
    path: '/_api/admin/slots',
    input: createSlotInput,
    output: adminSlotAnswer,
  }),
  updateSlot: defineCall({
    method: 'POST',
    path: '/_api/admin/slots/update',
    input: updateSlotInput,
    output: adminSlotAnswer,
  }),
}
