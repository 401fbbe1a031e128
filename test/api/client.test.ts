// The typed client against the real server on port 0 with the test fixture loaded.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { load, startServer, walk, type TestServer } from '../support/helpers.js'
import { DAYS, TOKENS, day, fixture } from '../support/fixture.js'
import {
  ApiError,
  AuthenticationError,
  Client,
  ConnectionError,
  InvalidRequestError,
  NotFoundError,
  PermissionError,
  type FetchLike,
  type Report,
} from '../../src/client/index.js'

const ds = fixture()
let s: TestServer
before(async () => {
  s = await startServer(ds)
})
after(() => s.close())

const start = day(0)
const end = day(DAYS - 1)

/** The global fetch, counting calls and keeping the last response's request id. */
function countingFetch() {
  const seen = { calls: 0, urls: [] as string[], requestIds: [] as (string | null)[] }
  const f: FetchLike = async (url, init) => {
    seen.calls++
    seen.urls.push(url)
    const res = await fetch(url, init)
    seen.requestIds.push(res.headers.get('x-request-id'))
    return res
  }
  return { f, seen }
}

describe('client: lists', () => {
  test('awaiting a list gives the first page, exactly as the API returns it', async () => {
    const client = new Client({ token: TOKENS.cr_a, baseUrl: s.base })
    const page = await client.creator.reports.list({ start, end, limit: 7 })
    const raw = await s.get(`/api/creator/v1/reports?start=${start}&end=${end}&limit=7`, TOKENS.cr_a)
    assert.equal(raw.status, 200)
    assert.deepEqual(page.reports, raw.body.reports)
    assert.equal(typeof page.next_cursor, 'string')
  })

  test('iterating a list yields every item of every page, in order, once', async () => {
    const { f, seen } = countingFetch()
    const client = new Client({ token: TOKENS.cr_a, baseUrl: s.base, fetch: f })
    const got: Report[] = []
    for await (const row of client.creator.reports.list({ start, end, limit: 7 })) got.push(row)
    const expected = await walk(s, `/api/creator/v1/reports?start=${start}&end=${end}`, TOKENS.cr_a, 'reports', 500)
    assert.ok(expected.length > 30)
    assert.deepEqual(got, expected)
    assert.equal(seen.calls, Math.ceil(expected.length / 7), 'one request per page, no empty last page')
  })

  test('filters are sent and narrow the rows', async () => {
    const client = new Client({ token: TOKENS.cr_a, baseUrl: s.base })
    const rows = await client.creator.reports.list({ start, end, marketplace: 'uk', limit: 5 }).toArray()
    assert.ok(rows.length > 5)
    assert.ok(rows.every((r) => r.marketplace === 'UK'))
  })

  test('toArray({ max }) stops at max items without fetching further pages', async () => {
    const { f, seen } = countingFetch()
    const client = new Client({ token: TOKENS.cr_a, baseUrl: s.base, fetch: f })
    const rows = await client.creator.reports.list({ start, end, limit: 4 }).toArray({ max: 10 })
    assert.equal(rows.length, 10)
    assert.equal(seen.calls, 3)
    const all = await client.creator.reports.list({ start, end, limit: 500 }).toArray()
    assert.deepEqual(rows, all.slice(0, 10))
  })

  test('awaiting then iterating reuses the first page; nothing is fetched before either', async () => {
    const { f, seen } = countingFetch()
    const client = new Client({ token: TOKENS.cr_a, baseUrl: s.base, fetch: f })
    const list = client.creator.brands.list({ limit: 10 })
    await new Promise((r) => setTimeout(r, 20))
    assert.equal(seen.calls, 0, 'lazy until awaited or iterated')
    const first = await list
    assert.equal(first.brands.length, 10)
    const pages = []
    for await (const page of list.pages()) pages.push(page)
    assert.equal(pages[0], first)
    assert.equal(seen.calls, pages.length)
    assert.equal(pages.at(-1)!.next_cursor, null)
  })

  test('brands: every brand once, as the API lists them', async () => {
    const client = new Client({ token: TOKENS.cr_a, baseUrl: s.base })
    const got = await client.creator.brands.list({ limit: 9 }).toArray()
    const expected = await walk(s, '/api/creator/v1/brands', TOKENS.cr_a, 'brands', 100)
    assert.ok(expected.length > 9)
    assert.deepEqual(got, expected)
    assert.deepEqual(
      (await client.creator.brands.list()).brands,
      expected.slice(0, 25),
      'no params: the default page of 25',
    )
  })

  test('seller products: every product of a granted brand', async () => {
    const client = new Client({ token: TOKENS.sl_a, baseUrl: s.base })
    const got = await client.seller.products.list({ brand_id: 'b_active', limit: 8 }).toArray()
    assert.deepEqual(
      got.map((p) => p.id),
      ds.products
        .filter((p) => p.brand_id === 'b_active')
        .map((p) => p.id as string)
        .sort(),
    )
    const percentage = got.find((p) => p.commission?.type === 'percentage')!
    assert.equal(percentage.commission!.rate_bps, 1250)
  })

  test("seller brands: the granted brands, then each brand's products", async () => {
    const client = new Client({ token: TOKENS.op_a, baseUrl: s.base })
    const brands = await client.seller.brands.list({ limit: 1 }).toArray()
    assert.deepEqual(
      brands.map((b) => b.id),
      ds.brand_access
        .filter((a) => a.account_id === 'op_a')
        .map((a) => a.brand_id)
        .sort(),
    )
    for (const b of brands) await client.seller.products.list({ brand_id: b.id }).toArray()
  })

  test("seller reports: a granted brand's rows of every creator, the creators' links by id only", async () => {
    const client = new Client({ token: TOKENS.sl_a, baseUrl: s.base })
    const rows = await client.seller.reports.list({ brand_id: 'b_active', start, end, limit: 7 }).toArray()
    assert.deepEqual(
      rows,
      await walk(s, `/api/seller/v1/reports?brand_id=b_active&start=${start}&end=${end}`, TOKENS.sl_a, 'reports', 500),
    )
    assert.deepEqual(new Set(rows.map((r) => r.creator.id)), new Set(['cr_a', 'cr_b']))
    const one = await client.seller.reports.list({ brand_id: 'b_active', start, end, creator_id: 'cr_b', limit: 1 })
    assert.equal(one.reports[0]!.link_id, 'l_b1')
  })

  test('seller reports.summary: by creator and month, every item of every page; refusals as errors', async () => {
    const client = new Client({ token: TOKENS.sl_a, baseUrl: s.base })
    const q = `brand_id=b_active&start=${start}&end=${end}&group_by=creator_id,month&limit=1000`
    const raw = await s.get(`/api/seller/v1/reports/summary?${q}`, TOKENS.sl_a)
    assert.equal(raw.status, 200)
    const params = { brand_id: 'b_active', start, end } as const
    const items = await client.seller.reports
      .summary({ ...params, group_by: ['creator_id', 'month'], limit: 1 })
      .toArray()
    assert.deepEqual(items, raw.body.summary)
    assert.deepEqual(new Set(items.map((i) => i.group.creator_id)), new Set(['cr_a', 'cr_b']))
    const page = await client.seller.reports.summary({ ...params, group_by: 'creator_id,month', limit: 1000 })
    assert.deepEqual(page, raw.body)
    await assert.rejects(client.seller.reports.summary({ ...params, group_by: 'asin' }), InvalidRequestError)
    await assert.rejects(client.seller.reports.summary({ ...params, brand_id: 'b_secret' }), PermissionError)
  })

  test("creator links and products: its own links, a brand's products with its commission", async () => {
    const client = new Client({ token: TOKENS.cr_a, baseUrl: s.base })
    const links = await client.creator.links.list({ limit: 2 }).toArray()
    assert.deepEqual(
      links.map((l) => l.id),
      ['l_a1', 'l_a2', 'l_a3', 'l_a4', 'l_a5'],
    )
    assert.equal((await client.creator.links.list({ brand_id: 'b_hidden' })).links[0]!.id, 'l_a4')
    const products = await client.creator.products.list({ brand_id: 'b_active', limit: 3 }).toArray()
    assert.ok(products.length > 3)
    assert.equal(products[0]!.commission!.rate_bps, 1250)
    const refused = await client.creator.products.list({ brand_id: 'b_secret' }).then(
      () => null,
      (err: unknown) => err,
    )
    assert.ok(refused instanceof PermissionError && refused.code === 'forbidden_resource')
  })

  test('a cursor in the parameters resumes the walk after that page', async () => {
    const client = new Client({ token: TOKENS.cr_a, baseUrl: s.base })
    const first = await client.creator.reports.list({ start, end, limit: 6 })
    const rest = await client.creator.reports.list({ start, end, limit: 50, cursor: first.next_cursor! }).toArray()
    const all = await client.creator.reports.list({ start, end, limit: 500 }).toArray()
    assert.deepEqual([...first.reports, ...rest], all)
  })

  test('reports.summary: group_by as a list or text, every item of every page; freshness', async () => {
    const client = new Client({ token: TOKENS.cr_a, baseUrl: s.base })
    const raw = await s.get(
      `/api/creator/v1/reports/summary?start=${start}&end=${end}&group_by=month,brand_id&limit=1000`,
      TOKENS.cr_a,
    )
    assert.equal(raw.status, 200)
    const items = await client.creator.reports
      .summary({ start, end, group_by: ['month', 'brand_id'], limit: 1 })
      .toArray()
    assert.deepEqual(items, raw.body.summary)
    const page = await client.creator.reports.summary({ start, end, group_by: 'month,brand_id', limit: 1000 })
    assert.deepEqual(page, raw.body)
    const freshness = await client.creator.reports.freshness({ limit: 1 }).toArray()
    assert.deepEqual(freshness, (await s.get('/api/creator/v1/reports/freshness', TOKENS.cr_a)).body.freshness)
    await assert.rejects(client.creator.reports.summary({ start, end, group_by: 'asin' }), InvalidRequestError)
  })

  test('a base URL with a trailing slash works', async () => {
    const client = new Client({ token: TOKENS.cr_a, baseUrl: s.base + '/' })
    assert.equal((await client.creator.brands.list({ limit: 1 })).brands.length, 1)
  })
})

