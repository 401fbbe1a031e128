// GET /api/creator/v1/brands: brands discoverable to the creator, in id order.
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { Cursor, Limit, Ok, listErrors } from '../../schema.js'
import { BrandPage } from './schema.js'
import { listCreatorBrands } from './sql.js'
import { requireRole } from '../../plugins/auth.js'
import { cursorScope } from '../../cursor.js'
import { sendPage, startPage, stringKey } from '../../page.js'

export const URL = '/api/creator/v1/brands'

const schema = {
  operationId: 'listCreatorBrands',
  tags: ['creator'],
  summary: 'List discoverable brands',
  description:
    'Brands discoverable by the creator token owner: every active, discoverable brand, plus ' +
    'every brand this creator has a partnership record with, whatever the status of either. ' +
    'Ordered by id (byte order), ascending; stable across pages.',
  querystring: Type.Object({ limit: Limit(25, 100), cursor: Type.Optional(Cursor) }, { additionalProperties: false }),
  response: { 200: Ok(BrandPage, 'A page of brands'), ...listErrors() },
}

export default async function brandsRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get(URL, { schema, onRequest: requireRole(['creator']) }, async (request, reply) => {
    const owner = request.owner!
    const limit = request.query.limit!
    const scope = cursorScope('creator.brands', owner.accountId, {})
    const { after, reader } = startPage(app, scope, request.query.cursor, stringKey)
    const page = await listCreatorBrands(reader, owner.accountId, after ?? '', limit)
    return sendPage(app, reply, 'brands', page, limit, scope, page.last_id === null ? null : [page.last_id], reader)
  })
}
