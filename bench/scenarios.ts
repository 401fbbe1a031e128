// The scenarios: for each, the request to our service, the exact SQL it runs for the page
// (recorded from the data modules themselves), and the equivalent requests to the peers.
import type { Db, Queryable } from '../src/db/index.js'
import { listCreatorReports, type ReportFilters } from '../src/data/reports.js'
import { listCreatorBrands } from '../src/data/brands.js'
import { listBrandProducts } from '../src/data/products.js'
import type { HttpTarget } from './load.js'
import { YEAR_END, YEAR_START, type BenchIds } from './dataset.js'

export interface Scenario {
  name: string
  group: 'brands' | 'products' | 'reports'
  /** Rows skipped before the page (reports at a cursor). */
  depth: number
  limit: number
  ours: HttpTarget
  /** The page's statement, and whether the service runs it as a prepared statement. */
  sql: { text: string; params: unknown[]; prepared: boolean }
  offset?: HttpTarget
  postgraphile?: HttpTarget
  /** Rows the page holds, from the SQL itself. */
  expectRows: number
}

export interface Bases {
  ours: string
  baseline?: string
  postgraphile?: string
}

/** Runs a data-module function against a recorder and returns the statement it would send. */
async function record(fn: (q: Queryable) => Promise<unknown>): Promise<Scenario['sql']> {
  let captured: Scenario['sql'] | undefined
  const recorder: Queryable = {
    async query(sql, params, opts) {
      captured ??= { text: sql, params: [...(params ?? [])], prepared: opts?.prepare === true }
      return []
    },
    async exec() {},
  }
  // the module may fail on the recorder's empty result: only the statement is wanted
  await fn(recorder).catch((err: Error) => {
    if (!captured) throw err
  })
  if (!captured) throw new Error('the data module sent no statement')
  return captured
}

const CAMEL: Record<keyof ReportFilters, string> = {
  brand_id: 'brandId',
  product_id: 'productId',
  asin: 'asin',
  link_id: 'linkId',
  marketplace: 'marketplace',
}

const GRAPHQL = `query Reports($condition: ReportRowCondition!, $first: Int!, $after: Cursor) {
  allReportRows(condition: $condition, orderBy: [DATE_ASC, ID_ASC], first: $first, after: $after) {
    nodes {
      date brandId productId asin marketplace currency salesCents commissionCents commissionStatus
      orders unitsSold clicks detailPageViews addToCarts
      linkByLinkIdAndCreatorIdAndBrandId { id trackingId shortUrl destinationUrl }
    }
    pageInfo { hasNextPage endCursor }
  }
}`
const GRAPHQL_CURSOR_AT = `query At($condition: ReportRowCondition!, $offset: Int!) {
  allReportRows(condition: $condition, orderBy: [DATE_ASC, ID_ASC], first: 1, offset: $offset) { edges { cursor } }
}`

