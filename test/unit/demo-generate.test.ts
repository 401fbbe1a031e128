import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'

import {
  DEMO_PENDING_MAX_AGE,
  DEMO_REPORT_DAYS,
  generateDemoDataset,
  type DemoDataset,
} from '../../src/demo/generate.js'
import {
  BRAND_STATUSES,
  COMMISSION_STATUSES,
  PARTNERSHIP_STATUSES,
  PRODUCT_STATUSES,
} from '../../src/domain/statuses.js'
import type { Dataset, ProductIn } from '../../src/dataset/types.js'
import { marketplaceByCode, marketplaceByDomain } from '../../src/domain/marketplaces.js'
import { parseDataset } from '../../src/dataset/parse.js'
import { isWeekend, reportDays } from '../../src/demo/calendar.js'

const TODAY = '2026-03-15'
const DAY_MS = 86_400_000

function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)
}

function ageOf(date: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / DAY_MS)
}

// Generated once per (size, seed) and shared by the tests below.
const cache = new Map<string, DemoDataset>()
function demo(size: 'small' | 'medium' | 'large', seed = 42): DemoDataset {
  const key = `${size}/${seed}`
  let d = cache.get(key)
  if (d === undefined) {
    d = generateDemoDataset({ size, seed, today: TODAY })
    cache.set(key, d)
  }
  return d
}

function assertUnique(values: Iterable<string>, what: string): void {
  const seen = new Set<string>()
  for (const v of values) {
    assert.ok(!seen.has(v), `duplicate ${what}: ${v}`)
    seen.add(v)
  }
}

/** Expected commission, computed independently with bigint arithmetic. */
function expectedCommission(product: ProductIn, sales: number, units: number): number {
  const c = product.commission
  if (c === null) return 0
  if (c.type === 'flat') return c.flat_cents * units
  const n = BigInt(sales) * BigInt(c.rate_bps)
  const q = n / 10000n
  return Number(2n * (n % 10000n) >= 10000n ? q + 1n : q)
}

