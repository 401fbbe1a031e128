// An event's body, rendered when it is first sent: the payout or adjustment as the API returns
// it (the same SQL JSON as their routes), reports.changed with a changes-feed cursor signed like
// the feed's own.
import type { Queryable } from '../../db/index.js'
import type { EventRow, Render } from '../../webhooks/deliver.js'
import type { CursorCodec } from '../cursor.js'
import { ADJUSTMENT_JSON } from '../creator/adjustments/sql.js'
import { PAYOUT_JSON } from '../creator/payouts/sql.js'
import { changesScope } from '../creator/changes/cursor.js'

const PAYOUT = `select ${PAYOUT_JSON} as json from payouts p where p.id = $1`
const ADJUSTMENT = `select ${ADJUSTMENT_JSON} as json
  from commission_adjustments a join report_rows r on r.id = a.report_row_id where a.id = $1::bigint`

export function renderer(db: Queryable, cursors: CursorCodec): Render {
  const one = async (sql: string, id: unknown, what: string) => {
    const [row] = await db.query<{ json: string }>(sql, [id])
    if (!row) throw new Error(`${what} is gone`)
    return row.json
  }
  return async (e: EventRow) => {
    let data: string
    if (e.type === 'reports.changed') {
      const cursor = cursors.encode(changesScope(e.account_id), [e.feed_after ?? 0])
      data = JSON.stringify({ ...(JSON.parse(e.data) as object), cursor })
    } else if (e.type === 'payout.created') data = await one(PAYOUT, e.subject_id, `payout ${e.subject_id}`)
    else if (e.type === 'adjustment.created')
      data = await one(ADJUSTMENT, e.subject_id?.replace(/^adj_/, ''), `adjustment ${e.subject_id}`)
    else data = JSON.stringify(JSON.parse(e.data)) // compact, as the rest
    const [id, type, createdAt] = [e.id, e.type, e.created_at].map((v) => JSON.stringify(v))
    return `{"id":${id},"type":${type},"created_at":${createdAt},"data":${data}}`
  }
}
