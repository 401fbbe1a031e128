// GET /api/creator/v1/brands: brands discoverable to the creator, in id order.
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { Cursor, Limit, listErrors } from '../../schemas/common.js'
import { BrandStatus, PartnershipStatus } from '../../schemas/values.js'
import { listCreatorBrands, type BrandRow } from '../../data/brands.js'
import { marketplaceByCode } from '../../marketplaces.js'
import { requireRole } from '../../plugins/auth.js'
import { cursorScope } from '../../cursor.js'
import { readCursor, stringKey, toPage } from '../paginate.js'

export const Brand = Type.Object({
  id: Type.String({ description: 'Brand identifier' }),
  name: Type.String({ description: 'Brand name' }),
  status: BrandStatus,
  description: Type.Optional(Type.String({ description: 'Brand description; omitted when there is none' })),
  logo_url: Type.Optional(Type.String({ description: 'Logo image URL; omitted when there is none' })),
  website: Type.Optional(Type.String({ description: 'Brand website URL; omitted when there is none' })),
  product_count: Type.Optional(Type.Integer({ minimum: 0, description: 'Number of the brand\'s active products' })),
  amazon_regions: Type.Optional(
    Type.Array(Type.String(), { description: 'Distinct country/region codes of the active products, in marketplaces table order' }),
  ),
  amazon_marketplaces: Type.Optional(
    Type.Array(Type.String(), { description: 'Amazon domains of the same marketplaces, in the same order (US → amazon.com)' }),
  ),
  partnership_status: PartnershipStatus,
})

const schema = {
  operationId: 'listCreatorBrands',
  tags: ['creator'],
  summary: 'List discoverable brands',
  description:
    'Brands discoverable by the creator token owner: every active, discoverable brand, plus every brand this creator has a partnership record with, whatever the status of either. Ordered by id (byte order), ascending; stable across pages.',
  querystring: Type.Object(
    { limit: Limit(25, 100), cursor: Type.Optional(Cursor) },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object({
      brands: Type.Array(Brand),
      next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Cursor of the next page; null when no more results' }),
    }),
    ...listErrors(),
  },
}

function toBrand(b: BrandRow) {
  return {
    id: b.id,
    name: b.name,
    status: b.status,
    description: b.description ?? undefined,
    logo_url: b.logo_url ?? undefined,
    website: b.website ?? undefined,
    product_count: b.product_count,
    amazon_regions: b.amazon_regions,
    amazon_marketplaces: b.amazon_regions.map((code) => marketplaceByCode(code)!.domain),
    partnership_status: b.partnership_status,
  }
}

export default async function brandsRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get('/api/creator/v1/brands', { schema, onRequest: requireRole(['creator']) }, async (request) => {
    const owner = request.owner!
    const { cursor } = request.query
    const limit = request.query.limit!
    const scope = cursorScope('creator.brands', owner.accountId, {})
    const after = readCursor(app, scope, cursor, stringKey)
    const rows = await listCreatorBrands(app.db, owner.accountId, after ?? '', limit + 1)
    const page = toPage(app, scope, rows, limit, (b) => [b.id])
    return { brands: page.items.map(toBrand), next_cursor: page.nextCursor }
  })
}
