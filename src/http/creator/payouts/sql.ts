// SQL for the creator's payouts, newest first: a backward range scan of payouts_creator_idx.
import type { Queryable } from '../../../db/index.js'
import { pageOf, readPage, jsonObjectSql } from '../../json-sql.js'
import type { SqlPage } from '../../page.js'
import { timestampSql } from '../../schema.js'
import { Payout } from './schema.js'

export const PAYOUT_JSON = jsonObjectSql(Payout, 'p', {
  created_at: timestampSql('p.created_at'),
})
const PAYOUTS_PAGE = pageOf(
  PAYOUT_JSON,
  (payout) => `select p.seq, ${payout}, row_number() over (order by p.seq desc) as n
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
export async function listPayouts(
  db: Queryable,
  creatorId: string,
  before: number | null,
  limit: number,
): Promise<PayoutsPage> {
  return readPage(db, PAYOUTS_PAGE, [creatorId, before ?? Number.MAX_SAFE_INTEGER, limit])
}

export interface PayoutRow {
  id: string
  creator_id: string
  currency: string
  amount_cents: number
  commission_cents: number
  adjustment_cents: number
  line_count: number
  through: string
  created_at: string
  source: 'pay' | 'import'
}

const PAYOUT_ROW = `select id, creator_id, currency, amount_cents::int, commission_cents::int, adjustment_cents::int,
       line_count, to_char(through, 'YYYY-MM-DD') as through, ${timestampSql('created_at')} as created_at, source
  from payouts`

/** The operator's view (`csapi payouts list`): the newest payouts, of one creator or of all. */
export async function recentPayouts(db: Queryable, creatorId: string | null, limit: number): Promise<PayoutRow[]> {
  return db.query<PayoutRow>(`${PAYOUT_ROW} where ($1::text is null or creator_id = $1) order by seq desc limit $2`, [
    creatorId,
    limit,
  ])
}

/** One payout by id, whoever's it is (`csapi payouts show`). */
export async function payoutById(db: Queryable, id: string): Promise<PayoutRow | undefined> {
  const [row] = await db.query<PayoutRow>(`${PAYOUT_ROW} where id = $1`, [id])
  return row
}
