// SQL for the creator's payouts, newest first: a backward range scan of payouts_creator_idx.
import type { Queryable } from '../../../db/index.js'
import { jsonObjectSql, pageSql } from '../../json-sql.js'
import type { SqlPage } from '../../page.js'
import { timestampSql } from '../../schema.js'
import { Payout } from './schema.js'

const PAYOUT_JSON = jsonObjectSql(Payout, {
  id: 'p.id',
  currency: 'p.currency',
  amount_cents: 'p.amount_cents',
  commission_cents: 'p.commission_cents',
  adjustment_cents: 'p.adjustment_cents',
  line_count: 'p.line_count',
  through: 'p.through',
  created_at: timestampSql('p.created_at'),
})

const PAYOUTS_PAGE = pageSql(
  `select p.seq, ${PAYOUT_JSON} as json, row_number() over (order by p.seq desc) as n
     from payouts p
    where p.creator_id = $1 and p.seq < $2::bigint
    order by p.seq desc
    limit $3 + 1`,
  ['seq'],
  '$3',
)

export interface PayoutsPage extends SqlPage {
  last_seq: number | null
}

/** `before`: the seq of the previous page's last payout (none: the newest first). */
export async function listPayouts(db: Queryable, creatorId: string, before: number | null, limit: number): Promise<PayoutsPage> {
  const [page] = await db.query<PayoutsPage>(PAYOUTS_PAGE, [creatorId, before ?? Number.MAX_SAFE_INTEGER, limit], { prepare: true })
  return page!
}