/** Every structural invariant: keys, references, content formats, metrics, dates. */
function checkDataset(d: Dataset, today: string): void {
  assert.equal(d.api_tokens.length, 0, 'no api tokens in the demo')

  // Unique keys per section.
  assertUnique(
    d.accounts.map((a) => a.id),
    'account id',
  )
  assertUnique(
    d.brands.map((b) => b.id),
    'brand id',
  )
  assertUnique(
    d.brands.map((b) => b.name),
    'brand name',
  )
  assertUnique(
    d.products.map((p) => p.id),
    'product id',
  )
  assertUnique(
    d.products.map((p) => p.asin),
    'asin',
  )
  assertUnique(
    d.links.map((l) => l.id),
    'link id',
  )
  assertUnique(
    d.links.map((l) => l.short_url),
    'short_url',
  )
  assertUnique(
    d.brand_access.map((a) => `${a.account_id}|${a.brand_id}`),
    'brand_access',
  )
  assertUnique(
    d.partnerships.map((p) => `${p.creator_id}|${p.brand_id}`),
    'partnership',
  )
  assertUnique(
    d.report_rows.map((r) => `${r.date}|${r.link_id}|${r.product_id}|${r.marketplace}`),
    'row key',
  )

  const accounts = new Map(d.accounts.map((a) => [a.id, a]))
  const brands = new Map(d.brands.map((b) => [b.id, b]))
  const products = new Map(d.products.map((p) => [p.id, p]))
  const links = new Map(d.links.map((l) => [l.id, l]))

  const prefix = { creator: 'cr_', seller: 'sl_', operator: 'op_' } as const
  for (const a of d.accounts) {
    assert.ok(a.id.startsWith(prefix[a.role]), `account ${a.id} prefix for ${a.role}`)
    assert.match(a.id, /^[a-z]{2}_[a-z0-9_]+$/)
    assert.ok(a.name.length > 0)
  }

  for (const b of d.brands) {
    assert.match(b.id, /^brand_[a-z0-9_]+$/)
    assert.ok((BRAND_STATUSES as readonly string[]).includes(b.status))
    assert.ok(b.description !== null && b.description.length > 20, `${b.id} description`)
    assert.match(b.logo_url ?? '', /^https:\/\/[a-z0-9.-]+\/\S+$/)
    assert.match(b.website ?? '', /^https:\/\/[a-z0-9.-]+$/)
  }

  const brandMarkets = new Map<string, Set<string>>()
  for (const p of d.products) {
    assert.match(p.id, /^prod_[a-z0-9_]+$/)
    assert.ok(brands.has(p.brand_id), `${p.id}.brand_id resolves`)
    assert.match(p.asin, /^B0[A-Z0-9]{8}$/)
    assert.ok((PRODUCT_STATUSES as readonly string[]).includes(p.status))
    const brandName = brands.get(p.brand_id)?.name ?? ''
    assert.ok(p.title.startsWith(`${brandName} `), `${p.id} title fits its brand: ${p.title}`)
    const m = marketplaceByCode(p.country_code ?? '')
    assert.ok(m !== undefined, `${p.id} country_code`)
    assert.equal(p.country_code, m.code)
    assert.equal(p.marketplace_id, m.marketplaceId)
    assert.equal(p.currency, m.currency)
    assert.equal(p.detail_page_url, `https://www.${m.domain}/dp/${p.asin}`)
    assert.match(p.image_url ?? '', /^https:\/\/\S+\.(jpg|png)$/)
    assert.ok(Number.isSafeInteger(p.price_cents) && (p.price_cents ?? 0) > 0, `${p.id} price`)
    const c = p.commission
    if (c !== null && c.type === 'percentage') {
      assert.ok(Number.isInteger(c.rate_bps) && c.rate_bps >= 500 && c.rate_bps <= 2000, `${p.id} rate_bps`)
    } else if (c !== null) {
      assert.equal(c.type, 'flat')
      assert.equal(c.currency_code, p.currency, `${p.id} flat currency = product currency`)
      assert.ok(Number.isInteger(c.flat_cents) && c.flat_cents > 0 && c.flat_cents < (p.price_cents ?? 0))
    }
    let set = brandMarkets.get(p.brand_id)
    if (set === undefined) brandMarkets.set(p.brand_id, (set = new Set()))
    set.add(m.code)
  }

  for (const a of d.brand_access) {
    assert.ok(brands.has(a.brand_id), `brand_access brand ${a.brand_id}`)
    const role = accounts.get(a.account_id)?.role
    assert.ok(role === 'seller' || role === 'operator', `brand_access account ${a.account_id} is a seller/operator`)
  }

  const partnership = new Map<string, string>()
  for (const p of d.partnerships) {
    assert.equal(accounts.get(p.creator_id)?.role, 'creator', `partnership creator ${p.creator_id}`)
    assert.ok(brands.has(p.brand_id), `partnership brand ${p.brand_id}`)
    assert.ok((PARTNERSHIP_STATUSES as readonly string[]).includes(p.status))
    partnership.set(`${p.creator_id}|${p.brand_id}`, p.status)
  }

  for (const l of d.links) {
    assert.match(l.id, /^link_[a-z0-9_]+$/)
    assert.equal(accounts.get(l.creator_id)?.role, 'creator', `${l.id}.creator_id`)
    assert.ok(brands.has(l.brand_id), `${l.id}.brand_id`)
    const status = partnership.get(`${l.creator_id}|${l.brand_id}`)
    assert.ok(status === 'approved' || status === 'suspended', `${l.id}: creator partnered with the brand`)
    assert.match(l.short_url, /^https:\/\/go\.example\.link\/[A-Za-z0-9]{5,12}$/)
    assert.match(l.tracking_id, /^$|^[a-z0-9-]+$/)
    if (l.product_id !== null) {
      const p = products.get(l.product_id)
      assert.ok(p !== undefined, `${l.id}.product_id resolves`)
      assert.equal(p.brand_id, l.brand_id, `${l.id} product belongs to the link's brand`)
      assert.equal(l.destination_url, p.detail_page_url)
    } else {
      const m = /^https:\/\/www\.([a-z.]+)\/stores\/[A-Za-z0-9]+\/page\/[0-9A-F-]{36}$/.exec(l.destination_url)
      assert.ok(m !== null, `${l.id} storefront destination ${l.destination_url}`)
      const mp = marketplaceByDomain(m[1] ?? '')
      assert.ok(
        mp !== undefined && brandMarkets.get(l.brand_id)?.has(mp.code),
        `${l.id} storefront on a brand marketplace`,
      )
    }
  }

  // Report rows.
  const first = addDays(today, -DEMO_REPORT_DAYS)
  const last = addDays(today, -1)
  const dates = new Set<string>()
  let previous = ''
  for (const r of d.report_rows) {
    const where = `${r.date}|${r.link_id}|${r.product_id}|${r.marketplace}`
    assert.match(r.date, /^\d{4}-\d{2}-\d{2}$/)
    assert.ok(r.date >= first && r.date <= last, `${where}: date in window`)
    assert.ok(r.date >= previous, 'rows are in date order')
    previous = r.date
    dates.add(r.date)
    const link = links.get(r.link_id)
    const product = products.get(r.product_id)
    assert.ok(link !== undefined, `${where}: link resolves`)
    assert.ok(product !== undefined, `${where}: product resolves`)
    assert.equal(product.brand_id, link.brand_id, `${where}: product belongs to the link's brand`)
    const m = marketplaceByCode(r.marketplace)
    assert.ok(m !== undefined && m.code === r.marketplace, `${where}: marketplace code`)
    assert.equal(r.currency, m.currency, `${where}: currency is the marketplace's`)
    assert.ok(brandMarkets.get(product.brand_id)?.has(r.marketplace), `${where}: a marketplace of the brand`)
    assert.equal(r.currency, product.currency, `${where}: same currency as the product`)

    for (const k of [
      'sales_cents',
      'commission_cents',
      'orders',
      'units_sold',
      'clicks',
      'detail_page_views',
      'add_to_carts',
    ] as const) {
      assert.ok(Number.isSafeInteger(r[k]) && r[k] >= 0, `${where}: ${k} is a non-negative integer`)
    }
    assert.ok(r.clicks >= r.detail_page_views, `${where}: clicks >= dpv`)
    assert.ok(r.detail_page_views >= r.add_to_carts, `${where}: dpv >= atc`)
    assert.ok(r.add_to_carts >= r.orders, `${where}: atc >= orders`)
    assert.ok(r.units_sold >= r.orders, `${where}: units >= orders`)
    assert.ok(r.clicks > 0, `${where}: a row has traffic`)
    assert.ok((COMMISSION_STATUSES as readonly string[]).includes(r.commission_status))
    if (r.commission_status === 'reversed') {
      assert.equal(r.sales_cents, 0, `${where}: reversed has no sales`)
      assert.equal(r.commission_cents, 0, `${where}: reversed has no commission`)
      assert.equal(r.orders, 0, `${where}: reversed has no orders`)
      assert.equal(r.units_sold, 0, `${where}: reversed has no units`)
    } else {
      assert.equal(r.sales_cents, r.units_sold * (product.price_cents ?? 0), `${where}: sales = units x price`)
      assert.equal(r.commission_cents, expectedCommission(product, r.sales_cents, r.units_sold), `${where}: commission`)
      const age = ageOf(r.date, today)
      // never paid: a row is paid only by a payout, and the demo pays through csapi commissions pay
      if (age <= DEMO_PENDING_MAX_AGE) assert.equal(r.commission_status, 'pending', `${where}: age ${age}`)
      else assert.equal(r.commission_status, 'approved', `${where}: age ${age}`)
    }
  }
  // 90 days ending yesterday, every one of them present.
  assert.equal(dates.size, DEMO_REPORT_DAYS)
  assert.equal([...dates].sort()[0], first)
  assert.equal([...dates].sort().at(-1), last)
}

