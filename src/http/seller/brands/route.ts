// GET /api/seller/v1/brands: the brands granted to the seller or operator account, in id order,
// so that an integrator can find the brand_id values GET /api/seller/v1/products takes.
import { Ok } from '../../schema.js'
import { SellerBrandPage } from './schema.js'
import { listSellerBrands } from './sql.js'
import { byTextId, listRoute } from '../../list-route.js'

export const URL = '/api/seller/v1/brands'

export default listRoute({
  url: URL,
  side: 'seller',
  operationId: 'listSellerBrands',
  summary: 'List the brands granted to the account',
  description:
    'Brands whose products this seller or operator token owner may read with GET ' +
    '/api/seller/v1/products, whatever their status. Ordered by id (byte order), ascending; ' +
    'stable across pages.',
  limit: [25, 100],
  ok: Ok(SellerBrandPage, 'A page of granted brands'),
  items: 'brands',
  scope: 'seller.brands',
  ...byTextId,
  read: (reader, { owner }, after, limit) => listSellerBrands(reader, owner.accountId, after?.[0] ?? '', limit),
})
