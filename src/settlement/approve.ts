// `csapi commissions approve`: pending → approved once Amazon can no longer restate the date (pay.ts
// then pays approved rows). One statement, so it is all or nothing.
import type { Db, Queryable } from '../db/index.js'
import { beginReportWrite, recordEvents } from '../events/record.js'
import { RESTATEMENT_WINDOW_DAYS } from '../domain/commission.js'
import { addDays, today } from '../domain/dates.js'

export interface CurrencyTotal {
  currency: string
  rows: number
  commission_cents: number
}

/** today (UTC) minus the restatement window, as YYYY-MM-DD. */
export function defaultApproveThrough(now = new Date()): string {
  return addDays(today(now), -RESTATEMENT_WINDOW_DAYS)
}

// Settling takes the ingestion's lock: a row approved while a run computes its restatement
// would otherwise be neither updated nor recorded as an adjustment.
/** Moves live creators' pending rows dated up to `through` to approved; totals per currency of the rows moved. */
export async function approveThrough(db: Db, through: string): Promise<CurrencyTotal[]> {
  // A batch job, not a request: the service's statement timeout would cut a large settlement.
  return db.batch(
    async (tx) => {
      const mark = await beginReportWrite(tx)
      const totals = await approveIn(tx, through)
      await recordEvents(tx, mark)
      return totals
    },
    { name: 'settle' },
  )
}

// Live rows only, or one creator's: a sandbox world's rows are approved by its own clock
// (src/sandbox/), never by the operator's run. A range scan of report_rows_status_idx either way.
const APPROVE = `with moved as (
     update report_rows r
        set commission_status = 'approved', updated_at = now(), change_seq = nextval('report_rows_change_seq')
      where r.commission_status = 'pending' and r.date <= $1::date
        and case when $2::text is null
                 then not exists (select 1 from accounts a where a.id = r.creator_id and a.sandbox_id <> '')
                 else r.creator_id = $2::text end
     returning currency, commission_cents)
   select currency, count(*)::int as rows, sum(commission_cents)::bigint as commission_cents
     from moved group by currency order by currency`

/**
 * Approves inside a transaction that holds the report writers' lock (beginReportWrite): every live
 * creator's pending rows up to `through`, or, given `creatorId`, that creator's alone.
 */
export async function approveIn(tx: Queryable, through: string, creatorId?: string): Promise<CurrencyTotal[]> {
  return tx.query<CurrencyTotal>(APPROVE, [through, creatorId ?? null])
}
