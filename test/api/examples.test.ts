// examples/ run as their users would run them (npx tsx …) against the real server loaded with the
// demo dataset; their output is checked against sums computed directly from the dataset.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { startServer, type TestServer } from '../support/helpers.js'
import { generateDemoDataset } from '../../src/demo/generate.js'
import { createToken } from '../../src/tokens/tokens.js'
import type { Total } from '../../examples/reconcile.js'
import type { SyncResult } from '../../examples/seller-sync.js'
import { Client } from '../../src/client/index.js'
import { mirroredRows, openMirror, syncOnce } from '../../examples/mirror.js'
import { writeAmazonReports } from '../../src/demo/amazon-reports.js'
import { ingestAmazonAttribution } from '../../src/ingest/run.js'
import { approveThrough } from '../../src/settlement/approve.js'
import { pay } from '../../src/settlement/pay.js'
import { marketplaceByCode } from '../../src/domain/marketplaces.js'
import { currencyFractionDigits } from '../../src/domain/money.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const { dataset, accounts } = generateDemoDataset({ size: 'small', today: '2026-05-15' })
let s: TestServer
let dir: string
const tokens = { creator: '', seller: '' }
before(async () => {
  s = await startServer(dataset)
  tokens.creator = (await createToken(s.db, { accountId: accounts.creator, name: 'examples', expiresAt: null })).token
  tokens.seller = (await createToken(s.db, { accountId: accounts.seller, name: 'examples', expiresAt: null })).token
  dir = mkdtempSync(join(tmpdir(), 'csapi-examples-'))
})
after(async () => {
  await s.close()
  rmSync(dir, { recursive: true, force: true })
})

async function runExample(script: string, token: string, args: string[]) {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    env: { ...process.env, CSAPI_TOKEN: token, CSAPI_BASE_URL: s.base },
  })
  return stdout
}

describe('examples/reconcile.ts', () => {
  test('commission per brand, status and currency for a month equals the dataset sums', async () => {
    const links = new Set(dataset.links.filter((l) => l.creator_id === accounts.creator).map((l) => l.id))
    const brandOf = new Map(dataset.products.map((p) => [p.id, p.brand_id]))
    const expected = new Map<string, { rows: number; orders: number; sales_cents: number; commission_cents: number }>()
    for (const r of dataset.report_rows) {
      if (!links.has(r.link_id) || !r.date.startsWith('2026-03')) continue
      const key = `${brandOf.get(r.product_id)}|${r.commission_status}|${r.currency}`
      const e = expected.get(key) ?? { rows: 0, orders: 0, sales_cents: 0, commission_cents: 0 }
      e.rows++
      e.orders += r.orders
      e.sales_cents += r.sales_cents
      e.commission_cents += r.commission_cents
      expected.set(key, e)
    }
    assert.ok(expected.size >= 2, 'the demo creator has March rows in several groups')

    const totals = JSON.parse(
      await runExample('examples/reconcile.ts', tokens.creator, ['2026-03', '--json']),
    ) as Total[]
    const got = new Map(
      totals.map((t) => [
        `${t.brand_id}|${t.commission_status}|${t.currency}`,
        { rows: t.rows, orders: t.orders, sales_cents: t.sales_cents, commission_cents: t.commission_cents },
      ]),
    )
    assert.deepEqual(got, expected)

    const text = await runExample('examples/reconcile.ts', tokens.creator, ['2026-03'])
    assert.match(text, /^BRAND +STATUS +CUR +ROWS +ORDERS +SALES +COMMISSION\n/)
    const first = totals[0]!
    assert.ok(text.includes((first.commission_cents / 100).toFixed(2)))
    assert.equal(text.trimEnd().split('\n').length, totals.length + 1)
  })
})

