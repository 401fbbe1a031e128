// GET /api/seller/v1/brands: the brands granted to the seller or operator account, in id order,
// so that an integrator can find the brand_id values GET /api/seller/v1/products takes.
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { Cursor, Limit, Ok, listErrors } from '../../schema.js'
import { SellerBrandPage } from './schema.js'
import { listSellerBrands } from './sql.js'
import { requireRole } from '../../plugins/auth.js'
import { cursorScope } from '../../cursor.js'
import { sendPage, startPage, stringKey } from '../../page.js'

export const URL = '/api/seller/v1/brands'

const schema = {
  operationId: 'listSellerBrands',
  tags: ['seller'],
  summary: 'List the brands granted to the account',
  description:
    'Brands whose products this seller or operator token owner may read with GET ' +
    '/api/seller/v1/products, whatever their status. Ordered by id (byte order), ascending; ' +
    'stable across pages.',
  querystring: Type.Object({ limit: Limit(25, 100), cursor: Type.Optional(Cursor) }, { additionalProperties: false }),
  response: { 200: Ok(SellerBrandPage, 'A page of granted brands'), ...listErrors() },
}

export default async function sellerBrandsRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get(URL, { schema, onRequest: requireRole(['seller', 'operator']) }, async (request, reply) => {
    const owner = request.owner!
    const limit = request.query.limit!
    const scope = cursorScope('seller.brands', owner.accountId, {})
    const { after, reader } = startPage(app, scope, request.query.cursor, stringKey)
    const page = await listSellerBrands(reader, owner.accountId, after ?? '', limit)
    return sendPage(app, reply, 'brands', page, limit, scope, page.last_id === null ? null : [page.last_id], reader)
  })
}
