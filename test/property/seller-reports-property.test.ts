// The seller's reports of a brand are exactly the union over creators of what each creator's
// /reports shows of that brand, field by field, with the same date range and filters: on random
// worlds (creators, links to products or to the brand, brand-halo rows, marketplaces), random
// filters and page sizes, through HTTP on the database under test.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/http/app.js'
import { CURSOR_SECRET, load, openTestDb } from '../support/helpers.js'

const RUNS = Number(process.env.CSAPI_SELLER_RUNS ?? (process.env.CI === 'true' ? 40 : 15))
const MARKETS = [
  ['US', 'USD'],
  ['UK', 'GBP'],
  ['DE', 'EUR'],
] as const
const STATUS = ['pending', 'approved', 'paid', 'reversed'] as const
const DAY0 = Date.parse('2026-07-01')
const dayOf = (i: number) => new Date(DAY0 + i * 86_400_000).toISOString().slice(0, 10)

let app: FastifyInstance
let close: () => Promise<void>
before(async () => {
  const t = await openTestDb()
  app = await buildApp({ db: t.db, cursorSecrets: [CURSOR_SECRET] })
  close = async () => {
    await app.close()
    await t.close()
  }
})
after(() => close())

const sometimes = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: arb, weight: 1 })

const worldArb = fc.record({
  creators: fc.integer({ min: 1, max: 4 }),
  products: fc.integer({ min: 1, max: 4 }), // of each of the two brands
  links: fc.array(
    fc.record({
      creator: fc.nat(),
      brand: fc.nat({ max: 1 }),
      product: fc.option(fc.nat(), { nil: null }),
      rows: fc.array(
        fc.record({ day: fc.nat({ max: 9 }), product: fc.nat(), market: fc.nat({ max: 2 }), n: fc.nat({ max: 999 }) }),
        { maxLength: 10 },
      ),
    }),
    { minLength: 1, maxLength: 8 },
  ),
  // each filter given in about one case of four, so that most walks have rows to compare
  filter: fc.record({
    product: sometimes(fc.nat()),
    asin: sometimes(fc.nat()),
    creator: sometimes(fc.nat()),
    market: sometimes(fc.constantFrom('us', 'UK', 'De', 'JP')),
    from: fc.nat({ max: 4 }),
    days: fc.integer({ min: 2, max: 9 }),
  }),
  limit: fc.integer({ min: 1, max: 6 }),
})
type World = typeof worldArb extends fc.Arbitrary<infer T> ? T : never

function dataset(run: number, w: World) {
  const p = `s${run}_`
  const creators = Array.from({ length: w.creators }, (_, i) => ({ id: `${p}cr${i}`, role: 'creator', name: `C ${i}` }))
  const brands = [0, 1].map((i) => ({ id: `${p}b${i}`, name: `Brand ${i}`, status: 'active' }))
  const products = brands.flatMap((b, i) =>
    Array.from({ length: w.products }, (_, j) => ({
      id: `${p}b${i}_p${j}`,
      brand_id: b.id,
      asin: `B${String(run).padStart(4, '0')}X${i}${j}`.padEnd(10, '0'),
      title: 't',
      status: 'active',
    })),
  )
  const pick = <T>(xs: T[], n: number) => xs[n % xs.length]!
  const links = w.links.map((l, i) => {
    const own = products.filter((x) => x.brand_id === brands[l.brand]!.id)
    return {
      id: `${p}l${i}`,
      creator_id: pick(creators, l.creator).id,
      brand_id: brands[l.brand]!.id,
      product_id: l.product === null ? null : pick(own, l.product).id,
      tracking_id: `t${i}`,
      short_url: `https://s.example/${p}${i}`,
      destination_url: 'https://www.amazon.com/dp/x',
    }
  })
  const rows = new Map<string, Record<string, unknown>>()
  w.links.forEach((l, i) => {
    const own = products.filter((x) => x.brand_id === brands[l.brand]!.id)
    for (const r of l.rows) {
      const [market, currency] = MARKETS[r.market]!
      const row = {
        date: dayOf(r.day),
        link_id: links[i]!.id,
        product_id: pick(own, r.product).id, // a halo row when not the link's product
        marketplace: market,
        currency,
        sales_cents: r.n * 13,
        commission_cents: r.n,
        commission_status: STATUS[r.n % 4],
        orders: r.n % 5,
        units_sold: r.n % 7,
        clicks: r.n,
        detail_page_views: r.n % 11,
        add_to_carts: r.n % 3,
      }
      rows.set(`${row.date}|${row.link_id}|${row.product_id}|${market}`, row)
    }
  })
  const seller = { id: `${p}sl`, role: 'seller', name: 'S' }
  const accounts = [...creators, seller]
  const tokenOf = (id: string) => `tok_${id}_0123456789abcdef`
  return {
    tokenOf,
    creators,
    seller: seller.id,
    brands: brands.map((b) => b.id),
    products,
    ds: {
      accounts,
      api_tokens: accounts.map((a) => ({ account_id: a.id, token: tokenOf(a.id) })),
      brands,
      brand_access: brands.map((b) => ({ account_id: seller.id, brand_id: b.id })),
      products,
      links,
      report_rows: [...rows.values()],
    },
  }
}

