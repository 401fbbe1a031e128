// Reconciliation: a creator's commissions for one month, summed per brand, commission status
// and currency, to check against what the brands say they owe and what was paid.
//
//   CSAPI_TOKEN=<creator token> CSAPI_BASE_URL=http://127.0.0.1:3000 npx tsx examples/reconcile.ts 2026-03 [--json]
//
// In your own project: import { Client } from 'csapi/client'
import { pathToFileURL } from 'node:url'
import { Client } from '../src/client/index.js'

export interface Total {
  brand_id: string
  commission_status: string
  currency: string
  rows: number
  orders: number
  sales_cents: number
  commission_cents: number
}

/** YYYY-MM → its first and last day. */
export function monthRange(month: string): { start: string; end: string } {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new Error(`month must look like 2026-03 (got "${month}")`)
  const [y, m] = month.split('-').map(Number) as [number, number]
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return { start: `${month}-01`, end: `${month}-${String(last).padStart(2, '0')}` }
}

export async function reconcile(client: Client, month: string): Promise<Total[]> {
  const totals = new Map<string, Total>()
  // every row of the month, page after page; amounts are integer minor units, so sums are exact
  for await (const row of client.creator.reports.list({ ...monthRange(month), limit: 500 })) {
    const key = `${row.brand_id}\t${row.commission_status}\t${row.currency}`
    let t = totals.get(key)
    if (!t)
      totals.set(
        key,
        (t = {
          brand_id: row.brand_id,
          commission_status: row.commission_status,
          currency: row.currency,
          rows: 0,
          orders: 0,
          sales_cents: 0,
          commission_cents: 0,
        }),
      )
    t.rows++
    t.orders += row.orders
    t.sales_cents += row.sales_cents
    t.commission_cents += row.commission_cents
  }
  return [...totals.values()].sort(
    (a, b) =>
      a.brand_id.localeCompare(b.brand_id) ||
      a.commission_status.localeCompare(b.commission_status) ||
      a.currency.localeCompare(b.currency),
  )
}

function table(totals: Total[]): string {
  const rows = [['BRAND', 'STATUS', 'CUR', 'ROWS', 'ORDERS', 'SALES', 'COMMISSION']].concat(
    totals.map((t) => [
      t.brand_id,
      t.commission_status,
      t.currency,
      String(t.rows),
      String(t.orders),
      (t.sales_cents / 100).toFixed(2),
      (t.commission_cents / 100).toFixed(2),
    ]),
  )
  const w = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  return rows.map((r) => r.map((c, i) => (i >= 3 ? c.padStart(w[i]!) : c.padEnd(w[i]!))).join('  ')).join('\n')
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const month = process.argv[2]
  if (!month || !process.env.CSAPI_TOKEN) {
    process.stderr.write(
      'usage: CSAPI_TOKEN=<creator token> [CSAPI_BASE_URL=…] npx tsx examples/reconcile.ts YYYY-MM [--json]\n',
    )
    process.exit(2)
  }
  const client = new Client({
    token: process.env.CSAPI_TOKEN,
    baseUrl: process.env.CSAPI_BASE_URL ?? 'http://127.0.0.1:3000',
  })
  const totals = await reconcile(client, month)
  process.stdout.write((process.argv.includes('--json') ? JSON.stringify(totals, null, 2) : table(totals)) + '\n')
}
