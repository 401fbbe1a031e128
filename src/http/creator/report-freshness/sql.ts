// SQL of the creator's report freshness, from the day totals kept with the rows
// (migrations/015_report_summaries.sql): a key's row goes when its last row leaves it, so the
// dates there are the dates with rows.
import type { Queryable } from '../../../db/index.js'
import { ReportFreshness } from './schema.js'
import { jsonObjectSql, pageOf, readPage } from '../../json-sql.js'
import type { SqlPage } from '../../page.js'
import { RESTATEMENT_WINDOW_DAYS } from '../../../domain/commission.js'

const ITEM = jsonObjectSql(ReportFreshness, 'f', {
  final_through: `case when f.final_through >= f.first_date then f.final_through end`,
})

// The creator's brands and marketplaces from the month totals (one range scan), then per pair
// three probes of the day totals' brand indexes: the first and last dates, and the first pending.
// final_through: the day before the first pending row, else the last date; not inside the
// restatement window (finalThrough: today − 29, where today is UTC's, or a sandbox world's own
// date, so that a world's finality moves with its clock); null when that is before the first row.
const AFTER = `and (brand_id collate "C", marketplace) > ($4::text collate "C", $5::text)`
const TODAY = `coalesce((select s.date from sandboxes s where s.id = $3::text), (now() at time zone 'UTC')::date)`
const PAGE = (withCursor: boolean) =>
  pageOf(
    ITEM,
    (row) => `select f.brand_id, f.marketplace, ${row}, 
              row_number() over (order by f.brand_id collate "C", f.marketplace) as n
       from (select p.brand_id, p.marketplace, d.reported_through, d.first_date,
                    least(d.reported_through, ${TODAY} - ${RESTATEMENT_WINDOW_DAYS + 1},
                          d.first_pending - 1) as final_through
               from (select distinct brand_id, marketplace from report_month_brand_totals
                      where creator_id = $1
                        ${withCursor ? AFTER : ''}) p
               cross join lateral (
                 select (select max(date) from report_day_totals t
                          where t.creator_id = $1 and t.brand_id = p.brand_id and t.marketplace = p.marketplace)
                          as reported_through,
                        (select min(date) from report_day_totals t
                          where t.creator_id = $1 and t.brand_id = p.brand_id and t.marketplace = p.marketplace)
                          as first_date,
                        (select min(date) from report_day_totals t
                          where t.creator_id = $1 and t.brand_id = p.brand_id and t.marketplace = p.marketplace
                            and t.commission_status = 'pending') as first_pending) d) f
      order by f.brand_id collate "C", f.marketplace
      limit $2::int + 1`,
    ['brand_id', 'marketplace'],
    '$2::int',
  )
const FIRST = PAGE(false)
const NEXT = PAGE(true)

export interface FreshnessPage extends SqlPage {
  last_brand_id: string | null
  last_marketplace: string | null
}

export function listFreshness(
  db: Queryable,
  creatorId: string,
  sandboxId: string,
  after: [string, string] | null,
  limit: number,
): Promise<FreshnessPage> {
  return after
    ? readPage<FreshnessPage>(db, NEXT, [creatorId, limit, sandboxId, ...after])
    : readPage<FreshnessPage>(db, FIRST, [creatorId, limit, sandboxId])
}