async function walk(path: string, token: string, limit: number): Promise<any[]> {
  const items: any[] = []
  let cursor: string | null = null
  do {
    const more: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
    const res = await app.inject({
      url: `${path}&limit=${limit}${more}`,
      headers: { authorization: `Bearer ${token}` },
    })
    assert.equal(res.statusCode, 200, res.body)
    const body: { reports: any[]; next_cursor: string | null } = res.json()
    assert.ok(body.reports.length <= limit)
    items.push(...body.reports)
    cursor = body.next_cursor
  } while (cursor)
  return items
}

test(`seller reports = the union of the creators' /reports of the brand (${RUNS} random worlds)`, async (t) => {
  let run = 0
  let rows = 0
  await fc.assert(
    fc.asyncProperty(worldArb, async (w) => {
      const d = dataset(run++, w)
      await load(app.db, d.ds)
      const f = w.filter
      const range = `start=${dayOf(f.from)}&end=${dayOf(Math.min(9, f.from + f.days))}`
      const shared: string[] = []
      const pick = <T>(xs: T[], n: number) => xs[n % xs.length]!
      for (const brand of d.brands) {
        const own = d.products.filter((x) => x.brand_id === brand)
        if (f.product !== undefined) shared.push(`product_id=${pick(own, f.product).id}`)
        if (f.asin !== undefined) shared.push(`asin=${pick(own, f.asin).asin}`)
        if (f.market !== undefined) shared.push(`marketplace=${f.market}`)
        const creator = f.creator === undefined ? undefined : pick(d.creators, f.creator)
        const q = [range, ...shared].join('&')
        const seller = await walk(
          `/api/seller/v1/reports?brand_id=${brand}&${q}${creator ? `&creator_id=${creator.id}` : ''}`,
          d.tokenOf(d.seller),
          w.limit,
        )
        const union: any[] = []
        for (const c of creator ? [creator] : d.creators) {
          const mine = await walk(`/api/creator/v1/reports?brand_id=${brand}&${q}`, d.tokenOf(c.id), 500)
          union.push(...mine.map(({ link, ...r }) => ({ ...r, creator: { id: c.id, name: c.name }, link_id: link.id })))
        }
        // the seller's order: date, then a stable unique key (the same walk as the union's rows)
        const dates = seller.map((r) => r.date)
        assert.deepEqual(dates, [...dates].sort())
        const keyOf = (r: any) => `${r.date}|${r.link_id}|${r.product_id}|${r.marketplace}`
        const byKey = (xs: any[]) => [...xs].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1))
        assert.deepEqual(byKey(seller), byKey(union), `${brand} ${q}`)
        assert.equal(new Set(seller.map(keyOf)).size, seller.length, 'each row once')
        rows += seller.length
        shared.length = 0
      }
    }),
    { numRuns: RUNS, includeErrorInReport: true },
  )
  t.diagnostic(`${RUNS} worlds, ${rows} seller rows compared`)
})
