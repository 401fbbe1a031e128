// `csapi demo --amazon-reports DIR`: the files it writes are real Amazon-format reports of the
// demo links, and ingesting them shows the whole flow (updates, a reversal, adjustments).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { openTestDb } from '../support/helpers.js'
import { tempDir } from '../support/temp-dir.js'
import type { Db } from '../../src/db/index.js'
import { importDataset } from '../../src/dataset/import.js'
import { generateDemoDataset } from '../../src/demo/generate.js'
import { writeAmazonReports } from '../../src/demo/amazon-reports.js'
import { ingestAmazonAttribution } from '../../src/ingest/run.js'
import { approveThrough } from '../../src/settlement/approve.js'
import { pay } from '../../src/settlement/pay.js'

const TODAY = '2026-06-15'
let db: Db
let close: () => Promise<void>
before(async () => {
  ;({ db, close } = await openTestDb())
})
after(() => close())
const dir = tempDir('csapi-demo-reports-')

test('demo reports: both report types and a restatement, all placeable, ingested as a restating run', async () => {
  const { dataset } = generateDemoDataset({ size: 'small', today: TODAY })
  assert.ok(
    dataset.links.every((l) => /^\d{15}$/.test(l.amazon_ad_group_id ?? '')),
    'every demo link has an ad group id',
  )
  await importDataset(db, dataset)
  const written = writeAmazonReports(dataset, dir, { today: TODAY })
  assert.deepEqual(
    written.files.map((f) => f.slice(dir.length + 1)),
    [
      'attribution-products-20260601-20260614.json',
      'attribution-performance-20260601-20260614.csv',
      'attribution-products-restated-20260615.ndjson',
    ],
  )
  const firstPage = JSON.parse(readFileSync(written.files[0]!, 'utf8').split('\n')[0]!) as {
    reports: Record<string, string>[]
    cursorId: string | null
  }
  assert.ok(firstPage.reports.length > 0 && typeof firstPage.cursorId === 'string')
  const pages = readFileSync(written.files[0]!, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as typeof firstPage)
  const types = new Set(pages.flatMap((p) => p.reports.map((r) => r.productConversionType)))
  assert.deepEqual([...types].sort(), ['Brand Halo', 'Promoted'])
  assert.equal(pages.at(-1)!.cursorId, null)
  assert.match(
    readFileSync(written.files[1]!, 'utf8'),
    /^date,campaignId,adGroupId,Click-throughs\n\d{8},\d+,\d{15},\d+\n/,
  )

  const sum = await ingestAmazonAttribution(db, [dir])
  assert.deepEqual(sum.unplaced, [])
  assert.equal(sum.rowsRead, written.productRows + written.performanceRows + written.restatedRows)
  assert.ok(sum.reportRows.updated > 0, "Amazon's numbers replace the demo's pending rows")
  assert.ok(sum.reportRows.reversed > 0, 'a full return on a pending day reverses its row')
  assert.ok(sum.adjustments.count > 0, 'returns on approved days become adjustments')
  const again = await ingestAmazonAttribution(db, [dir])
  assert.deepEqual([again.reportRows.inserted, again.reportRows.updated, again.adjustments.count], [0, 0, 0])

  // the flow the demo prints goes on to payouts that hold those adjustments
  await approveThrough(db, '2026-05-18')
  const [{ creator_id: creator } = { creator_id: '' }] = await db.query<{ creator_id: string }>(
    'select creator_id from commission_adjustments group by creator_id order by count(*) desc, creator_id limit 1',
  )
  const { payouts } = await pay(db, creator, TODAY)
  assert.ok(payouts.length > 0, `${creator} is paid`)
  assert.ok(
    payouts.some((p) => p.adjustment_cents !== 0),
    'a payout settles the restatements',
  )
  const [unsettled] = await db.query<{ n: number }>(
    'select count(*)::int as n from commission_adjustments where creator_id = $1 and payout_id is null',
    [creator],
  )
  assert.equal(unsettled!.n, 0)
})
