// `csapi commissions pay`: one payout per currency for a creator, holding the approved report
// rows dated up to a day (commission lines) and every adjustment not yet settled (adjustment
// lines), in one transaction under the report writers' lock. Rows become paid, adjustments
// settled; a second run for the same state finds nothing. A currency whose balance is not
// positive (clawbacks larger than new commission) gets no payout: its rows stay approved and its
// adjustments unsettled, and the balance carries forward to a later run. The invariant (the amount
// is the sum of the lines) is checked by the database when the transaction commits
// (migrations/008_payouts.sql).
import type { BatchSession, Db, Queryable } from '../db/index.js'
import { beginReportWrite, recordEvents } from '../events/record.js'

export interface PayoutMade {
  id: string
  currency: string
  amount_cents: number
  commission_cents: number
  adjustment_cents: number
  line_count: number
}

export interface CarriedForward {
  currency: string
  /** Not positive: commission + adjustments that would have been paid. */
  balance_cents: number
  line_count: number
}

export interface PayResult {
  payouts: PayoutMade[]
  carried: CarriedForward[]
}

// The candidate lines of each currency, numbered in the lines' documented order: commission
// lines by (date, link, product, marketplace), then adjustment lines in the order they were found.
const CANDIDATES = `create temp table pay_lines on commit drop as
  select currency, type, creator_id, report_date, report_row_id, link_id, product_id, asin, marketplace, amount_cents,
         adjustment_id,
         row_number() over (partition by currency
                            order by type desc, report_date, link_id, product_id, marketplace, adjustment_id) as line_no
    from (
      select r.currency, 'commission' as type, r.creator_id, r.date as report_date, r.id as report_row_id, r.link_id,
             r.product_id, r.asin, r.marketplace, r.commission_cents as amount_cents, null::bigint as adjustment_id
        from report_rows r
       where r.creator_id = $1 and r.commission_status = 'approved' and r.date <= $2::date
      union all
      select a.currency, 'adjustment', a.creator_id, a.report_date, a.report_row_id, r.link_id,
             r.product_id, r.asin, r.marketplace, a.difference_cents, a.id
        from commission_adjustments a
        join report_rows r on r.id = a.report_row_id
       where a.creator_id = $1 and a.payout_id is null
    ) lines`

// One payout per currency whose balance is positive.
const PAYOUTS = `insert into payouts (id, creator_id, currency, commission_cents, adjustment_cents, amount_cents,
    line_count, through)
  select 'po_' || replace(gen_random_uuid()::text, '-', ''), $1, currency,
         coalesce(sum(amount_cents) filter (where type = 'commission'), 0),
         coalesce(sum(amount_cents) filter (where type = 'adjustment'), 0),
         sum(amount_cents), count(*), $2::date
    from pay_lines group by currency having sum(amount_cents) > 0
   order by currency
  returning id, currency, amount_cents, commission_cents, adjustment_cents, line_count`

const LINES = `insert into payout_lines (payout_id, line_no, type, creator_id, report_date, report_row_id, link_id,
    product_id, asin, marketplace, amount_cents, adjustment_id)
  select p.id, l.line_no, l.type, l.creator_id, l.report_date, l.report_row_id, l.link_id, l.product_id, l.asin,
         l.marketplace, l.amount_cents, l.adjustment_id
    from pay_lines l
    join payouts p on p.id = any ($1::text[]) and p.currency = l.currency`

const PAID = `update report_rows r
     set commission_status = 'paid', updated_at = now(), change_seq = nextval('report_rows_change_seq')
    from pay_lines l join payouts p on p.id = any ($2::text[]) and p.currency = l.currency
   where l.type = 'commission' and r.creator_id = $1 and r.id = l.report_row_id`

const SETTLED = `update commission_adjustments a set payout_id = p.id
    from pay_lines l join payouts p on p.id = any ($1::text[]) and p.currency = l.currency
   where l.type = 'adjustment' and a.id = l.adjustment_id`

const CARRIED = `select currency, sum(amount_cents)::bigint as balance_cents, count(*)::int as line_count
    from pay_lines group by currency having sum(amount_cents) <= 0 order by currency`

/** Pays a creator up to `through` (YYYY-MM-DD). */
export async function pay(db: Db, creatorId: string, through: string): Promise<PayResult> {
  return db.batch(async (s) => payIn(s, creatorId, through), { name: 'pay' })
}

async function payIn(s: BatchSession, creatorId: string, through: string): Promise<PayResult> {
  const mark = await beginReportWrite(s)
  const result = await payLinesIn(s, creatorId, through)
  await recordEvents(s, mark)
  return result
}

/**
 * Pays inside a transaction that holds the report writers' lock (beginReportWrite); the caller
 * records the events. Its temporary table is dropped at the end, so a transaction can pay again.
 */
export async function payLinesIn(s: Queryable, creatorId: string, through: string): Promise<PayResult> {
  const params = [creatorId, through]
  await s.query(CANDIDATES, params)
  const payouts = await s.query<PayoutMade>(PAYOUTS, params)
  if (payouts.length > 0) {
    // the payouts this call made (a transaction may pay more than once: a sandbox world's history)
    const ids = payouts.map((p) => p.id)
    await s.query(LINES, [ids])
    await s.query(PAID, [creatorId, ids])
    await s.query(SETTLED, [ids])
  }
  const carried = await s.query<CarriedForward>(CARRIED)
  await s.query('drop table pay_lines')
  return { payouts, carried }
}
