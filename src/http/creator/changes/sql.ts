// SQL for the changes feed of a creator's report rows: why change_seq never leaves a gap behind
// a reader is in migrations/007_report_changes.sql.
import type { Queryable } from '../../../db/index.js'
import { CHANGES_AT, REPORT_JSON } from '../reports/sql.js'

export interface FeedPage {
  found: number
  rows: string
  broken: number
  /** The change_seq of the page's last row (null for an empty page). */
  last: number | null
}

// One range scan of report_rows_changes_idx (per partition), stopped at limit + 1 rows.
const FEED_PAGE = `with found as (
    select r.change_seq, ${REPORT_JSON} as json, row_number() over (order by r.change_seq) as n
      from report_rows r
      join links l on l.id = r.link_id
     where r.creator_id = $1 and r.change_seq > $2::bigint
     order by r.change_seq
     limit $3::int + 1)
  select count(*)::int as found,
         coalesce(string_agg(json, ',' order by n) filter (where n <= $3::int), '') as rows,
         count(*) filter (where json is null)::int as broken,
         max(change_seq) filter (where n <= $3::int) as last
    from found`

export async function readFeedPage(db: Queryable, creatorId: string, after: number, limit: number): Promise<FeedPage> {
  const [p] = await db.query<FeedPage>(FEED_PAGE, [creatorId, after, limit], { prepare: true })
  return p!
}

export async function feedPosition(db: Queryable, creatorId: string): Promise<number> {
  const [p] = await db.query<{ at: number }>(`select ${CHANGES_AT} as at`, [creatorId])
  return p!.at
}
