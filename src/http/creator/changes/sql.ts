// SQL for the changes feed of a creator's report rows: why change_seq never leaves a gap behind
// a reader is in migrations/007_report_changes.sql.
import type { Queryable } from '../../../db/index.js'
import { pageOf, readPage } from '../../json-sql.js'
import type { SqlPage } from '../../page.js'
import { CHANGES_AT, REPORT } from '../reports/sql.js'

export interface FeedPage extends SqlPage {
  /** The change_seq of the page's last row, even on a short page (null for an empty page). */
  last_change_seq: number | null
}

// One range scan of report_rows_changes_idx (per partition), stopped at limit + 1 rows. The
// report object is the one /reports returns, written by PostgreSQL, or on PGlite by the server
// from its values (src/http/json-sql.ts).
const FEED_PAGE = pageOf(
  REPORT,
  (report) => `select r.change_seq, ${report}, row_number() over (order by r.change_seq) as n
      from report_rows r
      join links l on l.id = r.link_id
     where r.creator_id = $1 and r.change_seq > $2::bigint
     order by r.change_seq
     limit $3::int + 1`,
  ['change_seq'],
  '$3::int',
  [],
  { lastOfPage: true },
)

export async function readFeedPage(db: Queryable, creatorId: string, after: number, limit: number): Promise<FeedPage> {
  return readPage(db, FEED_PAGE, [creatorId, after, limit])
}

export async function feedPosition(db: Queryable, creatorId: string): Promise<number> {
  const [p] = await db.query<{ at: number }>(`select ${CHANGES_AT} as at`, [creatorId])
  return p!.at
}
