// SQL for the seller reports list: one brand's report rows of every creator.
import type { Queryable } from '../../../db/index.js'
import { SellerReportRow } from './schema.js'
import { jsonObjectSql } from '../../json-sql.js'
import { rowsReader, type RowsPage, type RowsQuery } from '../../creator/reports/sql.js'

/** The filters of the seller's /reports, as their SQL takes them (marketplace upper case). */
export interface SellerReportFilters {
  product_id?: string
  asin?: string
  creator_id?: string
  marketplace?: string
}

export interface SellerReportQuery extends RowsQuery<SellerReportFilters> {
  accountId: string
  brandId: string
}

export interface SellerReportPage extends RowsPage {
  /** Whether the brand is granted to the account that asked: when not, the page is refused. */
  granted: boolean
}

// The creator is its account's id and name; of the link only its id (the schema has no more).
export const SELLER_REPORT = jsonObjectSql(SellerReportRow, 'r', {
  creator: { id: 'r.creator_id', name: 'a.name' },
})

export const SELLER_FILTER_COLUMNS = ['product_id', 'asin', 'creator_id', 'marketplace'] as const

/**
 * The rows a seller's statement reads: brand $1's rows from $2 to $3 and the filters given
 * (placeholders from $5 on, in SELLER_FILTER_COLUMNS order), none unless brand $1 is granted to
 * account $4. Returns the conditions and the next free placeholder. Shared with the summaries,
 * which add up the same rows.
 */
export function sellerRowsWhere(shape: string): { where: string[]; next: number } {
  const where = [
    'r.brand_id = $1',
    'r.date >= $2::date',
    'r.date <= $3::date',
    // not correlated with the row: a one-time filter, so that an ungranted brand reads no row
    'exists (select 1 from brand_access g where g.account_id = $4 and g.brand_id = $1)',
  ]
  let n = 4
  SELLER_FILTER_COLUMNS.forEach((col, i) => {
    if (shape[i] === 'f') where.push(`r.${col} = $${++n}`)
  })
  return { where, next: n + 1 }
}

// Plan: without a creator filter, a range scan of report_rows_seller_idx (brand_id, date, id) from
// the cursor on, each row's heap tuple read (the index holds the key only, to keep the ingest's
// cost down), the product, ASIN and marketplace filters checked on it, stopped after limit + 1
// rows: the page reads the brand's rows and no other brand's (test/db/index-use.test.ts). With
// creator_id the planner takes one of that creator's indexes by cost: its rows of the brand
// (report_rows_brand_idx), or, for a creator of few brands, its rows index-only
// (report_rows_creator_cover_idx). The creator's name is one probe of accounts' key per row (a.id
// is "C"; compared with r.creator_id the "C" collation wins, so the key is used).
const readReports = rowsReader<(typeof SELLER_FILTER_COLUMNS)[number], { granted: boolean }>(
  SELLER_FILTER_COLUMNS,
  SELLER_REPORT,
  'join accounts a on a.id = r.creator_id',
  sellerRowsWhere,
  ['exists (select 1 from brand_access where account_id = $4 and brand_id = $1) as granted'],
)

/**
 * One page of a brand's report rows in (date, id) order for an account, and whether the brand is
 * granted to it; one row more than the page is read to know if more follow.
 */
export const listSellerReports = (db: Queryable, q: SellerReportQuery): Promise<SellerReportPage> =>
  readReports(db, [q.brandId, q.filters.start, q.filters.end, q.accountId], q)
