// One area's calls (docs/architecture.md "One contract"). The browser imports only the areas a
// page needs, so the storefront's first load carries the storefront's schemas alone.
import { successAnswer } from '../schemas/auth'
import { noInput } from '../schemas/common'
import {
  adminProductAnswer,
  adminProductsAnswer,
  adminProductsQuery,
  bulkActionAnswer,
  bulkProductActionInput,
  createProductInput,
  deleteProductInput,
  productPhotoInput,
  productStatsAnswer,
  productStockInput,
  updateProductInput,
  preparationsQuery,
  preparationsAnswer,
  preparationAnswer,
  createPreparationInput,
  updatePreparationInput,
  deletePreparationInput,
} from '../schemas/products'
import { MAX_PHOTO_BYTES } from '../photos'
import { defineCall } from './define-call'

export const productCalls = {
  list: defineCall({
    method: 'GET',
    path: '/_api/admin/products',
    input: adminProductsQuery,
    output: adminProductsAnswer,
  }),
  create: defineCall({
    method: 'POST',
    path: '/_api/admin/products',
    input: createProductInput,
    output: adminProductAnswer,
  }),
  update: defineCall({
    method: 'POST',
    path: '/_api/admin/products/update',
    input: updateProductInput,
    output: adminProductAnswer,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/_api/admin/products/delete',
    input: deleteProductInput,
    output: successAnswer,
  }),
  uploadPhoto: defineCall({
    method: 'POST',
    path: '/_api/admin/products/photo',
    input: productPhotoInput,
    output: adminProductAnswer,
    upload: { maxBytes: MAX_PHOTO_BYTES },
  }),
  removePhoto: defineCall({
    method: 'POST',
    path: '/_api/admin/products/photo/remove',
    input: productPhotoInput,
    output: adminProductAnswer,
  }),
  stock: defineCall({
    method: 'POST',
    path: '/_api/admin/products/stock',
    input: productStockInput,
    output: adminProductAnswer,
  }),
  bulk: defineCall({
    method: 'POST',
    path: '/_api/admin/products/bulk-actions',
    input: bulkProductActionInput,
    output: bulkActionAnswer,
  }),
  stats: defineCall({
    method: 'GET',
    path: '/_api/admin/product-stats-by-country',
    input: noInput,
    output: productStatsAnswer,
  }),
  // docs/rules/catalogue.md#preparations: a country's list of preparations.
  preparations: defineCall({
    method: 'GET',
    path: '/_api/admin/preparations',
    input: preparationsQuery,
    output: preparationsAnswer,
  }),
  createPreparation: defineCall({
    method: 'POST',
    path: '/_api/admin/preparations',
    input: createPreparationInput,
    output: preparationAnswer,
  }),
  updatePreparation: defineCall({
    method: 'POST',
    path: '/_api/admin/preparations/update',
    input: updatePreparationInput,
    output: preparationAnswer,
  }),
  removePreparation: defineCall({
    method: 'POST',
    path: '/_api/admin/preparations/delete',
    input: deletePreparationInput,
    output: successAnswer,
  }),
}