// ---------------------------------------------------------------------------------------------

test('deterministic: same seed and today give the same dataset, another seed a different one', () => {
  const a = generateDemoDataset({ size: 'small', seed: 7, today: TODAY })
  const b = generateDemoDataset({ size: 'small', seed: 7, today: TODAY })
  assert.deepEqual(a, b)
  const c = generateDemoDataset({ size: 'small', seed: 8, today: TODAY })
  assert.notDeepEqual(a.dataset.report_rows, c.dataset.report_rows)
  assert.notDeepEqual(a.dataset.products, c.dataset.products)
  // The default seed is 42.
  assert.deepEqual(generateDemoDataset({ size: 'small', today: TODAY }), demo('small', 42))
  // Another `today` shifts the window.
  const d = generateDemoDataset({ size: 'small', seed: 7, today: '2026-03-16' })
  assert.equal(d.dataset.report_rows.at(-1)?.date, '2026-03-15')
})

test('default today is the current UTC day; rows end yesterday', () => {
  const before = new Date().toISOString().slice(0, 10)
  const { dataset } = generateDemoDataset({ size: 'small' })
  const after = new Date().toISOString().slice(0, 10)
  const lastDate = dataset.report_rows.at(-1)?.date
  assert.ok(lastDate === addDays(before, -1) || lastDate === addDays(after, -1))
})

