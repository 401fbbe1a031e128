// Reconciling payouts to the cent (docs/payouts.md), both ways, per currency: every payout's lines
// add up to it, every commission line is a paid report row with that commission, every adjustment
// line is a settled adjustment of that payout with after - before as its amount; and every paid
// report row is in exactly one payout's lines, so that what the payouts paid equals the
// commissions of the paid rows plus the settled adjustments. Prints the totals per currency;
// exits 1 naming each difference found.
//
//   CSAPI_TOKEN=<creator token> CSAPI_BASE_URL=http://127.0.0.1:3000 npx tsx examples/payouts.ts [--json]
//
// In your own project: import { Client } from 'csapi/client'
import { pathToFileURL } from 'node:url'
import { Client, type Adjustment, type ReportRow } from '../src/client/index.js'

export interface CurrencyTotal {
  currency: string
  payouts: number
  /** Of those, payouts imported with rows settled before the service (`source: "import"`). */
  imported: number
  paid_cents: number
  commission_cents: number
  adjustment_cents: number
  /** The commissions of the report rows whose status is `paid`. */
  paid_rows_cents: number
  /** The differences of the settled adjustments. */
  settled_adjustments_cents: number
}

export interface Reconciliation {
  totals: CurrencyTotal[]
  /** Empty when everything reconciles. */
  differences: string[]
}

const rowKey = (date: string, link: string, product: string, marketplace: string) =>
  `${date}|${link}|${product}|${marketplace}`

export async function reconcilePayouts(client: Client): Promise<Reconciliation> {
  const differences: string[] = []
  const totals = new Map<string, CurrencyTotal>()
  const total = (currency: string) => {
    const t = totals.get(currency) ?? {
      currency,
      payouts: 0,
      imported: 0,
      paid_cents: 0,
      commission_cents: 0,
      adjustment_cents: 0,
      paid_rows_cents: 0,
      settled_adjustments_cents: 0,
    }
    totals.set(currency, t)
    return t
  }
  const settled = new Map<string, Adjustment>()
  for await (const a of client.creator.adjustments.list({ status: 'settled', limit: 500 })) {
    settled.set(a.id, a)
    total(a.currency).settled_adjustments_cents += a.difference_cents
  }

  const commissionLines: { payout: string; key: string; amount: number; currency: string }[] = []
  for await (const payout of client.creator.payouts.list({ limit: 100 })) {
    const t = total(payout.currency)
    t.payouts++
    if (payout.source === 'import') t.imported++
    t.paid_cents += payout.amount_cents
    let commission = 0
    let adjustment = 0
    let lines = 0
    for await (const line of client.creator.payouts.lines(payout.id, { limit: 500 })) {
      lines++
      if (line.type === 'commission') {
        commission += line.amount_cents
        commissionLines.push({
          payout: payout.id,
          key: rowKey(line.date, line.link_id, line.product_id, line.marketplace),
          amount: line.amount_cents,
          currency: payout.currency,
        })
        continue
      }
      adjustment += line.amount_cents
      const a = settled.get(line.adjustment_id ?? '')
      if (!a || a.payout_id !== payout.id)
        differences.push(
          `${payout.id} line ${line.line_no}: adjustment ${line.adjustment_id} is not settled by this payout`,
        )
      else if (
        a.difference_cents !== line.amount_cents ||
        a.amount_after_cents - a.amount_before_cents !== line.amount_cents
      ) {
        differences.push(
          `${payout.id} line ${line.line_no}: ${line.amount_cents} but adjustment ${a.id} is ` +
            `${a.amount_before_cents} → ${a.amount_after_cents}`,
        )
      }
    }
    t.commission_cents += commission
    t.adjustment_cents += adjustment
    if (commission !== payout.commission_cents)
      differences.push(
        `${payout.id}: commission lines sum to ${commission}, the payout says ${payout.commission_cents}`,
      )
    if (adjustment !== payout.adjustment_cents)
      differences.push(
        `${payout.id}: adjustment lines sum to ${adjustment}, the payout says ${payout.adjustment_cents}`,
      )
    if (commission + adjustment !== payout.amount_cents)
      differences.push(`${payout.id}: lines sum to ${commission + adjustment}, the payout says ${payout.amount_cents}`)
    if (lines !== payout.line_count)
      differences.push(`${payout.id}: ${lines} lines, the payout says ${payout.line_count}`)
  }

  // Every report row the creator has, once: each commission line must name a paid row with its
  // commission, and each paid row must be named by exactly one commission line.
  const rows = new Map<string, ReportRow>()
  for await (const r of client.creator.reports.list({ start: '0001-01-01', end: '9999-12-31', limit: 500 })) {
    rows.set(rowKey(r.date, r.link.id, r.product_id, r.marketplace), r)
    if (r.commission_status === 'paid') total(r.currency).paid_rows_cents += r.commission_cents
  }
  const covered = new Map<string, string>()
  for (const l of commissionLines) {
    const r = rows.get(l.key)
    if (!r) differences.push(`${l.payout}: no report row ${l.key}`)
    else if (r.commission_status !== 'paid' || r.commission_cents !== l.amount || r.currency !== l.currency) {
      differences.push(
        `${l.payout}: row ${l.key} is ${r.commission_status} ${r.commission_cents} ${r.currency}, ` +
          `the line paid ${l.amount} ${l.currency}`,
      )
    }
    const first = covered.get(l.key)
    if (first !== undefined) differences.push(`row ${l.key} is paid twice: by ${first} and by ${l.payout}`)
    else covered.set(l.key, l.payout)
  }
  for (const [key, r] of rows) {
    if (r.commission_status === 'paid' && !covered.has(key))
      differences.push(`row ${key} is paid (${r.commission_cents} ${r.currency}) but no payout's line paid it`)
  }
  for (const t of totals.values()) {
    if (t.paid_cents !== t.paid_rows_cents + t.settled_adjustments_cents)
      differences.push(
        `${t.currency}: the payouts paid ${t.paid_cents}, the paid rows' commissions ${t.paid_rows_cents} + ` +
          `the settled adjustments ${t.settled_adjustments_cents} = ${t.paid_rows_cents + t.settled_adjustments_cents}`,
      )
  }
  return { totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)), differences }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!process.env.CSAPI_TOKEN) {
    process.stderr.write('usage: CSAPI_TOKEN=<creator token> [CSAPI_BASE_URL=…] npx tsx examples/payouts.ts [--json]\n')
    process.exit(2)
  }
  const client = new Client({
    token: process.env.CSAPI_TOKEN,
    baseUrl: process.env.CSAPI_BASE_URL ?? 'http://127.0.0.1:3000',
  })
  const result = await reconcilePayouts(client)
  if (process.argv.includes('--json')) process.stdout.write(JSON.stringify(result, null, 2) + '\n')
  else {
    for (const t of result.totals) {
      const imported = t.imported ? ` (${t.imported} imported)` : ''
      process.stdout.write(
        `${t.currency}  ${t.payouts} payouts${imported}  paid ${t.paid_cents} = commission ${t.commission_cents}` +
          ` + adjustments ${t.adjustment_cents} = paid rows ${t.paid_rows_cents}` +
          ` + settled adjustments ${t.settled_adjustments_cents} (cents)\n`,
      )
    }
    for (const d of result.differences) process.stdout.write(`DIFFERENCE ${d}\n`)
    if (result.differences.length === 0)
      process.stdout.write('every payout reconciles, and every paid row is in exactly one payout\n')
  }
  process.exit(result.differences.length === 0 ? 0 : 1)
}
