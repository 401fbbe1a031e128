// SQL for a payout's lines in line order: a range scan of payout_lines' primary key.
import { hasRow, type Queryable } from '../../../db/index.js'
import { pageOf, readPage, jsonObjectSql } from '../../json-sql.js'
import type { SqlPage } from '../../page.js'
import { timestampSql } from '../../schema.js'
import { PayoutLine } from './schema.js'

/** Whether the payout is this creator's: another creator's and an unknown one answer alike. */
export async function payoutOf(db: Queryable, creatorId: string, payoutId: string): Promise<boolean> {
  return hasRow(db, 'select 1 from payouts where id = $1 and creator_id = $2', [payoutId, creatorId])
}

const LINE = jsonObjectSql(PayoutLine, 'l', {
  date: 'l.report_date',
  adjustment_id: `'adj_' || a.id`,
  amount_before_cents: 'a.amount_before_cents',
  amount_after_cents: 'a.amount_after_cents',
  found_at: `case when a.id is not null then ${timestampSql('a.created_at')} end`,
})

const LINES_PAGE = pageOf(
  LINE,
  (line) => `select l.line_no, ${line}, row_number() over (order by l.line_no) as n
     from payout_lines l
     left join commission_adjustments a on a.id = l.adjustment_id
    where l.payout_id = $1 and l.line_no > $2
    order by l.line_no
    limit $3 + 1`,
  ['line_no'],
  '$3',
)

export interface LinesPage extends SqlPage {
  last_line_no: number | null
}

export async function listPayoutLines(
  db: Queryable,
  payoutId: string,
  afterLine: number,
  limit: number,
): Promise<LinesPage> {
  return readPage(db, LINES_PAGE, [payoutId, afterLine, limit])
}