test('rejects a malformed or impossible today and an unknown size', () => {
  assert.throws(() => generateDemoDataset({ size: 'small', today: '2026-3-5' }), RangeError)
  assert.throws(() => generateDemoDataset({ size: 'small', today: '2026-02-30' }), RangeError)
  assert.throws(() => generateDemoDataset({ size: 'huge' as 'small', today: TODAY }), RangeError)
})

for (const [size, seed] of [
  ['small', 42],
  ['small', 7],
  ['small', 1234567],
  ['medium', 42],
] as const) {
  test(`${size} seed ${seed}: keys, references, formats, metrics, commission arithmetic, dates`, () => {
    checkDataset(demo(size, seed).dataset, TODAY)
  })
}

test('small: sizes in range, showcase creator owns a good share of rows', () => {
  const { dataset: d, accounts } = demo('small')
  const role = (r: string): number => d.accounts.filter((a) => a.role === r).length
  assert.equal(role('creator'), 5)
  assert.equal(role('seller'), 3)
  assert.equal(role('operator'), 1)
  assert.equal(d.brands.length, 12)
  assert.ok(d.products.length >= 45 && d.products.length <= 75, `products ${d.products.length}`)
  assert.equal(d.links.length, 30)
  const rows = d.report_rows.length
  assert.ok(rows >= 1500 && rows <= 4000, `rows ${rows}`)
  const showcaseLinks = new Set(d.links.filter((l) => l.creator_id === accounts.creator).map((l) => l.id))
  const showcaseRows = d.report_rows.filter((r) => showcaseLinks.has(r.link_id)).length
  assert.ok(showcaseRows >= 500, `showcase rows ${showcaseRows}`)
  assert.ok(showcaseRows >= rows * 0.2, 'a good share of the rows')
})

test('medium: about ten times small', () => {
  const { dataset: d } = demo('medium')
  const role = (r: string): number => d.accounts.filter((a) => a.role === r).length
  assert.equal(role('creator'), 50)
  assert.equal(role('seller'), 30)
  assert.ok(role('operator') >= 1)
  assert.equal(d.brands.length, 120)
  assert.ok(d.products.length >= 450 && d.products.length <= 750, `products ${d.products.length}`)
  assert.equal(d.links.length, 300)
  assert.ok(d.report_rows.length >= 15_000 && d.report_rows.length <= 40_000, `rows ${d.report_rows.length}`)
})

test('large: about a hundred times small rows, generated in a few seconds, still consistent', () => {
  const started = performance.now()
  const generated = generateDemoDataset({ size: 'large', today: TODAY })
  const ms = performance.now() - started
  cache.set('large/42', generated)
  const d = generated.dataset
  assert.ok(ms < 5000, `generated in ${Math.round(ms)} ms`)
  assert.ok(d.report_rows.length >= 150_000 && d.report_rows.length <= 400_000, `rows ${d.report_rows.length}`)
  assert.equal(d.links.length, 3000)
  checkDataset(d, TODAY)
})

