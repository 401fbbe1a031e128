// SQL for the creator reports list.
import type { Queryable } from '../db/index.js'
import { Report } from '../schemas/reports.js'
import { jsonObjectSql } from './json-sql.js'

export interface ReportFilters {
  brand_id?: string
  product_id?: string
  asin?: string
  link_id?: string
  marketplace?: string
}

export interface ReportQuery {
  creatorId: string
  start: string
  end: string
  filters: ReportFilters
  /** The (date, id) of the last row of the previous page. */
  after: { date: string; id: number } | null
  take: number
}

/** One row of a page: its key for the cursor, and the row as the API sends it, in JSON. */
export interface ReportRow {
  date: string
  id: number
  json: string
}

// The API's report object, built by PostgreSQL from the route's schema.
const REPORT_JSON = jsonObjectSql(Report, {
  date: 'r.date',
  brand_id: 'r.brand_id',
  product_id: 'r.product_id',
  asin: 'r.asin',
  marketplace: 'r.marketplace',
  currency: 'r.currency',
  sales_cents: 'r.sales_cents',
  commission_cents: 'r.commission_cents',
  commission_status: 'r.commission_status',
  orders: 'r.orders',
  units_sold: 'r.units_sold',
  clicks: 'r.clicks',
  detail_page_views: 'r.detail_page_views',
  add_to_carts: 'r.add_to_carts',
  link: { id: 'l.id', tracking_id: 'l.tracking_id', short_url: 'l.short_url', destination_url: 'l.destination_url' },
})

// Each filter narrows with a fixed fragment; only the placeholders' values vary. With a filter,
// the planner can use that filter's (creator_id, column, date, id) index.
const FILTER_COLUMNS = ['brand_id', 'product_id', 'asin', 'link_id', 'marketplace'] as const

/** One page of a creator's report rows in (date, id) order, as one index range scan. */
export async function listCreatorReports(db: Queryable, q: ReportQuery): Promise<ReportRow[]> {
  const params: unknown[] = [q.creatorId, q.start, q.end]
  const where = ['r.creator_id = $1', 'r.date >= $2::date', 'r.date <= $3::date']
  for (const col of FILTER_COLUMNS) {
    const value = q.filters[col]
    if (value === undefined) continue
    params.push(value)
    where.push(`r.${col} = $${params.length}`)
  }
  if (q.after) {
    params.push(q.after.date, q.after.id)
    where.push(`(r.date, r.id) > ($${params.length - 1}::date, $${params.length}::bigint)`)
  }
  params.push(q.take)
  return db.query<ReportRow>(
    `select r.date, r.id, ${REPORT_JSON} as json
       from report_rows r
       join links l on l.id = r.link_id
      where ${where.join(' and ')}
      order by r.date, r.id
      limit $${params.length}`,
    params,
    // Prepared only without a filter: a generic plan cannot know that a filter value is rare,
    // and would walk the creator's covering index filtering row by row (measured: 140 ms
    // instead of 0.4 ms for a brand of the largest creator). Filtered pages are planned each time.
    { prepare: !FILTER_COLUMNS.some((col) => q.filters[col] !== undefined) },
  )
}
