// Settling commissions: pending → approved once Amazon can no longer restate the date, then
// approved → paid per creator. Each is one statement, so it is all or nothing.
import type { Db } from '../db/index.js'
import { LOCK } from '../ingest/sql.js'
import { currencyFractionDigits } from '../money.js'

/** Amazon restates a date for up to this many days. */
export const RESTATEMENT_WINDOW_DAYS = 28

export interface CurrencyTotal {
  currency: string
  rows: number
  commission_cents: number
}

/** today (UTC) minus the restatement window, as YYYY-MM-DD. */
export function defaultApproveThrough(now = new Date()): string {
  return new Date(now.getTime() - RESTATEMENT_WINDOW_DAYS * 86_400_000).toISOString().slice(0, 10)
}

// Settling takes the ingestion's lock: a row approved while a run computes its restatement
// would otherwise be neither updated nor recorded as an adjustment.
async function settle(db: Db, sql: string, params: unknown[]): Promise<CurrencyTotal[]> {
  return db.transaction(async (tx) => {
    // A batch job, not a request: the service's statement timeout would cut a large settlement.
    await tx.query('set local statement_timeout = 0')
    await tx.query(LOCK)
    return tx.query<CurrencyTotal>(sql, params)
  })
}

/** Moves pending rows dated up to `through` to approved; totals per currency of the rows moved. */
export async function approveThrough(db: Db, through: string): Promise<CurrencyTotal[]> {
  return settle(
    db,
    `with moved as (
       update report_rows set commission_status = 'approved', updated_at = now()
        where commission_status = 'pending' and date <= $1::date
       returning currency, commission_cents)
     select currency, count(*)::int as rows, sum(commission_cents)::bigint as commission_cents
       from moved group by currency order by currency`,
    [through],
  )
}

/** Moves a creator's approved rows dated up to `through` to paid; the payout per currency. */
export async function payThrough(db: Db, creatorId: string, through: string): Promise<CurrencyTotal[]> {
  return settle(
    db,
    `with moved as (
       update report_rows set commission_status = 'paid', updated_at = now()
        where creator_id = $1 and commission_status = 'approved' and date <= $2::date
       returning currency, commission_cents)
     select currency, count(*)::int as rows, sum(commission_cents)::bigint as commission_cents
       from moved group by currency order by currency`,
    [creatorId, through],
  )
}

/** Minor units as decimal text in the currency's digits: 12345 USD → "123.45", 500 JPY → "500". */
export function formatMinor(minor: number | bigint, currency: string): string {
  const digits = currencyFractionDigits(currency)
  const v = BigInt(minor)
  const neg = v < 0n
  const s = (neg ? -v : v).toString().padStart(digits + 1, '0')
  const whole = digits === 0 ? s : s.slice(0, -digits)
  const frac = digits === 0 ? '' : `.${s.slice(-digits)}`
  return `${neg ? '-' : ''}${whole}${frac}`
}
