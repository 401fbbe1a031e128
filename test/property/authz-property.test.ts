// Broken object level authorization (OWASP API1), as a property: on random datasets, every
// item any token receives is one that token may see, and it receives all of them: brands,
// reports, their summaries and freshness, the changes feed, payouts, their lines and adjustments,
// links and products, and the seller's pages (its reports: exactly the union of the creators' rows
// of the brand).
// Sandbox worlds (random seeds, advanced a few days) sit beside the live data: the live tokens'
// exact answers prove they see nothing of them, and each world's test tokens walk every list
// to prove they see their world, all of it, and nothing else.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/http/app.js'
import { CURSOR_SECRET, load, openTestDb } from '../support/helpers.js'
import { pay } from '../../src/settlement/pay.js'
import { advanceSandbox, createSandbox, type CreatedSandbox } from '../../src/sandbox/sandbox.js'

const RUNS = Number(process.env.CSAPI_AUTHZ_RUNS ?? (process.env.CI === 'true' ? 40 : 15))
const STATUSES = ['active', 'inactive', 'archived'] as const
const PARTNERSHIP = ['approved', 'pending', 'rejected', 'suspended'] as const
const DAY0 = Date.parse('2026-05-01')
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

// The shape of a random world; ids are made unique per run when it is turned into a dataset.
const worldArb = fc.record({
  creators: fc.integer({ min: 1, max: 3 }),
  sellers: fc.array(fc.constantFrom('seller', 'operator'), { minLength: 1, maxLength: 3 }),
  brands: fc.array(
    fc.record({
      status: fc.constantFrom(...STATUSES),
      discoverable: fc.boolean(),
      ads: fc.boolean(),
      products: fc.array(fc.constantFrom(...STATUSES), { maxLength: 4 }),
    }),
    {
      minLength: 1,
      maxLength: 5,
    },
  ),
  partnerships: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(...PARTNERSHIP)), { maxLength: 6 }),
  grants: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 6 }),
  links: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.array(fc.tuple(fc.nat({ max: 9 }), fc.nat()), { maxLength: 5 })), {
    maxLength: 8,
  }),
  limit: fc.integer({ min: 1, max: 7 }),
  // a sandbox world made beside this run's live data (every few runs: a world takes seconds)
  sandbox: fc.record({ seed: fc.integer({ min: 0, max: 1_000_000 }), days: fc.integer({ min: 1, max: 3 }) }),
})
type World = typeof worldArb extends fc.Arbitrary<infer T> ? T : never

interface Model {
  brands: Map<string, { status: string; discoverable: boolean; ads: boolean }>
  partnerships: Map<string, string> // creator|brand → status
  grants: Set<string> // account|brand
  products: Map<string, string> // product → brand
  productStatus: Map<string, string> // product → status
  links: Map<string, string> // link → creator
  rows: Map<string, string> // row key → creator
  approved: Map<string, number> // row key → commission, of the rows each creator's pay takes
}
const model: Model = {
  brands: new Map(),
  partnerships: new Map(),
  grants: new Set(),
  products: new Map(),
  productStatus: new Map(),
  links: new Map(),
  rows: new Map(),
  approved: new Map(),
}

