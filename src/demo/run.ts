// `csapi demo`: loads the generated demo dataset, issues one token per showcase account and
// returns ready-to-paste curl commands.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Db } from '../db/index.js'
import { importDataset } from '../dataset/import.js'
import { addDays, today as currentDay } from '../domain/dates.js'
import { ingestAmazonAttribution } from '../ingest/run.js'
import { approveThrough } from '../settlement/approve.js'
import { pay } from '../settlement/pay.js'
import { createToken } from '../tokens/tokens.js'
import type { Dataset } from '../dataset/types.js'
import { generateDemoDataset, type DemoSize } from './generate.js'
import { writeAmazonReports } from './amazon-reports.js'

/**
 * The money trail, so that /payouts, their lines and /adjustments answer with data: the demo's
 * Amazon reports ingested (restating some approved rows: adjustments), rows approved up to 30 days
 * ago, and every creator paid up to 45 days ago by the settlement `csapi commissions pay` runs —
 * the only way a demo row becomes paid. Run again, it adds nothing.
 */
async function settleDemo(db: Db, dataset: Dataset, today: string | undefined, end: string): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'csapi-demo-reports-'))
  try {
    writeAmazonReports(dataset, dir, { today: today ?? currentDay() })
    await ingestAmazonAttribution(db, [dir])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  await approveThrough(db, addDays(end, -30))
  let payouts = 0
  for (const a of dataset.accounts) {
    if (a.role === 'creator') payouts += (await pay(db, a.id, addDays(end, -45))).payouts.length
  }
  return payouts
}

export async function runDemo(
  db: Db,
  opts: { size: DemoSize; baseUrl: string; today?: string; amazonReportsDir?: string },
): Promise<string> {
  const started = Date.now()
  const { dataset, accounts } = generateDemoDataset({ size: opts.size, today: opts.today })
  const counts = await importDataset(db, dataset)
  const tokens = {
    // the creator's may also manage its webhook endpoints, as README's commands do
    creator: (
      await createToken(db, {
        accountId: accounts.creator,
        name: 'demo',
        expiresAt: null,
        scopes: ['read', 'webhooks:write'],
      })
    ).token,
    seller: (await createToken(db, { accountId: accounts.seller, name: 'demo', expiresAt: null })).token,
    operator: (await createToken(db, { accountId: accounts.operator, name: 'demo', expiresAt: null })).token,
  }
  const granted = await db.query<{ brand_id: string }>(
    `select a.brand_id from brand_access a
      where a.account_id = $1 and exists (select 1 from products p where p.brand_id = a.brand_id)
      order by a.brand_id limit 1`,
    [accounts.seller],
  )
  const brandId = granted[0]?.brand_id ?? ''
  const dates = dataset.report_rows.map((r) => r.date).sort()
  const end = dates[dates.length - 1] ?? currentDay()
  const start = addDays(end, -29)
  const rows = Object.values(counts).reduce((n, c) => n + c.inserted + c.updated, 0)
  // with --amazon-reports the user runs the flow; without, the demo runs it
  if (!opts.amazonReportsDir) await settleDemo(db, dataset, opts.today, end)
  const u = opts.baseUrl
  const loaded =
    `Demo data (${opts.size}) loaded into ${db.description}: ${rows} records written, ` +
    `${dataset.report_rows.length} report rows, in ${Date.now() - started} ms.`
  const note = opts.amazonReportsDir
    ? amazonReportsNote(dataset, opts.amazonReportsDir, opts.today, accounts.creator)
    : ''
  return `${loaded}

Tokens (shown once; new ones are issued on every run):
  creator  ${accounts.creator.padEnd(20)} ${tokens.creator}
  seller   ${accounts.seller.padEnd(20)} ${tokens.seller}
  operator ${accounts.operator.padEnd(20)} ${tokens.operator}

In the shell you run curl from, these set the variables the README's examples use:
  export CREATOR_TOKEN=${tokens.creator}
  export SELLER_TOKEN=${tokens.seller}
  export OPERATOR_TOKEN=${tokens.operator}

Try:
  curl -s -H 'Authorization: Bearer ${tokens.creator}' '${u}/api/creator/v1/brands?limit=5'
  curl -s -H 'Authorization: Bearer ${tokens.creator}' '${u}/api/creator/v1/reports?start=${start}&end=${end}&limit=3'${
    opts.amazonReportsDir
      ? ''
      : `
  curl -s -H 'Authorization: Bearer ${tokens.creator}' '${u}/api/creator/v1/payouts?limit=3'
  curl -s -H 'Authorization: Bearer ${tokens.creator}' '${u}/api/creator/v1/adjustments?limit=3'`
  }
  curl -s -H 'Authorization: Bearer ${tokens.seller}' '${u}/api/seller/v1/products?brand_id=${brandId}&limit=3'
  curl -s -H 'Authorization: Bearer ${tokens.operator}' '${u}/api/seller/v1/products?brand_id=${brandId}'

API reference: ${u}/docs   OpenAPI document: ${u}/openapi.json${note}`
}

function amazonReportsNote(
  dataset: Parameters<typeof writeAmazonReports>[0],
  dir: string,
  today: string | undefined,
  creator: string,
): string {
  const w = writeAmazonReports(dataset, dir, { today: today ?? currentDay() })
  return `

Amazon Attribution reports for the demo links written to ${dir}:
${w.files.map((f) => `  ${f}`).join('\n')}
  (${w.productRows} PRODUCTS rows, ${w.performanceRows} PERFORMANCE rows, ${w.restatedRows} restated rows)
Try the whole flow:
  npx csapi ingest amazon-attribution ${dir} --dry-run
  npx csapi ingest amazon-attribution ${dir}
  npx csapi commissions approve
  npx csapi commissions pay --creator ${creator}
  npx csapi payouts list --creator ${creator}
Then, with the creator token, GET /api/creator/v1/payouts, /payouts/{id}/lines and /adjustments (docs/payouts.md).
To receive each of these as a signed webhook, add an endpoint before the ingest and start the
service after it; it delivers what was queued (docs/webhooks.md):
  npx csapi webhooks add --account ${creator} --url https://…`
}
