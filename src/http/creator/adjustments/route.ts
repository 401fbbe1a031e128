// GET /api/creator/v1/adjustments: the creator's adjustments in the order found, unsettled ones
// before they are paid (an extension beyond the specification; docs/payouts.md).
import { Type } from 'typebox'
import { Ok } from '../../schema.js'
import { AdjustmentPage } from './schema.js'
import { listAdjustments } from './sql.js'
import { listRoute } from '../../list-route.js'
import { bigintKey } from '../../cursor.js'

export const URL = '/api/creator/v1/adjustments'

export default listRoute({
  url: URL,
  side: 'creator',
  operationId: 'listCreatorAdjustments',
  summary: 'List adjustments',
  description:
    "Restatements of this creator's report rows that were already approved or paid, in the " +
    'order they were found: the row stays as approved or paid, and the difference is settled ' +
    'by the next payout. status=unsettled lists what the next payout will take; ' +
    'status=settled what payouts took (with the payout id).',
  query: {
    status: Type.Optional(
      Type.Union([Type.Literal('unsettled'), Type.Literal('settled')], {
        description: 'Only unsettled or only settled adjustments',
      }),
    ),
  },
  limit: [100, 500],
  ok: Ok(AdjustmentPage, 'A page of adjustments'),
  items: 'adjustments',
  scope: 'creator.adjustments',
  filters: ({ query }) => ({ status: query.status }),
  key: bigintKey,
  read: (reader, { owner, query }, after, limit) =>
    listAdjustments(reader, owner.accountId, query.status, after?.[0] ?? 0, limit),
  last: (page) => (page.last_id === null ? null : [page.last_id]),
})