function dataset(run: number, w: World) {
  const p = `r${run}_`
  const creators = Array.from({ length: w.creators }, (_, i) => `${p}cr${i}`)
  const sellers = w.sellers.map((role, i) => ({ id: `${p}sl${i}`, role }))
  const brands = w.brands.map((b, i) => ({
    id: `${p}b${i}`,
    name: `Brand ${i}`,
    status: b.status,
    discoverable: b.discoverable,
    ads_connected: b.ads,
  }))
  const products = w.brands.flatMap((b, i) =>
    b.products.map((status, j) => ({
      id: `${p}b${i}_p${j}`,
      brand_id: `${p}b${i}`,
      asin: `B0${run}X${i}X${j}`.padEnd(10, '0').slice(0, 10),
      title: 't',
      status,
    })),
  )
  const pick = <T>(xs: T[], n: number) => xs[n % xs.length]!
  const partnerships = new Map<string, { creator_id: string; brand_id: string; status: string }>()
  for (const [c, b, status] of w.partnerships) {
    const v = { creator_id: pick(creators, c), brand_id: pick(brands, b).id, status }
    partnerships.set(`${v.creator_id}|${v.brand_id}`, v)
  }
  const grants = new Map<string, { account_id: string; brand_id: string }>()
  for (const [s, b] of w.grants) {
    const v = { account_id: pick(sellers, s).id, brand_id: pick(brands, b).id }
    grants.set(`${v.account_id}|${v.brand_id}`, v)
  }
  const links: Record<string, unknown>[] = []
  const rows = new Map<string, Record<string, unknown>>()
  w.links.forEach(([c, b, rs], i) => {
    const brandProducts = products.filter((x) => x.brand_id === pick(brands, b).id)
    if (brandProducts.length === 0) return
    const link = {
      id: `${p}l${i}`,
      creator_id: pick(creators, c),
      brand_id: pick(brands, b).id,
      product_id: brandProducts[0]!.id,
      short_url: 'https://s.example/x',
      destination_url: 'https://www.amazon.com/dp/x',
    }
    links.push(link)
    for (const [d, pr] of rs) {
      const product = pick(brandProducts, pr)
      const row = {
        date: dayOf(d),
        link_id: link.id,
        product_id: product.id,
        marketplace: 'US',
        currency: 'USD',
        sales_cents: 100,
        commission_cents: 10 + d,
        commission_status: d % 2 === 0 ? 'approved' : 'pending', // the approved ones are paid below
        orders: 1,
        units_sold: 1,
        clicks: 1,
        detail_page_views: 1,
        add_to_carts: 0,
      }
      rows.set(`${row.date}|${row.link_id}|${row.product_id}|US`, row)
    }
  })
  const accounts = [
    ...creators.map((id) => ({ id, role: 'creator', name: id })),
    ...sellers.map((s) => ({ id: s.id, role: s.role, name: s.id })),
  ]
  const tokenOf = (id: string) => `tok_${id}_0123456789abcdef`
  return {
    tokenOf,
    creators,
    sellers: sellers.map((s) => s.id),
    brandIds: brands.map((b) => b.id),
    ds: {
      accounts,
      api_tokens: accounts.map((a) => ({ account_id: a.id, token: tokenOf(a.id) })),
      brands,
      brand_access: [...grants.values()],
      products,
      partnerships: [...partnerships.values()],
      links,
      report_rows: [...rows.values()],
    },
  }
}

function remember(d: ReturnType<typeof dataset>['ds']) {
  for (const b of d.brands)
    model.brands.set(b.id, { status: b.status, discoverable: b.discoverable, ads: b.ads_connected })
  for (const x of d.partnerships) model.partnerships.set(`${x.creator_id}|${x.brand_id}`, x.status)
  for (const g of d.brand_access) model.grants.add(`${g.account_id}|${g.brand_id}`)
  for (const x of d.products) {
    model.products.set(x.id, x.brand_id)
    model.productStatus.set(x.id, x.status)
  }
  for (const l of d.links) model.links.set(l.id as string, l.creator_id as string)
  for (const r of d.report_rows) {
    model.rows.set(`${r.date}|${r.link_id}|${r.product_id}|US`, model.links.get(r.link_id as string)!)
    if (r.commission_status === 'approved')
      model.approved.set(`${r.date}|${r.link_id}|${r.product_id}|US`, r.commission_cents as number)
  }
}

async function get(url: string, token: string) {
  const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } })
  return { status: res.statusCode, body: res.json() }
}

