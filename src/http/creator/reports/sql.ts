// SQL for the creator reports list.
import type { Queryable } from '../../../db/index.js'
import { ReportRow } from './schema.js'
import { pageOf, readPage, jsonObjectSql, type PageStatement } from '../../json-sql.js'
import type { SqlPage } from '../../page.js'

/** The filters of /reports, as their SQL takes them (marketplace upper case). */
export interface ReportFilters {
  brand_id?: string
  product_id?: string
  asin?: string
  link_id?: string
  marketplace?: string
}

/** What a list of report rows asks for besides its owner: its filters, cursor and page size. */
export interface RowsQuery<Filters> {
  /** start and end, and the filters given (creator/reports/route.ts rangeFilters). */
  filters: Filters & { start?: string; end?: string }
  /** The (date, id) of the last row of the previous page. */
  after: [string, number] | null
  limit: number
}

export interface ReportQuery extends RowsQuery<ReportFilters> {
  creatorId: string
}

/** A page of report rows as PostgreSQL wrote it: the rows' JSON, joined, and the key of its last row. */
export interface RowsPage extends SqlPage {
  last: [string, number] | null
}

export interface ReportPage extends RowsPage {
  /** The changes feed's position of the creator in the page's snapshot. */
  changesAt: number
}

// The API's report object, built by PostgreSQL from the route's schema (the changes feed's too).
export const REPORT = jsonObjectSql(ReportRow, 'r', {
  link: { id: 'l.id', tracking_id: 'l.tracking_id', short_url: 'l.short_url', destination_url: 'l.destination_url' },
})

/**
 * Where the feed stands now for a creator: its highest change number visible. Every change not
 * visible yet will get a higher one (writers number their changes in commit order). One probe of
 * report_rows_changes_idx (per partition).
 */
export const CHANGES_AT = `(select coalesce(max(change_seq), 0) from report_rows where creator_id = $1)`

/** The filters given, in `columns` order: the statement's shape ('f' or '-' per column) and their values. */
export function filterShape<C extends string>(
  columns: readonly C[],
  filters: Partial<Record<C, string>>,
): { shape: string; values: string[] } {
  let shape = ''
  const values: string[] = []
  for (const col of columns) {
    const value = filters[col]
    shape += value === undefined ? '-' : 'f'
    if (value !== undefined) values.push(value)
  }
  return { shape, values }
}

/**
 * The reader of a list of report rows `r` (with `joins`) in (date, id) order: the rows
 * `rowsWhere` keeps for the filters given (`columns`: their order, placeholders from after the
 * owner's `head` to `next` - 1), after the cursor's (date, id) when there is one, then the limit;
 * one row more than the page is read to know if more follow. `extra` adds columns to the page
 * (pageSql). A statement is built once per shape of filters and cursor, not per request.
 */
export function rowsReader<C extends string, Extra>(
  columns: readonly C[],
  json: string,
  joins: string,
  rowsWhere: (shape: string) => { where: string[]; next: number },
  extra: string[],
) {
  const statements = new Map<string, PageStatement>()
  const pageSql = (shape: string, withCursor: boolean): PageStatement => {
    const key = shape + (withCursor ? 'c' : '-')
    let sql = statements.get(key)
    if (sql !== undefined) return sql
    const { where, next } = rowsWhere(shape)
    let n = next
    if (withCursor) {
      where.push(`(r.date, r.id) > ($${n}::date, $${n + 1}::bigint)`)
      n += 2
    }
    const k = `$${n}::int`
    sql = pageOf(
      json,
      (row) => `select r.date, r.id, ${row}, row_number() over (order by r.date, r.id) as n
       from report_rows r
       ${joins}
      where ${where.join(' and ')}
      order by r.date, r.id
      limit ${k} + 1`,
      ['date', 'id'],
      k,
      extra,
    )
    statements.set(key, sql)
    return sql
  }
  const unfiltered = '-'.repeat(columns.length)
  return async (db: Queryable, head: unknown[], q: RowsQuery<Partial<Record<C, string>>>) => {
    const { shape, values } = filterShape(columns, q.filters)
    const params = [...head, ...values, ...(q.after ?? []), q.limit]
    const { last_date, last_id, ...page } = await readPage<
      SqlPage & Extra & { last_date: string | null; last_id: number | null }
    >(
      db,
      pageSql(shape, q.after !== null),
      params,
      // Prepared only without a filter: a generic plan cannot know that a filter value is rare,
      // and would walk the owner's covering index filtering row by row. Filtered pages are
      // planned each time.
      { prepare: shape === unfiltered },
    )
    const last: [string, number] | null = last_date !== null && last_id !== null ? [last_date, last_id] : null
    return { ...page, last }
  }
}

// Each filter narrows with a fixed fragment; only the placeholders' values vary. With a filter,
// the planner can use that filter's (creator_id, column, date, id) index. 64 statements at most.
const FILTER_COLUMNS = ['brand_id', 'product_id', 'asin', 'link_id', 'marketplace'] as const

const readReports = rowsReader<(typeof FILTER_COLUMNS)[number], { changes_at: number }>(
  FILTER_COLUMNS,
  REPORT,
  'join links l on l.id = r.link_id',
  (shape) => {
    const where = ['r.creator_id = $1', 'r.date >= $2::date', 'r.date <= $3::date']
    let n = 3
    FILTER_COLUMNS.forEach((col, i) => {
      if (shape[i] === 'f') where.push(`r.${col} = $${++n}`)
    })
    return { where, next: n + 1 }
  },
  // where the changes feed stands for this creator in this snapshot (creator/changes)
  [`${CHANGES_AT} as changes_at`],
)

/**
 * One page of a creator's report rows in (date, id) order, as one index range scan, returned as
 * one row whose JSON the server copies into the response.
 */
export async function listCreatorReports(db: Queryable, q: ReportQuery): Promise<ReportPage> {
  const { changes_at, ...page } = await readReports(db, [q.creatorId, q.filters.start, q.filters.end], q)
  return { ...page, changesAt: changes_at }
}

/**
 * Whether a brand filter must be refused with ads_not_connected: the brand is visible to the
 * creator, its Ads account is not connected, and the creator has no report rows of it. A
 * brand disconnected after rows were reported keeps them readable: a filter never hides what
 * the unfiltered list shows. The exists is one probe of report_rows_brand_idx: it compares
 * brand_id with $2, not with b.id, whose "C" collation would keep the index's brand_id out of
 * the probe (a scan of all the creator's rows instead).
 */
export async function brandFilterNotConnected(
  db: Queryable,
  creatorId: string,
  brandId: string,
  sandboxId: string,
): Promise<boolean> {
  // visible: a discoverable brand of the creator's world ($3), or a partnered one (always of it)
  const rows = await db.query<{ refuse: boolean }>(
    `select not b.ads_connected
            and not exists (select 1 from report_rows r where r.creator_id = $1 and r.brand_id = $2) as refuse
       from brands b
      where b.id = $2
        and ((b.status = 'active' and b.discoverable and b.sandbox_id = $3)
             or exists (select 1 from partnerships p where p.creator_id = $1 and p.brand_id = b.id))`,
    [creatorId, brandId, sandboxId],
    { prepare: true },
  )
  return rows[0]?.refuse ?? false
}
