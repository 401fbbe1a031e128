// GET /api/creator/v1/adjustments: the creator's adjustments in the order found, unsettled ones
// before they are paid (an extension beyond the specification; docs/payouts.md).
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { Cursor, Limit, Ok, listErrors } from '../../schema.js'
import { AdjustmentPage } from './schema.js'
import { listAdjustments } from './sql.js'
import { requireRole } from '../../plugins/auth.js'
import { cursorScope, integerKey } from '../../cursor.js'
import { sendPage, startPage } from '../../page.js'

export const URL = '/api/creator/v1/adjustments'

const schema = {
  operationId: 'listCreatorAdjustments',
  tags: ['creator'],
  summary: 'List adjustments',
  description:
    "Restatements of this creator's report rows that were already approved or paid, in the " +
    'order they were found: the row stays as approved or paid, and the difference is settled ' +
    'by the next payout. status=unsettled lists what the next payout will take; ' +
    'status=settled what payouts took (with the payout id).',
  querystring: Type.Object(
    {
      status: Type.Optional(
        Type.Union([Type.Literal('unsettled'), Type.Literal('settled')], {
          description: 'Only unsettled or only settled adjustments',
        }),
      ),
      limit: Limit(100, 500),
      cursor: Type.Optional(Cursor),
    },
    { additionalProperties: false },
  ),
  response: { 200: Ok(AdjustmentPage, 'A page of adjustments'), ...listErrors() },
}

export default async function adjustmentsRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get(URL, { schema, onRequest: requireRole(['creator']) }, async (request, reply) => {
    const owner = request.owner!
    const { status, cursor } = request.query
    const limit = request.query.limit!
    const scope = cursorScope('creator.adjustments', owner.accountId, { status })
    const { after, reader } = startPage(app, scope, cursor, integerKey)
    const page = await listAdjustments(reader, owner.accountId, status, after ?? 0, limit)
    return sendPage(
      app,
      reply,
      'adjustments',
      page,
      limit,
      scope,
      page.last_id === null ? null : [page.last_id],
      reader,
    )
  })
}
