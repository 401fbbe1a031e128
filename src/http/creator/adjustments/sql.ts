// SQL for the creator's adjustments in the order they were found: a range scan of
// commission_adjustments_creator_idx, or of _status_idx with a status filter.
import type { Queryable } from '../../../db/index.js'
import { pageOf, readPage, jsonObjectSql } from '../../json-sql.js'
import type { SqlPage } from '../../page.js'
import { timestampSql } from '../../schema.js'
import { Adjustment } from './schema.js'

export const ADJUSTMENT_JSON = jsonObjectSql(Adjustment, 'a', {
  id: `'adj_' || a.id`,
  status: `case when a.payout_id is null then 'unsettled' else 'settled' end`,
  date: 'a.report_date',
  link_id: 'r.link_id',
  product_id: 'r.product_id',
  asin: 'r.asin',
  marketplace: 'r.marketplace',
  found_at: timestampSql('a.created_at'),
})

const page = (filter: string) =>
  pageOf(
    ADJUSTMENT_JSON,
    (adjustment) => `select a.id, ${adjustment}, row_number() over (order by a.id) as n
       from commission_adjustments a
       join report_rows r on r.id = a.report_row_id
      where a.creator_id = $1 and a.id > $2::bigint ${filter}
      order by a.id
      limit $3 + 1`,
    ['id'],
    '$3',
  )
const PAGES = {
  all: page(''),
  settled: page('and (a.payout_id is not null) = true'),
  unsettled: page('and (a.payout_id is not null) = false'),
}

export interface AdjustmentsPage extends SqlPage {
  last_id: number | null
}

export async function listAdjustments(
  db: Queryable,
  creatorId: string,
  status: 'settled' | 'unsettled' | undefined,
  afterId: number,
  limit: number,
): Promise<AdjustmentsPage> {
  return readPage(db, PAGES[status ?? 'all'], [creatorId, afterId, limit])
}
