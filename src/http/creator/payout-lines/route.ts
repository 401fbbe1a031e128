// GET /api/creator/v1/payouts/{payout_id}/lines: what a payout covered, line by line (an
// extension beyond the specification; docs/payouts.md). Another creator's payout and an unknown
// one are the same 404, so payout ids cannot be probed.
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { Cursor, Limit, Ok, listErrors } from '../../schema.js'
import { PayoutLinePage } from './schema.js'
import { listPayoutLines, payoutOf } from './sql.js'
import { requireRole } from '../../plugins/auth.js'
import { cursorScope, integerKey } from '../../cursor.js'
import { ApiError } from '../../errors.js'
import { sendPage, startPage } from '../../page.js'

export const URL = '/api/creator/v1/payouts/:payout_id/lines'

const PAYOUT_ID = /^po_[0-9a-f]{32}$/

const schema = {
  operationId: 'listCreatorPayoutLines',
  tags: ['creator'],
  summary: 'List the lines of a payout',
  description:
    "Every line of one of this creator's payouts, in line order: the commission of each " +
    'report row it paid (by date, link, product and marketplace), then each adjustment it ' +
    "settled (in the order found). The lines add up to the payout's amounts to the cent. " +
    "Another creator's payout id and an unknown one both give 404 not_found.",
  params: Type.Object({ payout_id: Type.String({ maxLength: 256, description: 'A payout id, po_…' }) }),
  querystring: Type.Object({ limit: Limit(100, 500), cursor: Type.Optional(Cursor) }, { additionalProperties: false }),
  response: { 200: Ok(PayoutLinePage, 'A page of payout lines'), ...listErrors({ 404: ['not_found'] }) },
}

export default async function payoutLinesRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get(URL, { schema, onRequest: requireRole(['creator']) }, async (request, reply) => {
    const owner = request.owner!
    const { payout_id: payoutId } = request.params
    const limit = request.query.limit!
    if (!PAYOUT_ID.test(payoutId) || !(await payoutOf(app.reads.reader(), owner.accountId, payoutId))) {
      throw new ApiError('not_found', `no payout ${payoutId.slice(0, 64)} for this creator`)
    }
    const scope = cursorScope('creator.payout-lines', owner.accountId, { payout_id: payoutId })
    const { after, reader } = startPage(app, scope, request.query.cursor, integerKey)
    const page = await listPayoutLines(reader, payoutId, after ?? 0, limit)
    return sendPage(
      app,
      reply,
      'lines',
      page,
      limit,
      scope,
      page.last_line_no === null ? null : [page.last_line_no],
      reader,
    )
  })
}