describe('examples/seller-sync.ts', () => {
  test('mirrors the granted brands, then reports exactly what changed', async () => {
    const granted = dataset.brand_access.filter((a) => a.account_id === accounts.seller).map((a) => a.brand_id)
    const withProducts = granted.filter((b) => dataset.products.some((p) => p.brand_id === b))
    assert.ok(withProducts.length >= 1)
    const brandArgs = [...withProducts, 'not_granted_brand'].flatMap((b) => ['--brand-id', b])
    const catalog = join(dir, 'catalog.json')
    const run = async () =>
      JSON.parse(
        await runExample('examples/seller-sync.ts', tokens.seller, [...brandArgs, '--catalog', catalog, '--json']),
      ) as SyncResult

    const expectedIds = dataset.products
      .filter((p) => withProducts.includes(p.brand_id))
      .map((p) => p.id)
      .sort()
    const first = await run()
    assert.deepEqual(first.added.sort(), expectedIds)
    assert.deepEqual(
      [first.changed, first.removed, first.unchanged, first.forbidden],
      [[], [], 0, ['not_granted_brand']],
    )
    const saved = JSON.parse(readFileSync(catalog, 'utf8'))
    assert.deepEqual(Object.keys(saved).sort(), expectedIds)

    const second = await run()
    assert.deepEqual([second.added, second.changed, second.removed, second.unchanged], [[], [], [], expectedIds.length])

    // the platform changes a price; a product the catalogue still holds is gone from the brand
    const changedId = expectedIds[0]!
    await s.db.query('update products set price_cents = coalesce(price_cents, 0) + 100 where id = $1', [changedId])
    const ghost = { ...saved[changedId], id: 'zz_gone', asin: 'B0GONE0000' }
    writeFileSync(catalog, JSON.stringify({ ...saved, zz_gone: ghost }))
    const third = await run()
    assert.deepEqual(
      [third.added, third.changed, third.removed, third.unchanged],
      [[], [changedId], ['zz_gone'], expectedIds.length - 1],
    )
    assert.equal(
      JSON.parse(readFileSync(catalog, 'utf8'))[changedId].price_cents,
      (saved[changedId].price_cents ?? 0) + 100,
    )
  })
})

/** An Amazon PRODUCTS report restating the creator's latest pending row of a link's own product. */
function restatedRow(path: string): string {
  const links = new Map(dataset.links.map((l) => [l.id, l]))
  const row = [...dataset.report_rows].reverse().find((r) => {
    const l = links.get(r.link_id)!
    return (
      l.creator_id === accounts.creator &&
      l.amazon_ad_group_id &&
      l.product_id === r.product_id &&
      r.commission_status === 'pending' &&
      r.units_sold > 0
    )
  })!
  const product = dataset.products.find((p) => p.id === row.product_id)!
  const units = row.units_sold + 1
  const sales = (row.sales_cents / row.units_sold) * units
  writeFileSync(
    path,
    JSON.stringify({
      date: row.date.replaceAll('-', ''),
      adGroupId: links.get(row.link_id)!.amazon_ad_group_id,
      productAsin: product.asin,
      marketplace: marketplaceByCode(row.marketplace)!.domain.toUpperCase(),
      productConversionType: 'Promoted',
      attributedDetailPageViewsClicks14d: String(row.detail_page_views),
      attributedAddToCartClicks14d: String(row.add_to_carts),
      attributedPurchases14d: String(row.orders + 1),
      unitsSold14d: String(units),
      attributedSales14d: (sales / 10 ** currencyFractionDigits(row.currency)).toFixed(
        currencyFractionDigits(row.currency),
      ),
    }) + '\n',
  )
  return path
}

describe('examples/mirror.ts', () => {
  test(
    'a PGlite copy kept by the changes feed ends equal to /reports, with ingestions, approval ' +
      'and payment in between',
    async () => {
      const client = new Client({ token: tokens.creator, baseUrl: s.base })
      // compared as sets keyed like the copy: /reports has its own order within a day
      const key = (r: { date: string; link: { id: string }; product_id: string; marketplace: string }) =>
        `${r.date}|${r.link.id}|${r.product_id}|${r.marketplace}`
      const byKey = <T extends Parameters<typeof key>[0]>(rows: T[]) =>
        rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
      const everything = async () =>
        byKey(await client.creator.reports.list({ start: '0001-01-01', end: '9999-12-31', limit: 500 }).toArray())
      const mirrorDir = join(dir, 'mirror')
      let db = await openMirror(mirrorDir)
      assert.ok((await syncOnce(client, db)) > 0)
      assert.deepEqual(byKey(await mirroredRows(db)), await everything())

      // Amazon's reports of the demo links, and its restatement of one of the creator's pending rows
      // (one more unit sold): what else changes depends on the demo's draws
      await ingestAmazonAttribution(s.db, [
        writeAmazonReports(dataset, join(dir, 'amazon'), { today: '2026-05-15' }).files[0]!,
        restatedRow(join(dir, 'one-more-unit.ndjson')),
      ])
      await db.close()
      db = await openMirror(mirrorDir) // a restart: the position was kept with the rows
      const afterIngest = await syncOnce(client, db)
      assert.ok(afterIngest > 0, "the ingestion changed some of the creator's rows")
      assert.deepEqual(byKey(await mirroredRows(db)), await everything())

      await ingestAmazonAttribution(s.db, [join(dir, 'amazon')])
      await approveThrough(s.db, '2026-04-30')
      await pay(s.db, accounts.creator, '2026-04-30')
      await syncOnce(client, db)
      assert.deepEqual(byKey(await mirroredRows(db)), await everything())
      assert.equal(await syncOnce(client, db), 0, 'caught up: nothing more')
      await db.close()
    },
  )
})