async function walk(path: string, token: string, key: string, limit: number) {
  const items: any[] = []
  let cursor: string | null = null
  const cursors: string[] = []
  do {
    const sep = path.includes('?') ? '&' : '?'
    const res = await get(`${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, token)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    items.push(...res.body[key])
    cursor = res.body.next_cursor
    if (cursor) cursors.push(cursor)
  } while (cursor)
  return { items, cursors }
}

const sorted = (xs: Iterable<string>) => [...xs].sort()

test(`every item any token receives belongs to what it may see (${RUNS} random worlds)`, async (t) => {
  let run = 0
  let checked = 0
  await fc.assert(
    fc.asyncProperty(worldArb, async (w) => {
      const d = dataset(run++, w)
      await load(app.db, d.ds)
      remember(d.ds)
      if (run % 5 === 1) {
        const world = await createSandbox(app.db, { seed: w.sandbox.seed })
        await advanceSandbox(app.db, world.id, w.sandbox.days)
        worlds.push(world)
        await checkWorld(world, w.limit, d.brandIds[0]!)
      }
      const payouts = new Map<string, string[]>() // creator → its payout ids
      for (const creator of d.creators)
        payouts.set(
          creator,
          (await pay(app.db, creator, dayOf(9))).payouts.map((x) => x.id),
        )
      const range = `start=${dayOf(0)}&end=${dayOf(9)}`
      const creatorRows = new Map<string, any[]>() // creator → its /reports rows

      for (const creator of d.creators) {
        const token = d.tokenOf(creator)
        const brands = await walk('/api/creator/v1/brands', token, 'brands', w.limit)
        const mayList = [...model.brands]
          .filter(([id, b]) => (b.status === 'active' && b.discoverable) || model.partnerships.has(`${creator}|${id}`))
          .map(([id]) => id)
        assert.deepEqual(sorted(brands.items.map((b) => b.id)), sorted(mayList), `${creator}: brands`)
        for (const b of brands.items)
          assert.equal(b.partnership_status, model.partnerships.get(`${creator}|${b.id}`) ?? null)

        const reports = await walk(`/api/creator/v1/reports?${range}`, token, 'reports', w.limit)
        for (const r of reports.items)
          assert.equal(model.links.get(r.link.id), creator, `${creator} received a row of link ${r.link.id}`)
        const own = [...model.rows].filter(([, c]) => c === creator).map(([k]) => k)
        assert.deepEqual(
          sorted(reports.items.map((r) => `${r.date}|${r.link.id}|${r.product_id}|${r.marketplace}`)),
          sorted(own),
        )
        creatorRows.set(creator, reports.items)

        // its links, all of them and no other creator's
        const links = await walk('/api/creator/v1/links', token, 'links', w.limit)
        const ownLinks = [...model.links].filter(([, c]) => c === creator).map(([id]) => id)
        assert.deepEqual(
          links.items.map((l) => l.id),
          sorted(ownLinks),
          `${creator}: links, in id order`,
        )
        // products: of the brands on its list only (the active ones), else 403 alike
        for (const brand of d.brandIds) {
          if (!mayList.includes(brand)) {
            const res = await get(`/api/creator/v1/products?brand_id=${brand}`, token)
            assert.equal(res.status, 403, `${creator} reached the products of ${brand}`)
            assert.equal(res.body.error.code, 'forbidden_resource')
            continue
          }
          const products = await walk(`/api/creator/v1/products?brand_id=${brand}`, token, 'products', w.limit)
          const active = [...model.products]
            .filter(([id, b]) => b === brand && model.productStatus.get(id) === 'active')
            .map(([id]) => id)
          assert.deepEqual(
            products.items.map((p) => p.id),
            sorted(active),
            `${creator}: products of ${brand}`,
          )
        }
        assert.equal((await get(`/api/seller/v1/reports?brand_id=${d.brandIds[0]}&${range}`, token)).status, 403)
        const sellerSummary = await get(`/api/seller/v1/reports/summary?brand_id=${d.brandIds[0]}&${range}`, token)
        assert.equal(sellerSummary.status, 403, `${creator}: the seller summary`)
        assert.equal(sellerSummary.body.error.code, 'forbidden_resource')

        // summaries add up exactly this creator's rows; freshness lists exactly its brands
        const perLink = new Map<string, number>()
        for (const k of own) perLink.set(k.split('|')[1]!, (perLink.get(k.split('|')[1]!) ?? 0) + 1)
        const summary = await walk(
          `/api/creator/v1/reports/summary?${range}&group_by=link_id`,
          token,
          'summary',
          w.limit,
        )
        assert.deepEqual(
          summary.items.map((i) => [i.group.link_id, i.currency, i.rows]),
          [...perLink].sort(([a], [b]) => (a < b ? -1 : 1)).map(([l, n]) => [l, 'USD', n]),
          `${creator}: summary by link`,
        )
        const fresh = await walk('/api/creator/v1/reports/freshness', token, 'freshness', w.limit)
        assert.deepEqual(
          fresh.items.map((f) => `${f.brand_id}|${f.marketplace}`),
          sorted(new Set(own.map((k) => `${model.products.get(k.split('|')[2]!)}|US`))),
          `${creator}: freshness`,
        )

        // the changes feed: exactly this creator's rows, each once (no writes meanwhile)
        const feed: any[] = []
        let feedCursor: string | null = null
        for (let i = 0; i < 1000; i++) {
          const after = feedCursor ? `&cursor=${encodeURIComponent(feedCursor)}` : ''
          const res = await get(`/api/creator/v1/reports/changes?limit=${w.limit}${after}`, token)
          assert.equal(res.status, 200, JSON.stringify(res.body))
          feed.push(...res.body.reports)
          feedCursor = res.body.next_cursor
          if (!res.body.has_more) break
        }
        const keysOf = (rows: any[]) => rows.map((r) => `${r.date}|${r.link.id}|${r.product_id}|${r.marketplace}`)
        for (const r of feed)
          assert.equal(model.links.get(r.link.id), creator, `${creator}'s feed carried a row of link ${r.link.id}`)
        assert.deepEqual(sorted(keysOf(feed)), sorted(own), `${creator}: the feed holds its rows, each once`)
        if (feedCursor && d.creators.length > 1) {
          const other = d.creators.find((c) => c !== creator)!
          const res = await get(
            `/api/creator/v1/reports/changes?cursor=${encodeURIComponent(feedCursor)}`,
            d.tokenOf(other),
          )
          assert.equal(res.body.error.code, 'invalid_pagination', 'a feed cursor belongs to its creator')
        }

        // payouts, their lines and adjustments: this creator's alone, all of them
        const paid = await walk('/api/creator/v1/payouts', token, 'payouts', w.limit)
        assert.deepEqual(sorted(paid.items.map((x) => x.id)), sorted(payouts.get(creator)!), `${creator}: payouts`)
        const ownApproved = own.filter((k) => model.approved.has(k))
        const lines = []
        for (const x of paid.items) {
          const l = await walk(`/api/creator/v1/payouts/${x.id}/lines`, token, 'lines', w.limit)
          assert.equal(
            x.amount_cents,
            l.items.reduce((n, line) => n + line.amount_cents, 0),
          )
          lines.push(...l.items)
          for (const other of d.creators.filter((c) => c !== creator)) {
            const res = await get(`/api/creator/v1/payouts/${x.id}/lines`, d.tokenOf(other))
            assert.equal(res.status, 404, `${other} reached ${creator}'s payout`)
            assert.equal(res.body.error.code, 'not_found')
          }
        }
        for (const line of lines)
          assert.equal(model.links.get(line.link_id), creator, `${creator}: line of ${line.link_id}`)
        assert.deepEqual(
          sorted(lines.map((l) => `${l.date}|${l.link_id}|${l.product_id}|${l.marketplace}`)),
          sorted(ownApproved),
          `${creator}: the lines are its approved rows, each once`,
        )
        const adjustments = await walk('/api/creator/v1/adjustments', token, 'adjustments', w.limit)
        for (const a of adjustments.items) assert.equal(model.links.get(a.link_id), creator)

        // a brand filter never hides what the unfiltered list shows; it is refused only for a
        // visible brand without an Ads connection and without rows of this creator
        for (const brand of brands.items) {
          const expected = reports.items.filter((r) => r.brand_id === brand.id)
          const res = await get(`/api/creator/v1/reports?${range}&limit=500&brand_id=${brand.id}`, token)
          if (!model.brands.get(brand.id)!.ads && expected.length === 0) {
            assert.equal(res.status, 403, `${creator}: ${brand.id} without Ads and rows`)
            assert.equal(res.body.error.code, 'ads_not_connected')
          } else {
            assert.equal(res.status, 200, `${creator}: ${brand.id}: ${JSON.stringify(res.body)}`)
            assert.deepEqual(res.body.reports, expected, `${creator}: filtering by ${brand.id}`)
          }
        }

        // naming another creator's link or product narrows to nothing, it never widens
        for (const [link, owner] of model.links) {
          if (owner === creator) continue
          const res = await get(`/api/creator/v1/reports?${range}&link_id=${link}`, token)
          assert.equal(res.status, 200)
          assert.equal(res.body.reports.length, 0, `${creator} saw rows of ${owner}'s link ${link}`)
          break
        }
        // a cursor handed out to this creator is refused for everyone else
        const other = d.creators.find((c) => c !== creator)
        if (other && brands.cursors[0]) {
          const res = await get(`/api/creator/v1/brands?limit=${w.limit}&cursor=${brands.cursors[0]}`, d.tokenOf(other))
          assert.equal(res.status, 400)
          assert.equal(res.body.error.code, 'invalid_pagination')
        }
        assert.equal((await get(`/api/seller/v1/products?brand_id=${d.brandIds[0]}`, token)).status, 403)
        assert.equal((await get('/api/seller/v1/brands', token)).status, 403)
        assert.equal((await get('/api/v1/sandbox', token)).body.error.code, 'forbidden_resource')
        for (const world of worlds) {
          // a sandbox link named by a live token narrows to nothing
          const [link] = await app.db.query<{ id: string }>('select id from links where creator_id = $1 limit 1', [
            world.creator_id,
          ])
          const res = await get(`/api/creator/v1/reports?start=2025-01-01&end=2026-12-31&link_id=${link!.id}`, token)
          assert.deepEqual(res.body.reports, [], `${creator} saw rows of sandbox link ${link!.id}`)
          // a sandbox brand without Ads is no brand of this creator's: no ads_not_connected to learn it by
          const [noAds] = await app.db.query<{ id: string }>(
            'select id from brands where sandbox_id = $1 and not ads_connected limit 1',
            [world.id],
          )
          if (noAds) {
            const filtered = await get(`/api/creator/v1/reports?${range}&brand_id=${noAds.id}`, token)
            assert.equal(filtered.status, 200, `${creator}: ${JSON.stringify(filtered.body)}`)
            assert.deepEqual(filtered.body.reports, [])
            const summed = await get(`/api/creator/v1/reports/summary?${range}&brand_id=${noAds.id}`, token)
            assert.equal(summed.status, 200, `${creator}: ${JSON.stringify(summed.body)}`)
            assert.deepEqual(summed.body.summary, [])
          }
          // nor the products of a world's brand, discoverable there
          const products = await get(`/api/creator/v1/products?brand_id=${sandboxBrand.get(world.id)}`, token)
          assert.equal(products.status, 403, `${creator} reached the products of a brand of ${world.id}`)
        }
        checked++
      }

      for (const seller of d.sellers) {
        const token = d.tokenOf(seller)
        // the granted brands, each with its active product count, and no other
        const granted = await walk('/api/seller/v1/brands', token, 'brands', w.limit)
        const expectedGrants = [...model.grants]
          .filter((g) => g.startsWith(`${seller}|`))
          .map((g) => g.slice(seller.length + 1))
        assert.deepEqual(
          granted.items.map((b) => b.id),
          sorted(expectedGrants),
          `${seller}: granted brands, in id order`,
        )
        for (const b of granted.items) assert.equal(b.status, model.brands.get(b.id)!.status)
        for (const creator of d.creators) {
          if (granted.cursors[0]) {
            const res = await get(
              `/api/seller/v1/brands?limit=${w.limit}&cursor=${granted.cursors[0]}`,
              d.tokenOf(creator),
            )
            assert.equal(res.status, 403, 'a creator token is refused before its cursor is read')
          }
        }
        for (const world of worlds) {
          const res = await get(`/api/seller/v1/products?brand_id=${sandboxBrand.get(world.id)}`, token)
          assert.equal(res.status, 403, `${seller} reached a brand of ${world.id}`)
          const reports = await get(`/api/seller/v1/reports?brand_id=${sandboxBrand.get(world.id)}&${range}`, token)
          assert.equal(reports.status, 403, `${seller} reached the reports of a brand of ${world.id}`)
          const sum = await get(`/api/seller/v1/reports/summary?brand_id=${sandboxBrand.get(world.id)}&${range}`, token)
          assert.equal(sum.status, 403, `${seller} summed a brand of ${world.id}`)
        }
        assert.equal((await get('/api/v1/sandbox', token)).body.error.code, 'forbidden_resource')
        for (const brand of d.brandIds) {
          if (!model.grants.has(`${seller}|${brand}`)) {
            const res = await get(`/api/seller/v1/products?brand_id=${brand}`, token)
            assert.equal(res.status, 403, `${seller} reached ungranted ${brand}`)
            assert.equal(res.body.error.code, 'forbidden_resource')
            const reports = await get(`/api/seller/v1/reports?brand_id=${brand}&${range}`, token)
            assert.equal(reports.status, 403, `${seller} reached the reports of ungranted ${brand}`)
            assert.equal(reports.body.error.code, 'forbidden_resource')
            const summary = await get(`/api/seller/v1/reports/summary?brand_id=${brand}&${range}`, token)
            assert.equal(summary.status, 403, `${seller} summed the reports of ungranted ${brand}`)
            assert.equal(summary.body.error.code, 'forbidden_resource')
            continue
          }
          const products = await walk(`/api/seller/v1/products?brand_id=${brand}`, token, 'products', w.limit)
          for (const p of products.items) assert.equal(p.brand_id, brand)
          const expected = [...model.products].filter(([, b]) => b === brand).map(([id]) => id)
          assert.deepEqual(sorted(products.items.map((p) => p.id)), sorted(expected))

          // its reports: every row of the brand, of every creator (this world's and before), and
          // field by field the union of what each creator's /reports shows of the brand
          const rows = await walk(`/api/seller/v1/reports?brand_id=${brand}&${range}`, token, 'reports', w.limit)
          const keyOf = (r: any) => `${r.date}|${r.link_id}|${r.product_id}|${r.marketplace}`
          const brandRows = [...model.rows.keys()].filter((k) => model.products.get(k.split('|')[2]!) === brand)
          assert.deepEqual(sorted(rows.items.map(keyOf)), sorted(brandRows), `${seller}: rows of ${brand}`)
          const union = [...creatorRows].flatMap(([creator, items]) =>
            items
              .filter((r) => r.brand_id === brand)
              .map(({ link, ...r }) => ({ ...r, creator: { id: creator, name: creator }, link_id: link.id })),
          )
          const byKey = (xs: any[]) => [...xs].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1))
          assert.deepEqual(byKey(rows.items), byKey(union), `${seller}: ${brand} is the union of the creators' rows`)
          for (const r of rows.items)
            assert.ok(!('link' in r) && !('tracking_id' in r), `${seller}: a creator's link fields`)
          // its summary by creator counts exactly those rows
          const perCreator = await walk(
            `/api/seller/v1/reports/summary?brand_id=${brand}&${range}&group_by=creator_id`,
            token,
            'summary',
            w.limit,
          )
          const counts = new Map<string, number>()
          for (const r of rows.items)
            counts.set(`${r.creator.id}|${r.currency}`, (counts.get(`${r.creator.id}|${r.currency}`) ?? 0) + 1)
          assert.deepEqual(
            sorted(perCreator.items.map((i) => `${i.group.creator_id}|${i.currency}|${i.rows}`)),
            sorted([...counts].map(([k, n]) => `${k}|${n}`)),
            `${seller}: summary of ${brand} by creator`,
          )
        }
        assert.equal((await get('/api/creator/v1/brands', token)).status, 403)
        assert.equal((await get(`/api/creator/v1/reports?${range}`, token)).status, 403)
        assert.equal((await get('/api/creator/v1/reports/changes', token)).status, 403)
        assert.equal((await get(`/api/creator/v1/products?brand_id=${d.brandIds[0]}`, token)).status, 403)
        for (const path of [
          '/api/creator/v1/payouts',
          '/api/creator/v1/adjustments',
          '/api/creator/v1/links',
          `/api/creator/v1/reports/summary?${range}`,
          '/api/creator/v1/reports/freshness',
        ])
          assert.equal((await get(path, token)).status, 403, `${seller}: ${path}`)
        for (const ids of payouts.values())
          for (const id of ids)
            assert.equal((await get(`/api/creator/v1/payouts/${id}/lines`, token)).status, 403, `${seller}: lines`)
        checked++
      }
    }),
    { numRuns: RUNS, includeErrorInReport: true },
  )
  t.diagnostic(
    `${RUNS} worlds, ${checked} tokens checked; ${model.brands.size} brands, ${model.rows.size} report rows in all; ` +
      `${worlds.length} sandbox worlds beside them`,
  )
  // the live data grew since each world was checked: its test tokens still see their world alone
  for (const world of worlds) await checkWorld(world, 100, [...model.brands.keys()].at(-1)!)
})

