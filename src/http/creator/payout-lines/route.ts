// GET /api/creator/v1/payouts/{payout_id}/lines: what a payout covered, line by line (an
// extension beyond the specification; docs/payouts.md). Another creator's payout and an unknown
// one are the same 404, so payout ids cannot be probed.
import { Type } from 'typebox'
import { Ok } from '../../schema.js'
import { PayoutLinePage } from './schema.js'
import { listPayoutLines, payoutOf } from './sql.js'
import { listRoute } from '../../list-route.js'
import { intKey } from '../../cursor.js'
import { ApiError } from '../../errors.js'

export const URL = '/api/creator/v1/payouts/:payout_id/lines'

const PAYOUT_ID = /^po_[0-9a-f]{32}$/

export default listRoute({
  url: URL,
  side: 'creator',
  operationId: 'listCreatorPayoutLines',
  summary: 'List the lines of a payout',
  description:
    "Every line of one of this creator's payouts, in line order: the commission of each " +
    'report row it paid (by date, link, product and marketplace), then each adjustment it ' +
    "settled (in the order found). The lines add up to the payout's amounts to the cent. " +
    "Another creator's payout id and an unknown one both give 404 not_found.",
  params: Type.Object({ payout_id: Type.String({ maxLength: 256, description: 'A payout id, po_…' }) }),
  limit: [100, 500],
  ok: Ok(PayoutLinePage, 'A page of payout lines'),
  errors: { 404: ['not_found'] },
  items: 'lines',
  scope: 'creator.payout-lines',
  filters: ({ params }) => ({ payout_id: params.payout_id }),
  key: intKey,
  check: async (reader, { owner, params }) => {
    const payoutId = params.payout_id
    if (!PAYOUT_ID.test(payoutId) || !(await payoutOf(reader, owner.accountId, payoutId))) {
      throw new ApiError('not_found', `no payout ${payoutId.slice(0, 64)} for this creator`)
    }
  },
  read: (reader, { params }, after, limit) => listPayoutLines(reader, params.payout_id, after?.[0] ?? 0, limit),
  last: (page) => (page.last_line_no === null ? null : [page.last_line_no]),
})