for (const size of ['small', 'medium', 'large'] as const) {
  test(`${size}: coverage of every state the API can show`, () => {
    const { dataset: d, accounts } = demo(size)
    const brands = new Map(d.brands.map((b) => [b.id, b]))
    const products = new Map(d.products.map((p) => [p.id, p]))
    const links = new Map(d.links.map((l) => [l.id, l]))

    // Brands.
    for (const s of BRAND_STATUSES)
      assert.ok(
        d.brands.some((b) => b.status === s),
        `a brand ${s}`,
      )
    assert.ok(
      d.brands.some((b) => b.status === 'active' && !b.discoverable),
      'active non-discoverable brand',
    )
    assert.ok(
      d.brands.some((b) => b.status === 'active' && !b.ads_connected),
      'active brand without ads',
    )

    // Products.
    const countries = new Set(d.products.map((p) => p.country_code))
    for (const c of ['US', 'UK', 'DE']) assert.ok(countries.has(c), `products in ${c}`)
    assert.ok(countries.size >= 4, `at least 4 marketplaces, got ${[...countries].join(',')}`)
    for (const s of PRODUCT_STATUSES)
      assert.ok(
        d.products.some((p) => p.status === s),
        `a product ${s}`,
      )
    assert.ok(
      d.products.some((p) => p.commission?.type === 'percentage'),
      'percentage commission',
    )
    assert.ok(
      d.products.some((p) => p.commission?.type === 'flat'),
      'flat commission',
    )
    assert.ok(
      d.products.some((p) => p.commission === null),
      'no commission',
    )

    // Showcase creator: a partnership in every state, one with a brand that is visible only
    // through it (not discoverable, or not active).
    const mine = d.partnerships.filter((p) => p.creator_id === accounts.creator)
    for (const s of PARTNERSHIP_STATUSES)
      assert.ok(
        mine.some((p) => p.status === s),
        `showcase partnership ${s}`,
      )
    assert.ok(
      mine.some((p) => {
        const b = brands.get(p.brand_id)
        return b !== undefined && (b.status !== 'active' || !b.discoverable)
      }),
      'a partnership with a brand hidden from discovery',
    )
    assert.equal(d.accounts.find((a) => a.id === accounts.creator)?.role, 'creator')

    // Brand access: seller some brands (≥ 2 with products, not all), operator more.
    assert.equal(d.accounts.find((a) => a.id === accounts.seller)?.role, 'seller')
    assert.equal(d.accounts.find((a) => a.id === accounts.operator)?.role, 'operator')
    const access = (id: string): string[] => d.brand_access.filter((a) => a.account_id === id).map((a) => a.brand_id)
    const sellerBrands = access(accounts.seller)
    const operatorBrands = access(accounts.operator)
    const withProducts = sellerBrands.filter((b) => d.products.some((p) => p.brand_id === b))
    assert.ok(withProducts.length >= 2, 'seller has at least two brands with products')
    assert.ok(sellerBrands.length < d.brands.length, 'seller does not see every brand')
    assert.ok(operatorBrands.length > sellerBrands.length, 'operator sees more brands than the seller')
    // The seller's brands show every product status and commission kind.
    const sellerProducts = d.products.filter((p) => sellerBrands.includes(p.brand_id))
    for (const s of PRODUCT_STATUSES)
      assert.ok(
        sellerProducts.some((p) => p.status === s),
        `seller product ${s}`,
      )
    assert.ok(sellerProducts.some((p) => p.commission?.type === 'flat'))
    assert.ok(sellerProducts.some((p) => p.commission === null))

    // Links.
    const owners = new Set(d.links.map((l) => l.creator_id))
    assert.ok(owners.size >= 3, 'links owned by several creators')
    assert.ok(
      d.links.some((l) => l.tracking_id === ''),
      'a link without tracking id',
    )
    assert.ok(
      d.links.some((l) => l.tracking_id !== ''),
      'a link with tracking id',
    )
    assert.ok(
      d.links.some((l) => l.product_id === null),
      'a storefront link',
    )
    assert.ok(
      d.links.some((l) => l.creator_id === accounts.creator && l.product_id === null),
      'showcase storefront link',
    )

    // Rows: every link earns rows, sparsely; second marketplaces; brand halo; storefront rows.
    const daysPerLink = new Map<string, Set<string>>()
    for (const r of d.report_rows) {
      let s = daysPerLink.get(r.link_id)
      if (s === undefined) daysPerLink.set(r.link_id, (s = new Set()))
      s.add(r.date)
    }
    for (const l of d.links) {
      const n = daysPerLink.get(l.id)?.size ?? 0
      assert.ok(n > 0, `${l.id} has rows`)
      assert.ok(n < DEMO_REPORT_DAYS, `${l.id} is sparse (${n} days)`)
    }
    const sparse = [...daysPerLink.values()].filter((s) => s.size > 30).map((s) => s.size / DEMO_REPORT_DAYS)
    const avg = sparse.reduce((a, b) => a + b, 0) / sparse.length
    assert.ok(avg >= 0.6 && avg <= 0.8, `links are live on 60–80 % of days (avg ${avg.toFixed(2)})`)

    let secondMarket = 0
    let halo = 0
    for (const r of d.report_rows) {
      const l = links.get(r.link_id)
      const p = products.get(r.product_id)
      if (l === undefined || p === undefined) continue
      if (l.product_id === null) continue
      if (l.product_id !== r.product_id) halo++
      else if (r.marketplace !== p.country_code) secondMarket++
    }
    assert.ok(secondMarket > 0, 'rows in a second marketplace of the brand')
    assert.ok(halo > 0, 'brand-halo rows')
    assert.ok(
      d.report_rows.some((r) => links.get(r.link_id)?.product_id === null),
      "storefront links earn rows (all for the brand's products)",
    )
    assert.ok(
      d.report_rows.some((r) => r.orders > 0 && r.commission_cents > 0),
      'rows that earn commission',
    )

    // Commission status by age, with some reversed rows in every age band.
    const bands = [
      { name: 'pending window', min: 1, max: DEMO_PENDING_MAX_AGE },
      { name: 'approved window', min: DEMO_PENDING_MAX_AGE + 1, max: DEMO_REPORT_DAYS },
    ]
    for (const band of bands) {
      const inBand = d.report_rows.filter((r) => {
        const age = ageOf(r.date, TODAY)
        return age >= band.min && age <= band.max
      })
      assert.ok(
        inBand.some((r) => r.commission_status === 'reversed'),
        `reversed rows in the ${band.name}`,
      )
      assert.ok(
        inBand.filter((r) => r.commission_status === 'reversed').length < inBand.length * 0.1,
        'only a few reversed',
      )
    }
    assert.ok(
      d.report_rows.every((r) => r.commission_status !== 'paid'),
      'no row comes paid: the demo pays through csapi commissions pay',
    )
  })
}