describe('client: the changes feed', () => {
  const keyOf = (r: { date: string; link: { id: string }; product_id: string; marketplace: string }) =>
    `${r.date}|${r.link.id}|${r.product_id}|${r.marketplace}`

  test('changes(): every row once until caught up; cursor resumes after what was applied', async () => {
    const client = new Client({ token: TOKENS.cr_b, baseUrl: s.base })
    const feed = client.creator.reports.changes({ limit: 4 })
    assert.equal(feed.cursor, undefined)
    const seen: string[] = []
    const stored: (string | undefined)[] = []
    for await (const row of feed) {
      seen.push(keyOf(row))
      stored.push(feed.cursor) // as the docs' loop stores it, after applying the row
    }
    const all = await client.creator.reports.list({ start: '0001-01-01', end: '9999-12-31' }).toArray()
    assert.deepEqual(seen.slice().sort(), all.map(keyOf).sort())
    assert.ok(seen.length > 8, `${seen.length} rows`)
    // the server's positions are per page: the cursor moves to a page's end with its last row
    stored.forEach((c, i) => {
      const moved = c !== (i === 0 ? undefined : stored[i - 1])
      assert.equal(moved, i % 4 === 3 || i === stored.length - 1, `cursor after row ${i}`)
    })
    // nothing new: resuming from the cursor stored after the last row yields nothing
    const again: unknown[] = []
    for await (const row of client.creator.reports.changes({ cursor: stored.at(-1) })) again.push(row)
    assert.deepEqual(again, [])
    // stored within a page, it resumes at that page's start
    const rest: string[] = []
    for await (const row of client.creator.reports.changes({ cursor: stored[5], limit: 4 })) rest.push(keyOf(row))
    assert.deepEqual(rest, seen.slice(4))
  })

  test('changes().pages(): the cursor is past each page as it is handed out', async () => {
    const client = new Client({ token: TOKENS.cr_b, baseUrl: s.base })
    const feed = client.creator.reports.changes({ limit: 4 })
    let pages = 0
    for await (const page of feed.pages()) {
      pages++
      assert.equal(feed.cursor, page.next_cursor)
    }
    assert.ok(pages > 2)
    const again: unknown[] = []
    const resumed = client.creator.reports.changes({ cursor: feed.cursor })
    for await (const page of resumed.pages()) again.push(...page.reports)
    assert.deepEqual(again, [])
  })

  test("a walk's changesCursor, then follow() yields what changed after the walk began, until aborted", async () => {
    const client = new Client({ token: TOKENS.cr_b, baseUrl: s.base })
    const walkList = client.creator.reports.list({ start: '0001-01-01', end: '9999-12-31', limit: 10 })
    const rows = await walkList.toArray()
    assert.ok(walkList.changesCursor, 'the first page carried the position')
    const ac = new AbortController()
    const got: string[] = []
    const following = (async () => {
      for await (const row of client.creator.reports
        .changes({ cursor: walkList.changesCursor })
        .follow({ signal: ac.signal, minIntervalMs: 20, maxIntervalMs: 50 })) {
        got.push(keyOf(row))
        if (row.clicks === 7777) ac.abort()
      }
    })()
    const target = ds.report_rows.find((r) => r.link_id === 'l_b1')!
    await load(s.db, { report_rows: [{ ...target, clicks: 7777 }] })
    await following
    assert.deepEqual(got, [keyOf({ ...target, link: { id: target.link_id as string } } as never)])
    assert.ok(rows.length > 10)
  })

  test('from: now begins at the present', async () => {
    const client = new Client({ token: TOKENS.cr_b, baseUrl: s.base })
    const feed = client.creator.reports.changes({ from: 'now' })
    const items: unknown[] = []
    for await (const row of feed) items.push(row)
    assert.deepEqual(items, [])
    assert.ok(feed.cursor)
  })
})

