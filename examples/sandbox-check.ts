// The ten-minute path of docs/testing-your-integration.md as a program: with a sandbox world's
// creator test token, copy /reports, advance the world's clock, follow the changes feed, and check
// that the copy equals /reports again and that every payout reconciles with the rows it paid.
//
//   CSAPI_TOKEN=<creator test token> CSAPI_BASE_URL=http://127.0.0.1:3000 \
//     npx tsx examples/sandbox-check.ts [DAYS]
//
// It prints one JSON line and exits 0 when everything held, 1 when something did not.
// In your own project: import { Client } from 'csapi/client'
import { pathToFileURL } from 'node:url'
import { Client, type ReportRow } from '../src/client/index.js'

const keyOf = (r: ReportRow) => `${r.date}|${r.link.id}|${r.product_id}|${r.marketplace}`

export interface CheckResult {
  world: string
  from: string
  date: string
  rows: number
  copyEqualsReports: boolean
  payouts: { id: string; currency: string; amount_cents: number; lines_cents: number; paid_rows_match: boolean }[]
  ok: boolean
}

export async function sandboxCheck(client: Client, days: number): Promise<CheckResult> {
  const world = await client.sandbox.get()
  const range = { start: '2000-01-01', end: '2099-12-31', limit: 500 }

  // 1. the copy: one walk of /reports; its changes cursor is where the feed takes over
  const copy = new Map<string, ReportRow>()
  const walk = client.creator.reports.list(range)
  for await (const row of walk) copy.set(keyOf(row), row)
  const cursor = walk.changesCursor

  // 2. the world moves: new days, restatements, reversals, approvals, a payout on the 1st
  const seen = new Set((await client.creator.payouts.list({ limit: 100 }).toArray()).map((p) => p.id))
  const advanced = await client.sandbox.advance({ days })

  // 3. the feed brings every row that changed, in the order it last changed
  for await (const row of client.creator.reports.changes({ cursor, limit: 500 })) copy.set(keyOf(row), row)

  // 4. the copy equals /reports now
  const now = await client.creator.reports.list(range).toArray()
  const copyEqualsReports =
    now.length === copy.size && now.every((r) => JSON.stringify(copy.get(keyOf(r))) === JSON.stringify(r))

  // 5. each new payout: its lines add up to it, and each commission line is a paid row of that amount
  const payouts = []
  for (const p of await client.creator.payouts.list({ limit: 100 }).toArray()) {
    if (seen.has(p.id)) continue
    const lines = await client.creator.payouts.lines(p.id, { limit: 500 }).toArray()
    const paidRowsMatch = lines
      .filter((l) => l.type === 'commission')
      .every((l) => {
        const row = copy.get(`${l.date}|${l.link_id}|${l.product_id}|${l.marketplace}`)
        return row?.commission_status === 'paid' && row.commission_cents === l.amount_cents
      })
    payouts.push({
      id: p.id,
      currency: p.currency,
      amount_cents: p.amount_cents,
      lines_cents: lines.reduce((n, l) => n + l.amount_cents, 0),
      paid_rows_match: paidRowsMatch,
    })
  }
  const ok = copyEqualsReports && payouts.every((p) => p.amount_cents === p.lines_cents && p.paid_rows_match)
  return { world: world.id, from: advanced.from, date: advanced.date, rows: copy.size, copyEqualsReports, payouts, ok }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!process.env.CSAPI_TOKEN) {
    process.stderr.write(
      'usage: CSAPI_TOKEN=<creator test token> [CSAPI_BASE_URL=…] npx tsx examples/sandbox-check.ts [DAYS]\n',
    )
    process.exit(2)
  }
  const client = new Client({
    token: process.env.CSAPI_TOKEN,
    baseUrl: process.env.CSAPI_BASE_URL ?? 'http://127.0.0.1:3000',
    timeoutMs: 120_000,
  })
  const result = await sandboxCheck(client, Number(process.argv[2] ?? 30))
  process.stdout.write(JSON.stringify(result) + '\n')
  process.exit(result.ok ? 0 : 1)
}
