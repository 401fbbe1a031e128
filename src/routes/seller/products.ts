// GET /api/seller/v1/products: the products of a brand granted to the seller or operator.
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { Cursor, Limit, Param, listErrors } from '../../schemas/common.js'
import { CommissionType, ProductStatus } from '../../schemas/values.js'
import { hasBrandAccess, listBrandProducts, type ProductRow } from '../../data/products.js'
import { marketplaceByCode } from '../../marketplaces.js'
import { requireRole } from '../../plugins/auth.js'
import { cursorScope } from '../../cursor.js'
import { forbidden } from '../../errors.js'
import { readCursor, stringKey, toPage } from '../paginate.js'

export const Commission = Type.Object(
  {
    type: CommissionType,
    rate: Type.Number({ description: 'percentage: the rate as a fraction (rate_bps / 10000, so 0.125 for 12.5 %); flat: 0' }),
    rate_bps: Type.Number({ description: 'percentage: the rate in basis points (1250 = 12.5 %); flat: 0' }),
    flat_cents: Type.Number({ description: 'flat: amount paid per unit sold, in minor units of currency_code; percentage: 0' }),
    currency_code: Type.String({ description: 'flat: the amount\'s currency; percentage: the product\'s currency, or "" when it has none' }),
  },
  { description: 'Current general commission terms' },
)

export const Product = Type.Object({
  id: Type.String({ description: 'Product identifier' }),
  brand_id: Type.String({ description: 'Brand identifier' }),
  asin: Type.String({ description: 'Amazon ASIN' }),
  title: Type.String({ description: 'Product title' }),
  status: ProductStatus,
  commission: Type.Union([Commission, Type.Null()], { description: 'Commission terms; null when the product has none' }),
  image_url: Type.Optional(Type.String()),
  detail_page_url: Type.Optional(Type.String()),
  marketplace_id: Type.Optional(Type.String({ description: 'Amazon marketplace identifier' })),
  country_code: Type.Optional(Type.String({ description: 'Amazon country/region code' })),
  price_cents: Type.Optional(Type.Integer({ description: 'Price in minor currency units' })),
  currency: Type.Optional(Type.String({ description: 'Currency of the price' })),
})

const schema = {
  operationId: 'listSellerProducts',
  tags: ['seller'],
  summary: 'List products of an authorized brand',
  description:
    'All products of the brand, whatever their status, for a seller or operator token whose account has been granted the brand. An unknown brand and a brand not granted both give 403 forbidden_resource. Ordered by id (byte order), ascending; stable across pages.',
  querystring: Type.Object(
    {
      brand_id: Param('Brand whose products are listed; it must be granted to the token owner'),
      limit: Limit(25, 100),
      cursor: Type.Optional(Cursor),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object({
      products: Type.Array(Product),
      next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Cursor of the next page; null when no more results' }),
    }),
    ...listErrors(),
  },
}

function toCommission(p: ProductRow) {
  if (p.commission_type === 'percentage') {
    const bps = p.commission_rate_bps!
    return { type: 'percentage' as const, rate: bps / 10000, rate_bps: bps, flat_cents: 0, currency_code: p.currency ?? '' }
  }
  if (p.commission_type === 'flat') {
    return { type: 'flat' as const, rate: 0, rate_bps: 0, flat_cents: p.commission_flat_cents!, currency_code: p.commission_currency! }
  }
  return null
}

function toProduct(p: ProductRow) {
  return {
    id: p.id,
    brand_id: p.brand_id,
    asin: p.asin,
    title: p.title,
    status: p.status,
    commission: toCommission(p),
    image_url: p.image_url ?? undefined,
    detail_page_url: p.detail_page_url ?? undefined,
    marketplace_id: p.country_code ? marketplaceByCode(p.country_code)!.marketplaceId : undefined,
    country_code: p.country_code ?? undefined,
    price_cents: p.price_cents ?? undefined,
    currency: p.currency ?? undefined,
  }
}

export default async function productsRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get('/api/seller/v1/products', { schema, onRequest: requireRole(['seller', 'operator']) }, async (request) => {
    const owner = request.owner!
    const { brand_id: brandId, cursor } = request.query
    const limit = request.query.limit!
    if (!(await hasBrandAccess(app.db, owner.accountId, brandId))) {
      throw forbidden(`brand ${brandId} is not granted to this token's account`)
    }
    const scope = cursorScope('seller.products', owner.accountId, { brand_id: brandId })
    const after = readCursor(app, scope, cursor, stringKey)
    const rows = await listBrandProducts(app.db, brandId, after ?? '', limit + 1)
    const page = toPage(app, scope, rows, limit, (p) => [p.id])
    return { products: page.items.map(toProduct), next_cursor: page.nextCursor }
  })
}
