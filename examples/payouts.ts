// Reconciling payouts to the cent (docs/payouts.md): every payout's lines add up to it, every
// commission line is a paid report row with that commission, every adjustment line is a settled
// adjustment of that payout with after - before as its amount. Prints the totals per currency;
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
  paid_cents: number
  commission_cents: number
  adjustment_cents: number
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
  const settled = new Map<string, Adjustment>()
  for await (const a of client.creator.adjustments.list({ status: 'settled', limit: 500 })) settled.set(a.id, a)

  const commissionLines: { payout: string; key: string; amount: number; currency: string }[] = []
  for await (const payout of client.creator.payouts.list({ limit: 100 })) {
    const t = totals.get(payout.currency) ?? {
      currency: payout.currency,
      payouts: 0,
      paid_cents: 0,
      commission_cents: 0,
      adjustment_cents: 0,
    }
    totals.set(payout.currency, t)
    t.payouts++
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

  // The report rows the commission lines name, read once over the days they span.
  if (commissionLines.length > 0) {
    const days = commissionLines.map((l) => l.key.slice(0, 10)).sort()
    const rows = new Map<string, ReportRow>()
    for await (const r of client.creator.reports.list({ start: days[0]!, end: days.at(-1)!, limit: 500 })) {
      rows.set(rowKey(r.date, r.link.id, r.product_id, r.marketplace), r)
    }
    for (const l of commissionLines) {
      const r = rows.get(l.key)
      if (!r) differences.push(`${l.payout}: no report row ${l.key}`)
      else if (r.commission_status !== 'paid' || r.commission_cents !== l.amount || r.currency !== l.currency) {
        differences.push(
          `${l.payout}: row ${l.key} is ${r.commission_status} ${r.commission_cents} ${r.currency}, ` +
            `the line paid ${l.amount} ${l.currency}`,
        )
      }
    }
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
      process.stdout.write(
        `${t.currency}  ${t.payouts} payouts  paid ${t.paid_cents} = commission ` +
          `${t.commission_cents} + adjustments ${t.adjustment_cents} (cents)\n`,
      )
    }
    for (const d of result.differences) process.stdout.write(`DIFFERENCE ${d}\n`)
    if (result.differences.length === 0) process.stdout.write('every payout reconciles\n')
  }
  process.exit(result.differences.length === 0 ? 0 : 1)
}