describe('client: errors', () => {
  const expectError = async (
    p: PromiseLike<unknown>,
    cls: new (...a: never[]) => ApiError,
    status: number,
    code: string,
  ) => {
    try {
      await p
    } catch (err) {
      assert.ok(
        err instanceof cls,
        `expected ${cls.name}, got ${(err as Error)?.constructor?.name}: ${(err as Error)?.message}`,
      )
      assert.ok(err instanceof ApiError)
      assert.equal(err.status, status)
      assert.equal(err.code, code)
      assert.ok(err.message.length > 0)
      return err
    }
    assert.fail('no error was thrown')
  }

  test('401 is an AuthenticationError carrying the X-Request-Id of the response', async () => {
    const { f, seen } = countingFetch()
    const client = new Client({ token: 'not_a_real_token_0000000000', baseUrl: s.base, fetch: f })
    const err = await expectError(client.creator.brands.list(), AuthenticationError, 401, 'invalid_api_token')
    assert.ok(err.requestId && err.requestId === seen.requestIds[0])
    assert.equal(seen.calls, 1, 'not retried')
    const revoked = new Client({ token: TOKENS.revoked, baseUrl: s.base })
    await expectError(revoked.creator.reports.list({ start, end }), AuthenticationError, 401, 'invalid_api_token')
  })

  test('403: wrong role, brand not granted, Ads not connected', async () => {
    const seller = new Client({ token: TOKENS.sl_a, baseUrl: s.base })
    await expectError(seller.creator.reports.list({ start, end }), PermissionError, 403, 'forbidden_resource')
    await expectError(seller.seller.products.list({ brand_id: 'b_secret' }), PermissionError, 403, 'forbidden_resource')
    const creator = new Client({ token: TOKENS.cr_b, baseUrl: s.base }) // cr_b has no rows of b_noads
    await expectError(
      creator.creator.reports.list({ start, end, brand_id: 'b_noads' }),
      PermissionError,
      403,
      'ads_not_connected',
    )
  })

  test('400: bad parameters and bad cursors are InvalidRequestErrors, not retried', async () => {
    const { f, seen } = countingFetch()
    const client = new Client({ token: TOKENS.cr_a, baseUrl: s.base, fetch: f })
    const err = await expectError(
      client.creator.reports.list({ start: end, end: start }),
      InvalidRequestError,
      400,
      'invalid_request',
    )
    assert.match(err.message, /end/)
    await expectError(
      client.creator.reports.list({ start, end, limit: 501 }),
      InvalidRequestError,
      400,
      'invalid_pagination',
    )
    await expectError(
      client.creator.reports.list({ start, end, cursor: 'forged' }),
      InvalidRequestError,
      400,
      'invalid_pagination',
    )
    assert.equal(seen.calls, 3)
  })

  test('an error on a later page surfaces from the iteration', async () => {
    let n = 0
    const client = new Client({
      token: TOKENS.cr_a,
      baseUrl: s.base,
      // the second page is asked for with a cursor the server refuses
      fetch: (url, init) => fetch(++n === 2 ? url.replace(/cursor=[^&]+/, 'cursor=x' + 'y') : url, init),
    })
    const got: Report[] = []
    await assert.rejects(
      async () => {
        for await (const r of client.creator.reports.list({ start, end, limit: 5 })) got.push(r)
      },
      (err: unknown) => err instanceof InvalidRequestError && err.code === 'invalid_pagination',
    )
    assert.equal(got.length, 5)
  })

  test('an unknown path is a NotFoundError; an unreachable server a ConnectionError', async () => {
    const wrongBase = new Client({ token: TOKENS.cr_a, baseUrl: `${s.base}/v2` })
    await expectError(wrongBase.creator.brands.list(), NotFoundError, 404, 'not_found')
    const down = new Client({ token: TOKENS.cr_a, baseUrl: 'http://127.0.0.1:9', maxRetries: 0 })
    await expectError(down.creator.brands.list(), ConnectionError, 0, 'connection_error')
  })

  test('bad options are refused at construction', () => {
    assert.throws(() => new Client({ token: '', baseUrl: s.base }), TypeError)
    assert.throws(() => new Client({ token: 't', baseUrl: 'not a url' }), TypeError)
    assert.throws(() => new Client({ token: 't', baseUrl: s.base, maxRetries: -1 }), RangeError)
    assert.throws(() => new Client({ token: 't', baseUrl: s.base, timeoutMs: 0 }), RangeError)
  })
})

