// GET /api/creator/v1/payouts: the creator's payouts, newest first (an extension beyond the
// specification; docs/payouts.md).
import { Ok } from '../../schema.js'
import { PayoutPage } from './schema.js'
import { listPayouts } from './sql.js'
import { listRoute } from '../../list-route.js'
import { bigintKey } from '../../cursor.js'

export const URL = '/api/creator/v1/payouts'

export default listRoute({
  url: URL,
  side: 'creator',
  operationId: 'listCreatorPayouts',
  summary: 'List payouts',
  description:
    'The payouts made to this creator, newest first, one per payment and currency. Each says ' +
    'what it paid in commission (report rows) and in adjustments (restatements of rows ' +
    'already approved or paid); GET /api/creator/v1/payouts/{payout_id}/lines lists what it ' +
    'covered.',
  limit: [25, 100],
  ok: Ok(PayoutPage, 'A page of payouts'),
  items: 'payouts',
  scope: 'creator.payouts',
  key: bigintKey,
  read: (reader, { owner }, after, limit) => listPayouts(reader, owner.accountId, after?.[0] ?? null, limit),
  last: (page) => (page.last_seq === null ? null : [page.last_seq]),
})