test("the importer's parseDataset accepts the JSON of every size", () => {
  for (const size of ['small', 'medium', 'large'] as const) {
    const { dataset } = demo(size)
    let parsed: Dataset | undefined
    assert.doesNotThrow(() => {
      parsed = parseDataset(JSON.parse(JSON.stringify(dataset)))
    }, `${size} parses`)
    assert.equal(parsed?.report_rows.length, dataset.report_rows.length)
    assert.equal(parsed?.products.length, dataset.products.length)
    assert.equal(parsed?.links.length, dataset.links.length)
  }
})

// The output is pinned: reorganising the generator must not change it (the order of PRNG draws
// is part of that). When the demo changes on purpose, put the new hashes here.
test('the output for seed 42 is pinned', () => {
  const sha256 = (d: DemoDataset): string => createHash('sha256').update(JSON.stringify(d)).digest('hex')
  assert.equal(sha256(demo('small')), '6676010adc5ef066a857d26aa7d1e28e333d73f789be025d8f7b2bba583fd9ce')
  assert.equal(sha256(demo('medium')), '1884d43602e86c381ae346f7cdccddad06a486fd0ca277e18ed1ac76aac3843a')
})

test('report days: the window ends yesterday, across a leap day; weekends', () => {
  const days = reportDays('2024-03-01')
  assert.equal(days.length, DEMO_REPORT_DAYS)
  assert.equal(days[0], '2023-12-02')
  assert.equal(days.at(-1), '2024-02-29')
  assert.throws(() => reportDays('2023-02-29'), RangeError)
  assert.deepEqual(['2026-03-13', '2026-03-14', '2026-03-15', '2026-03-16'].map(isWeekend), [false, true, true, false])
})