describe('client: source', () => {
  test('src/client imports nothing but its own files (no runtime dependency, no node: module)', () => {
    const dir = new URL('../../src/client/', import.meta.url)
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(new URL(file, dir), 'utf8')
      for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"\n]*?from\s+['"]([^'"]+)['"]/g)) {
        assert.match(m[1]!, /^\.\/[\w-]+\.js$/, `${file} imports ${m[1]}`)
      }
      assert.doesNotMatch(text, /\bprocess\.|\bBuffer\b|require\(/, `${file} uses a Node-only global`)
    }
  })
})

// Types: parameters and items come from the OpenAPI document (checked by npm run typecheck).
export function _typeChecks(client: Client) {
  // @ts-expect-error start and end are required
  client.creator.reports.list({})
  // @ts-expect-error brand_id is required
  client.seller.products.list({ limit: 5 })
  // @ts-expect-error brand_id is required
  client.seller.reports.list({ start: 'x', end: 'y' })
  // @ts-expect-error brand_id is required
  client.creator.products.list({})
  // @ts-expect-error the seller's rows have no link filter
  client.seller.reports.list({ brand_id: 'b', start: 'x', end: 'y', link_id: 'l' })
  // @ts-expect-error no such filter
  client.creator.reports.list({ start: 'x', end: 'y', colour: 'red' })
  return async () => {
    for await (const r of client.creator.reports.list({ start: 'x', end: 'y' })) {
      const cents: number = r.commission_cents
      const status: 'pending' | 'approved' | 'paid' | 'reversed' = r.commission_status
      const linkId: string = r.link.id
      return [cents, status, linkId]
    }
  }
}
