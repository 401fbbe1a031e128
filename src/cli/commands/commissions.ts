// `csapi commissions approve [--through DATE]` and `csapi commissions pay --creator ID
// [--through DATE]`: pending → approved once the restatement window has passed, approved → paid.
import { Command } from 'commander'
import { RESTATEMENT_WINDOW_DAYS } from '../../domain/commission.js'
import { formatMinor } from '../../domain/money.js'
import { approveThrough, defaultApproveThrough, type CurrencyTotal } from '../../settlement/approve.js'
import { pay, type PayResult } from '../../settlement/pay.js'
import { today } from '../../domain/dates.js'
import { namedAccount, withDb } from '../db.js'
import { println, type Io } from '../io.js'
import { day } from '../options.js'

const WINDOW = RESTATEMENT_WINDOW_DAYS

export function commissionsCommand(io: Io): Command {
  const commissions = new Command('commissions').description('settle commissions: pending → approved → paid')
  commissions
    .command('approve')
    .description("approve every creator's pending rows dated up to a day; prints the commission per currency")
    .option('--through <date>', `last day, YYYY-MM-DD (default: today - ${WINDOW} days)`, day('--through'))
    .action((opts: { through?: string }) =>
      withDb(io, async (db) => {
        const through = opts.through ?? defaultApproveThrough()
        const moved = await approveThrough(db, through)
        const n = moved.reduce((s, t) => s + t.rows, 0)
        const per = n ? `; commission approved per currency:\n${totals(moved)}` : ''
        println(io.stdout, `approved ${n} pending rows dated up to ${through}${per}`)
      }),
    )
  commissions
    .command('pay')
    .description(
      'pay a creator: one payout per currency of its approved rows dated up to a day and its unsettled adjustments;' +
        ' a balance that is not positive carries forward',
    )
    .requiredOption('--creator <id>', 'the creator to pay')
    .option('--through <date>', 'last day, YYYY-MM-DD (default: today)', day('--through'))
    .action((opts: { creator: string; through?: string }) =>
      withDb(io, async (db) => {
        const through = opts.through ?? today()
        await namedAccount(db, opts.creator, 'creator')
        println(io.stdout, formatPay(opts.creator, through, await pay(db, opts.creator, through)))
      }),
    )
  return commissions
}

function totals(rows: CurrencyTotal[]): string {
  const money = (t: CurrencyTotal) => formatMinor(t.commission_cents, t.currency).padStart(14)
  return rows.map((t) => `  ${t.currency} ${money(t)}  (${t.rows} rows)`).join('\n')
}

/** What `pay` did: each payout made, each currency carried forward, or nothing. */
export function formatPay(creator: string, through: string, r: PayResult): string {
  const lines = r.payouts.map(
    (p) =>
      `  ${p.id}  ${p.currency} ${formatMinor(p.amount_cents, p.currency).padStart(14)}  = ` +
      `commission ${formatMinor(p.commission_cents, p.currency)}` +
      ` + adjustments ${formatMinor(p.adjustment_cents, p.currency)}  (${p.line_count} lines)`,
  )
  const carried = r.carried.map(
    (c) =>
      `  ${c.currency}: balance ${formatMinor(c.balance_cents, c.currency)} over ` +
      `${c.line_count} lines is not positive: nothing paid, carried forward`,
  )
  if (lines.length === 0 && carried.length === 0)
    return `nothing to pay ${creator}: no approved rows dated up to ${through} and no unsettled adjustments`
  return [
    lines.length
      ? `paid ${creator} through ${through}: ${lines.length} ` +
        `payout${lines.length === 1 ? '' : 's'} (csapi payouts show ID for the lines)`
      : `nothing paid to ${creator}`,
    ...lines,
    ...carried,
  ].join('\n')
}
