import { z } from 'zod';
import {
  adminProduct,
  barcodeLookup,
  barcodeParams,
  brand,
  brandBody,
  category,
  categoryBody,
  categoryNode,
  categoryProducts,
  foundProduct,
  productIdsBody,
  productListQuery,
  productListRow,
  productView,
  publicProduct,
  quickEditBody,
  story,
} from './catalog';
import { idParamSchema, listOf, messageSchema, one } from './common';
import { pagedList, type Endpoints } from './endpoint';
import { importOptions, importReport } from './imports';

/** A product as staff read it: the buy price left out for those without `products.buy_prices`. */
const staffProduct = adminProduct.partial({ buyprice: true });

/** A staff search's text: what the till, the stock page and the barcode page type. */
const findParams = z.object({ text: z.string().trim().min(1).max(100) });

/** The storefront's products, the back office's catalogue (products, categories, brands), stories. */
export const catalogApi = {
  // ---- the storefront (public; the lists are sent from the catalogue cache)
  'GET /api/productoffer': { answer: listOf(publicProduct) },
  'GET /api/productpopular': { answer: listOf(publicProduct) },
  'POST /api/product/available': { body: productIdsBody, answer: listOf(publicProduct) },
  'GET /api/product/view/:id': { params: idParamSchema, answer: one(productView) },
  'GET /api/showcategory/:id': { params: idParamSchema, answer: one(categoryProducts) },
  // Any text: one of 2 characters or fewer is refused by the search itself (422 on `text`).
  'GET /api/product/search/:text': { params: z.object({ text: z.string() }), answer: listOf(publicProduct) },
  'GET /api/categories': { answer: listOf(categoryNode) },
  'GET /api/storys': { answer: listOf(story) },

  // ---- staff
  'GET /api/product/find/:text': { params: findParams, answer: listOf(foundProduct) },
  'GET /api/product/barcode/:code': { params: barcodeParams, answer: one(barcodeLookup) },

  // ---- products
  'GET /api/products': pagedList({ query: productListQuery, row: staffProduct }),
  'GET /api/product/:id': { params: idParamSchema, answer: one(staffProduct) },
  'POST /api/product/add': { body: 'form', status: 201, answer: listOf(staffProduct) },
  'POST /api/product/edit/:id': { params: idParamSchema, body: 'form', answer: one(staffProduct) },
  'POST /api/product/edit-quick/:id': {
    params: idParamSchema,
    body: quickEditBody,
    answer: one(staffProduct),
  },
  'GET /api/product/edit-list/:id': { params: idParamSchema, answer: listOf(productListRow) },
  'DELETE /api/product/delete/:id': { params: idParamSchema, answer: messageSchema },

  // ---- product import
  'GET /api/product/import/template': { answer: 'file' },
  // A file with row errors is refused with 422 and the whole report under `data`.
  'POST /api/product/import': { query: importOptions, body: 'form', answer: one(importReport) },

  // ---- categories and brands
  'POST /api/category/add': { body: categoryBody, status: 201, answer: one(category) },
  'POST /api/category/edit/:id': { params: idParamSchema, body: categoryBody, answer: one(category) },
  'DELETE /api/category/delete/:id': { params: idParamSchema, answer: messageSchema },
  'GET /api/brands': { answer: listOf(brand) },
  'POST /api/brand/add': { body: brandBody, status: 201, answer: one(brand) },
  'POST /api/brand/edit/:id': { params: idParamSchema, body: brandBody, answer: one(brand) },
  'DELETE /api/brand/delete/:id': { params: idParamSchema, answer: messageSchema },

  // ---- stories
  'POST /api/story/add': { body: 'form', status: 201, answer: one(story) },
  'DELETE /api/story/delete/:id': { params: idParamSchema, answer: messageSchema },
} satisfies Endpoints;
