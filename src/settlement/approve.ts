// `csapi commissions approve`: pending → approved once Amazon can no longer restate the date (pay.ts
// then pays approved rows). One statement, so it is all or nothing.
import type { Db } from '../db/index.js'
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
async function settle(db: Db, sql: string, params: unknown[]): Promise<CurrencyTotal[]> {
  // A batch job, not a request: the service's statement timeout would cut a large settlement.
  return db.batch(
    async (tx) => {
      const mark = await beginReportWrite(tx)
      const totals = await tx.query<CurrencyTotal>(sql, params)
      await recordEvents(tx, mark)
      return totals
    },
    { name: 'settle' },
  )
}

/** Moves pending rows dated up to `through` to approved; totals per currency of the rows moved. */
export async function approveThrough(db: Db, through: string): Promise<CurrencyTotal[]> {
  return settle(
    db,
    `with moved as (
       update report_rows
          set commission_status = 'approved', updated_at = now(), change_seq = nextval('report_rows_change_seq')
        where commission_status = 'pending' and date <= $1::date
       returning currency, commission_cents)
     select currency, count(*)::int as rows, sum(commission_cents)::bigint as commission_cents
       from moved group by currency order by currency`,
    [through],
  )
}
