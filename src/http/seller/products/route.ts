// GET /api/seller/v1/products: the products of a brand granted to the seller or operator.
import { Ok, Param } from '../../schema.js'
import { ProductPage } from './schema.js'
import { hasBrandAccess, listBrandProducts, type BrandProductsPage } from './sql.js'
import { byTextId, listRoute } from '../../list-route.js'
import { forbidden } from '../../errors.js'

export const URL = '/api/seller/v1/products'

const notGranted = (brandId: string) => forbidden(`brand ${brandId} is not granted to this token's account`)

export default listRoute({
  url: URL,
  side: 'seller',
  operationId: 'listSellerProducts',
  summary: 'List products of an authorized brand',
  description:
    'All products of the brand, whatever their status, for a seller or operator token whose ' +
    'account has been granted the brand (GET /api/seller/v1/brands lists them). An unknown ' +
    'brand and a brand not granted both give 403 forbidden_resource. Ordered by id (byte ' +
    'order), ascending; stable across pages.',
  query: { brand_id: Param('Brand whose products are listed; it must be granted to the token owner') },
  limit: [25, 100],
  ok: Ok(ProductPage, 'A page of products'),
  items: 'products',
  scope: 'seller.products',
  filters: ({ query }) => ({ brand_id: query.brand_id }),
  ...byTextId,
  // The grant first: an ungranted brand is 403 whatever the cursor. The page's statement reads
  // the grant (`refuse`); the separate check runs only for a refused cursor.
  check: async (reader, { owner, query }) => {
    if (!(await hasBrandAccess(reader, owner.accountId, query.brand_id))) throw notGranted(query.brand_id)
  },
  refuse: (page: BrandProductsPage, { query }) => {
    if (!page.granted) throw notGranted(query.brand_id)
  },
  read: (reader, { owner, query }, after, limit) =>
    listBrandProducts(reader, owner.accountId, query.brand_id, after?.[0] ?? '', limit),
})
