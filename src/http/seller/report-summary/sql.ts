// SQL of the seller's report summary: the summary engine (src/http/summary-engine.ts) over one
// brand's rows and totals, of every creator. The totals tables hold the creator as a column, so
// creator_id groups and filters like brand, marketplace and status: whole months still come from
// report_month_brand_totals.
// Plan: the rows' parts (edges, days, a product or ASIN) are a range scan of
// report_rows_seller_idx (brand_id, date, id), the brand's rows only; the totals' parts a range
// scan of their *_seller_idx (brand_id, month or date; migration 019), or of their primary key
// (creator_id first) with a creator filter.
import type { Queryable } from '../../../db/index.js'
import { readSummary, type SummaryPage, type SummaryRequest, type SummarySource } from '../../summary-engine.js'

export const SELLER_SUMMARY_FILTERS = ['product_id', 'asin', 'creator_id', 'marketplace'] as const

export const BRAND_ROWS: SummarySource = {
  owner: (x) => `${x}.brand_id = $1`,
  coarseDims: ['creator_id'],
  extraFilters: ['creator_id'],
}

/** One page of the summary of brand `brandId`'s rows; the route has checked the grant. */
export function sellerSummary(db: Queryable, brandId: string, q: SummaryRequest): Promise<SummaryPage> {
  return readSummary(db, BRAND_ROWS, brandId, q)
}
