// GET /api/creator/v1/payouts: the creator's payouts, newest first (an extension beyond the
// specification; docs/payouts.md).
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { Cursor, Limit, Ok, listErrors } from '../../schema.js'
import { PayoutPage } from './schema.js'
import { listPayouts } from './sql.js'
import { requireRole } from '../../plugins/auth.js'
import { cursorScope, integerKey } from '../../cursor.js'
import { sendPage, startPage } from '../../page.js'

export const URL = '/api/creator/v1/payouts'

const schema = {
  operationId: 'listCreatorPayouts',
  tags: ['creator'],
  summary: 'List payouts',
  description:
    'The payouts made to this creator, newest first, one per payment and currency. Each says ' +
    'what it paid in commission (report rows) and in adjustments (restatements of rows ' +
    'already approved or paid); GET /api/creator/v1/payouts/{payout_id}/lines lists what it ' +
    'covered.',
  querystring: Type.Object({ limit: Limit(25, 100), cursor: Type.Optional(Cursor) }, { additionalProperties: false }),
  response: { 200: Ok(PayoutPage, 'A page of payouts'), ...listErrors() },
}

export default async function payoutsRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get(URL, { schema, onRequest: requireRole(['creator']) }, async (request, reply) => {
    const owner = request.owner!
    const limit = request.query.limit!
    const scope = cursorScope('creator.payouts', owner.accountId, {})
    const { after, reader } = startPage(app, scope, request.query.cursor, integerKey)
    const page = await listPayouts(reader, owner.accountId, after, limit)
    return sendPage(app, reply, 'payouts', page, limit, scope, page.last_seq === null ? null : [page.last_seq], reader)
  })
}