const worlds: CreatedSandbox[] = []
/** A brand of each world, for live tokens to be refused. */
const sandboxBrand = new Map<string, string>()

/**
 * Walks every list endpoint with the world's test tokens: each answer is exactly the world's (read
 * from the database by its accounts), and a live brand is neither listed nor reachable.
 */
const RANGE = 'start=2025-01-01&end=2026-12-31'

async function checkWorld(world: CreatedSandbox, limit: number, liveBrand: string) {
  const q = <T>(sql: string, params: unknown[]) => app.db.query<T & Record<string, unknown>>(sql, params)
  const creator = world.tokens.creator
  const seller = world.tokens.seller
  const tag = `${world.id}`

  const brands = await walk('/api/creator/v1/brands', creator, 'brands', limit)
  const visible = await q<{ id: string }>(
    `select id from brands b where b.sandbox_id = $1
        and ((b.status = 'active' and b.discoverable)
             or exists (select 1 from partnerships p where p.creator_id = $2 and p.brand_id = b.id))`,
    [world.id, world.creator_id],
  )
  assert.deepEqual(sorted(brands.items.map((b) => b.id)), sorted(visible.map((b) => b.id)), `${tag}: brands`)
  sandboxBrand.set(world.id, visible[0]!.id)

  const rowKeys = (rows: any[]) => rows.map((r) => `${r.date}|${r.link.id}|${r.product_id}|${r.marketplace}`)
  const own = (
    await q<{ k: string }>(
      `select to_char(date, 'YYYY-MM-DD') || '|' || link_id || '|' || product_id || '|' || marketplace as k
         from report_rows where creator_id = $1`,
      [world.creator_id],
    )
  ).map((r) => r.k)
  assert.ok(own.length > 0)
  const reports = await walk('/api/creator/v1/reports?start=2025-01-01&end=2026-12-31', creator, 'reports', 500)
  assert.deepEqual(sorted(rowKeys(reports.items)), sorted(own), `${tag}: reports`)
  const feed: any[] = []
  let cursor: string | null = null
  for (let i = 0; i < 1000; i++) {
    const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
    const res = await get(`/api/creator/v1/reports/changes?limit=500${after}`, creator)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    feed.push(...res.body.reports)
    cursor = res.body.next_cursor
    if (!res.body.has_more) break
  }
  assert.deepEqual(sorted(rowKeys(feed)), sorted(own), `${tag}: the changes feed`)
  const live = await get(`/api/creator/v1/reports?start=2025-01-01&end=2026-12-31&brand_id=${liveBrand}`, creator)
  assert.deepEqual(live.body.reports, [], `${tag}: a live brand filter narrows to nothing`)
  const liveSum = await get(
    `/api/creator/v1/reports/summary?start=2025-01-01&end=2026-12-31&brand_id=${liveBrand}`,
    creator,
  )
  assert.deepEqual(liveSum.body.summary, [], `${tag}: a live brand filter sums nothing`)

  const payouts = await walk('/api/creator/v1/payouts', creator, 'payouts', limit)
  const paid = await q<{ id: string }>('select id from payouts where creator_id = $1', [world.creator_id])
  assert.deepEqual(sorted(payouts.items.map((p) => p.id)), sorted(paid.map((p) => p.id)), `${tag}: payouts`)
  for (const p of payouts.items) {
    const lines = await walk(`/api/creator/v1/payouts/${p.id}/lines`, creator, 'lines', 500)
    assert.equal(
      lines.items.reduce((n, l) => n + l.amount_cents, 0),
      p.amount_cents,
    )
    for (const l of lines.items)
      assert.ok(
        own.some((k) => k.includes(`|${l.link_id}|`)),
        `${tag}: line ${l.link_id}`,
      )
  }
  const adjustments = await walk('/api/creator/v1/adjustments', creator, 'adjustments', limit)
  const [adj] = await q<{ n: number }>('select count(*)::int as n from commission_adjustments where creator_id = $1', [
    world.creator_id,
  ])
  assert.equal(adjustments.items.length, adj!.n, `${tag}: adjustments`)

  // the creator's other lists: its links, its summary and freshness, itself, its webhook endpoints
  const links = await walk('/api/creator/v1/links', creator, 'links', limit)
  const ownLinks = await q<{ id: string }>('select id from links where creator_id = $1', [world.creator_id])
  assert.deepEqual(sorted(links.items.map((l) => l.id)), sorted(ownLinks.map((l) => l.id)), `${tag}: links`)
  const summary = await walk(`/api/creator/v1/reports/summary?${RANGE}&group_by=link_id`, creator, 'summary', limit)
  assert.equal(
    summary.items.reduce((n, i) => n + i.rows, 0),
    own.length,
    `${tag}: the summary counts its rows`,
  )
  assert.ok(
    summary.items.every((i) => ownLinks.some((l) => l.id === i.group.link_id)),
    `${tag}: summary links`,
  )
  const fresh = await walk('/api/creator/v1/reports/freshness', creator, 'freshness', limit)
  const pairs = await q<{ k: string }>(
    `select distinct brand_id || '|' || marketplace as k from report_rows where creator_id = $1`,
    [world.creator_id],
  )
  assert.deepEqual(
    sorted(fresh.items.map((f) => `${f.brand_id}|${f.marketplace}`)),
    sorted(pairs.map((p) => p.k)),
    `${tag}: freshness`,
  )
  const me = await get('/api/v1/me', creator)
  assert.equal(me.body.account.id, world.creator_id)
  assert.equal(me.body.account.sandbox, true)
  const endpoints = await walk('/api/creator/v1/webhook-endpoints', creator, 'webhook_endpoints', limit)
  const ownEndpoints = await q<{ id: string }>('select id from webhook_endpoints where account_id = $1', [
    world.creator_id,
  ])
  assert.deepEqual(
    sorted(endpoints.items.map((e) => e.id)),
    sorted(ownEndpoints.map((e) => e.id)),
    `${tag}: webhook endpoints`,
  )

  const granted = await walk('/api/seller/v1/brands', seller, 'brands', limit)
  const grants = await q<{ brand_id: string }>('select brand_id from brand_access where account_id = $1', [
    world.seller_id,
  ])
  assert.deepEqual(sorted(granted.items.map((b) => b.id)), sorted(grants.map((g) => g.brand_id)), `${tag}: grants`)
  for (const b of granted.items) {
    const products = await walk(`/api/seller/v1/products?brand_id=${b.id}`, seller, 'products', limit)
    const expected = await q<{ id: string }>('select id from products where brand_id = $1', [b.id])
    assert.deepEqual(sorted(products.items.map((p) => p.id)), sorted(expected.map((p) => p.id)), `${tag}: products`)
  }
  const refused = await get(`/api/seller/v1/products?brand_id=${liveBrand}`, seller)
  assert.equal(refused.status, 403, `${tag}: a live brand is not granted to a test token`)
  const range = 'start=2025-01-01&end=2026-12-31'
  const summed = await get(`/api/seller/v1/reports/summary?brand_id=${liveBrand}&${range}`, seller)
  assert.equal(summed.status, 403, `${tag}: a live brand's summary is refused to a test token`)
  // the world's summaries add up the world's rows of its brands, and no other
  for (const b of granted.items) {
    const summary = await walk(
      `/api/seller/v1/reports/summary?brand_id=${b.id}&${range}&group_by=creator_id`,
      seller,
      'summary',
      limit,
    )
    const expected = await q<{ k: string }>(
      `select creator_id || '|' || currency || '|' || count(*) as k from report_rows
        where brand_id = $1 and date between '2025-01-01' and '2026-12-31' group by creator_id, currency`,
      [b.id],
    )
    assert.deepEqual(
      sorted(summary.items.map((i) => `${i.group.creator_id}|${i.currency}|${i.rows}`)),
      sorted(expected.map((e) => e.k)),
      `${tag}: seller summary of ${b.id}`,
    )
    for (const i of summary.items)
      assert.ok(i.group.creator_id === world.creator_id, `${tag}: only the world's creator`)
  }
  for (const path of ['/api/creator/v1/brands', '/api/creator/v1/payouts'])
    assert.equal((await get(path, seller)).status, 403, `${tag}: the seller's test token is a seller's`)
}
