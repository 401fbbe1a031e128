// GET /api/seller/v1/products: the products of a brand granted to the seller or operator.
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { Cursor, Limit, Ok, Param, listErrors } from '../../schema.js'
import { ProductPage } from './schema.js'
import { hasBrandAccess, listBrandProducts } from './sql.js'
import { requireRole } from '../../plugins/auth.js'
import { cursorScope } from '../../cursor.js'
import { forbidden } from '../../errors.js'
import { sendPage, startPage, stringKey } from '../../page.js'

export const URL = '/api/seller/v1/products'

const schema = {
  operationId: 'listSellerProducts',
  tags: ['seller'],
  summary: 'List products of an authorized brand',
  description:
    'All products of the brand, whatever their status, for a seller or operator token whose ' +
    'account has been granted the brand (GET /api/seller/v1/brands lists them). An unknown ' +
    'brand and a brand not granted both give 403 forbidden_resource. Ordered by id (byte ' +
    'order), ascending; stable across pages.',
  querystring: Type.Object(
    {
      brand_id: Param('Brand whose products are listed; it must be granted to the token owner'),
      limit: Limit(25, 100),
      cursor: Type.Optional(Cursor),
    },
    { additionalProperties: false },
  ),
  response: { 200: Ok(ProductPage, 'A page of products'), ...listErrors() },
}

export default async function productsRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get(URL, { schema, onRequest: requireRole(['seller', 'operator']) }, async (request, reply) => {
    const owner = request.owner!
    const { brand_id: brandId, cursor } = request.query
    const limit = request.query.limit!
    // the grant first: an ungranted brand is 403 whatever the cursor
    if (!(await hasBrandAccess(app.reads.reader(), owner.accountId, brandId))) {
      throw forbidden(`brand ${brandId} is not granted to this token's account`)
    }
    const scope = cursorScope('seller.products', owner.accountId, { brand_id: brandId })
    const { after, reader } = startPage(app, scope, cursor, stringKey)
    const page = await listBrandProducts(reader, brandId, after ?? '', limit)
    return sendPage(app, reply, 'products', page, limit, scope, page.last_id === null ? null : [page.last_id], reader)
  })
}
