// `csapi payouts list [--creator ID] [--limit N]` and `csapi payouts show ID [--format text|csv | --csv]`:
// the operator's view of the payouts `csapi commissions pay` made, with the same lines a creator
// reads from GET /api/creator/v1/payouts/{payout_id}/lines (one SQL module serves both).
import { Command, Option } from 'commander'
import { formatMinor } from '../../domain/money.js'
import { payoutById, recentPayouts, type PayoutRow } from '../../http/creator/payouts/sql.js'
import { listPayoutLines } from '../../http/creator/payout-lines/sql.js'
import { namedAccount, withDb } from '../db.js'
import { UsageError } from '../errors.js'
import { println, type Io } from '../io.js'
import { integer } from '../options.js'

interface Line {
  line_no: number
  type: string
  date: string
  link_id: string
  product_id: string
  asin: string
  marketplace: string
  amount_cents: number
  adjustment_id?: string
  amount_before_cents?: number
  amount_after_cents?: number
}

const CSV_COLUMNS = [
  'line_no',
  'type',
  'date',
  'link_id',
  'product_id',
  'asin',
  'marketplace',
  'amount_cents',
  'adjustment_id',
  'amount_before_cents',
  'amount_after_cents',
] as const

const csvCell = (v: unknown) => {
  const s = v === undefined || v === null ? '' : String(v)
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s
}

export function payoutsCommand(io: Io): Command {
  const payouts = new Command('payouts').description('the payouts made by `csapi commissions pay`, and their lines')
  payouts
    .command('list')
    .description('the newest payouts, of one creator or of all')
    .option('--creator <id>', "only this creator's payouts")
    .option('--limit <n>', 'how many, 1 to 1000', integer('--limit', 1, 1000), 50)
    .action((opts: { creator?: string; limit: number }) =>
      withDb(io, async (db) => {
        if (opts.creator !== undefined) await namedAccount(db, opts.creator, 'creator')
        const rows = await recentPayouts(db, opts.creator ?? null, opts.limit)
        if (rows.length === 0) return println(io.stdout, opts.creator ? `no payouts for ${opts.creator}` : 'no payouts')
        for (const p of rows) println(io.stdout, summary(p))
      }),
    )
  payouts
    .command('show')
    .description('one payout and every line of it; --format csv prints the lines alone, amounts in cents')
    .argument('<payout_id>', 'a payout id, po_…')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'csv']).default('text'))
    .addOption(new Option('--csv', 'the same as --format csv').conflicts('format'))
    .action((id: string, opts: { format: 'text' | 'csv'; csv?: boolean }) =>
      withDb(io, async (db) => {
        if (opts.csv) opts.format = 'csv'
        const payout = await payoutById(db, id)
        if (!payout) throw new UsageError(`no payout "${id}" (csapi payouts list shows them)`)
        if (opts.format === 'csv') println(io.stdout, CSV_COLUMNS.join(','))
        else println(io.stdout, summary(payout))
        let after = 0
        for (;;) {
          const page = await listPayoutLines(db, id, after, 500)
          for (const l of JSON.parse(`[${page.rows}]`) as Line[]) {
            if (opts.format === 'csv') println(io.stdout, CSV_COLUMNS.map((c) => csvCell(l[c])).join(','))
            else println(io.stdout, lineText(l, payout.currency))
          }
          if (page.found <= 500 || page.last_line_no === null) break
          after = page.last_line_no
        }
      }),
    )
  return payouts
}

function summary(p: PayoutRow): string {
  const money = (c: number) => formatMinor(c, p.currency)
  return (
    `${p.id}  ${p.creator_id}  ${p.currency} ${money(p.amount_cents).padStart(12)}  = ` +
    `commission ${money(p.commission_cents)}` +
    ` + adjustments ${money(p.adjustment_cents)}  (${p.line_count} lines, through ${p.through}, ${p.created_at})` +
    (p.source === 'import' ? '  imported: paid before this service' : '')
  )
}

function lineText(l: Line, currency: string): string {
  const what =
    `${String(l.line_no).padStart(6)}  ${l.type.padEnd(10)}  ${l.date}  ${l.link_id}  ` +
    `${l.product_id}  ${l.asin}  ${l.marketplace}`
  const amount = formatMinor(l.amount_cents, currency).padStart(12)
  const restated =
    l.type === 'adjustment'
      ? `  (${formatMinor(l.amount_before_cents!, currency)} → ` +
        `${formatMinor(l.amount_after_cents!, currency)}, ${l.adjustment_id})`
      : ''
  return `${what}  ${amount}${restated}`
}