async function getJson(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const res = await fetch(url, init)
  const text = await res.text()
  if (res.status !== 200) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text.slice(0, 300)}`)
  return JSON.parse(text) as Record<string, unknown>
}

function graphqlErrors(body: Record<string, unknown>, what: string) {
  if (body.errors) throw new Error(`PostGraphile ${what}: ${JSON.stringify(body.errors).slice(0, 500)}`)
}

interface ReportSpec {
  name: string
  creator: 'big' | 'typical'
  limit: number
  depth?: number
  filter?: keyof ReportFilters
}

export function reportSpecs(): ReportSpec[] {
  return [
    { name: 'reports typical limit 100', creator: 'typical', limit: 100 },
    { name: 'reports typical limit 500', creator: 'typical', limit: 500 },
    { name: 'reports largest limit 100', creator: 'big', limit: 100 },
    { name: 'reports largest limit 500', creator: 'big', limit: 500 },
    { name: 'reports largest after 10k', creator: 'big', limit: 100, depth: 10_000 },
    { name: 'reports largest after 100k', creator: 'big', limit: 100, depth: 100_000 },
    ...(['brand_id', 'product_id', 'asin', 'link_id', 'marketplace'] as const).map((f) => ({
      name: `reports largest ${f}=`,
      creator: 'big' as const,
      limit: 100,
      filter: f,
    })),
  ]
}

/** Builds every scenario against running servers (cursors are walked through our own API). */
export async function buildScenarios(db: Db, ids: BenchIds, bases: Bases, extraDepths: number[] = []): Promise<Scenario[]> {
  const out: Scenario[] = []
  const auth = (token: string) => ({ authorization: `Bearer ${token}` })

  const brandsSql = await record((q) => listCreatorBrands(q, ids.typicalCreator, '', 101))
  out.push({
    name: 'brands page (limit 100)',
    group: 'brands',
    depth: 0,
    limit: 100,
    ours: { url: `${bases.ours}/api/creator/v1/brands?limit=100`, headers: auth(ids.tokens.typical) },
    sql: brandsSql,
    expectRows: Math.min(100, (await db.query(brandsSql.text, brandsSql.params)).length),
  })
  const productsSql = await record((q) => listBrandProducts(q, ids.sellerBrand, '', 101))
  out.push({
    name: 'products page (limit 100)',
    group: 'products',
    depth: 0,
    limit: 100,
    ours: { url: `${bases.ours}/api/seller/v1/products?brand_id=${ids.sellerBrand}&limit=100`, headers: auth(ids.tokens.seller) },
    sql: productsSql,
    expectRows: Math.min(100, (await db.query(productsSql.text, productsSql.params)).length),
  })

  const specs = reportSpecs()
  for (const d of extraDepths) specs.push({ name: `reports largest after ${d}`, creator: 'big', limit: 100, depth: d })
  for (const spec of specs) out.push(await reportScenario(db, ids, bases, spec))
  return out
}

async function reportScenario(db: Db, ids: BenchIds, bases: Bases, spec: ReportSpec): Promise<Scenario> {
  const creator = spec.creator === 'big' ? ids.bigCreator : ids.typicalCreator
  const token = spec.creator === 'big' ? ids.tokens.big : ids.tokens.typical
  const headers = { authorization: `Bearer ${token}` }
  const filters: ReportFilters = spec.filter ? { [spec.filter]: ids.filters[spec.filter] } : {}
  const depth = spec.depth ?? 0
  const query = new URLSearchParams({ start: YEAR_START, end: YEAR_END, ...filters })

  // Our cursor after `depth` rows: walk the pages, 500 at a time, as a client would.
  let cursor: string | null = null
  for (let seen = 0; seen < depth; seen += 500) {
    const page = new URLSearchParams(query)
    page.set('limit', String(Math.min(500, depth - seen)))
    if (cursor) page.set('cursor', cursor)
    const body = await getJson(`${bases.ours}/api/creator/v1/reports?${page}`, { headers })
    cursor = body.next_cursor as string | null
    if (!cursor) throw new Error(`${spec.name}: the creator has fewer than ${depth} rows`)
  }
  const ourQuery = new URLSearchParams(query)
  ourQuery.set('limit', String(spec.limit))
  if (cursor) ourQuery.set('cursor', cursor)

  // The same position as a (date, id) key, for the exact SQL.
  let after: { date: string; id: number } | null = null
  if (depth > 0) {
    const filterSql = Object.keys(filters).map((f, i) => ` and ${f} = $${i + 2}`).join('')
    const [row] = await db.query<{ date: string; id: number }>(
      `select date, id from report_rows where creator_id = $1${filterSql} order by date, id offset ${depth - 1} limit 1`,
      [creator, ...Object.values(filters)],
    )
    after = row!
  }
  const q = { creatorId: creator, start: YEAR_START, end: YEAR_END, filters, after, limit: spec.limit }
  const sql = await record((qq) => listCreatorReports(qq, q))
  const expectRows = Math.min(spec.limit, (await listCreatorReports(db, q)).found)

  const scenario: Scenario = {
    name: spec.name,
    group: 'reports',
    depth,
    limit: spec.limit,
    ours: { url: `${bases.ours}/api/creator/v1/reports?${ourQuery}`, headers },
    sql,
    expectRows,
  }
  if (bases.baseline) {
    const oq = new URLSearchParams({ creator, start: YEAR_START, end: YEAR_END, ...filters, limit: String(spec.limit), offset: String(depth) })
    scenario.offset = { url: `${bases.baseline}/offset/reports?${oq}` }
  }
  if (bases.postgraphile) {
    const condition: Record<string, string> = { creatorId: creator }
    for (const [k, v] of Object.entries(filters)) condition[CAMEL[k as keyof ReportFilters]] = v as string
    let pgCursor: string | null = null
    if (depth > 0) {
      const body = await getJson(`${bases.postgraphile}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: GRAPHQL_CURSOR_AT, variables: { condition, offset: depth - 1 } }),
      })
      graphqlErrors(body, spec.name)
      pgCursor = (body.data as { allReportRows: { edges: { cursor: string }[] } }).allReportRows.edges[0]!.cursor
    }
    scenario.postgraphile = {
      url: `${bases.postgraphile}/graphql`,
      body: JSON.stringify({ query: GRAPHQL, variables: { condition, first: spec.limit, after: pgCursor } }),
    }
  }
  return scenario
}

/** Fetches each target once: 200, the expected number of rows, and the same first row everywhere. */
export async function validate(s: Scenario): Promise<string> {
  const res = await fetch(s.ours.url, { headers: s.ours.headers })
  const raw = await res.text()
  if (res.status !== 200) throw new Error(`${s.name}: ours answered ${res.status} ${raw.slice(0, 300)}`)
  const ours = JSON.parse(raw) as Record<string, unknown>
  const list = (ours.reports ?? ours.brands ?? ours.products) as Record<string, unknown>[]
  if (list.length !== s.expectRows) throw new Error(`${s.name}: ours returned ${list.length} rows, the SQL ${s.expectRows}`)
  const first = list[0] as { date?: string; link?: { id: string } } | undefined
  if (s.offset) {
    const off = await getJson(s.offset.url)
    const rows = off.reports as { date: string; link: { id: string } }[]
    if (rows.length !== list.length || rows[0]?.date !== first?.date || rows[0]?.link.id !== first?.link?.id) {
      throw new Error(`${s.name}: the OFFSET baseline returned a different page`)
    }
  }
  if (s.postgraphile) {
    const body = await getJson(s.postgraphile.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: s.postgraphile.body! })
    graphqlErrors(body, s.name)
    const nodes = (body.data as { allReportRows: { nodes: { date: string; linkByLinkIdAndCreatorIdAndBrandId: { id: string } }[] } }).allReportRows.nodes
    if (nodes.length !== list.length || nodes[0]?.date !== first?.date || nodes[0]?.linkByLinkIdAndCreatorIdAndBrandId.id !== first?.link?.id) {
      throw new Error(`${s.name}: PostGraphile returned a different page`)
    }
  }
  return raw
}
