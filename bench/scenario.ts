// A scenario (bench/scenarios.ts) built against running servers: our request with its cursor
// walked, the page's statement and its rows, the same page from the peers; and the check every
// target passes once before it is measured.
import { isDeepStrictEqual } from 'node:util'
import type { Db, Queryable } from '../src/db/index.js'
import type { ReportFilters } from '../src/http/creator/reports/sql.js'
import { YEAR_END, YEAR_START, type BenchIds } from './dataset.js'
import type { HttpTarget } from './load.js'
import { log } from './process.js'
import { select, type Spec } from './scenarios.js'

export interface Sql {
  text: string
  params: unknown[]
  prepared: boolean
}

export interface Scenario {
  name: string
  limit: number
  depth: number
  firstPage?: string
  ours: HttpTarget
  list: string
  /** The page's statement, as the data module sends it (PostgreSQL runs only). */
  sql?: Sql
  /** Its rows, when it writes them as one JSON text (`rows`): the floor serves those. */
  rows?: unknown[]
  offset?: HttpTarget
  postgraphile?: HttpTarget
}

export interface Bases {
  ours: string
  baseline?: string
  postgraphile?: string
}

async function getJson(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const res = await fetch(url, init)
  const text = await res.text()
  if (res.status !== 200) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text.slice(0, 300)}`)
  return JSON.parse(text) as Record<string, unknown>
}

/** The statement a data-module function sends, recorded instead of run. */
export async function record(fn: (q: Queryable) => Promise<unknown>): Promise<Sql> {
  let captured: Sql | undefined
  const recorder: Queryable = {
    async query(text, params, opts) {
      captured ??= { text, params: [...(params ?? [])], prepared: opts?.prepare === true }
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

/**
 * Walks a list through our API, 500 rows a page as a client would, for `rows` rows (to the end
 * without), handing each page's items to `add`: the cursor after them, the pages and rows read.
 */
export async function walk(
  url: URL,
  headers: Record<string, string>,
  list: string,
  rows = Infinity,
  add: (items: Record<string, unknown>[]) => void = () => {},
) {
  let [cursor, pages, seen] = [null as string | null, 0, 0]
  do {
    const page = new URL(url)
    page.searchParams.set('limit', String(Math.min(500, rows - seen)))
    if (cursor) page.searchParams.set('cursor', cursor)
    const body = await getJson(page.href, { headers })
    pages++
    const items = body[list] as Record<string, unknown>[]
    add(items)
    seen += items.length
    cursor = body.has_more === false ? null : (body.next_cursor as string | null)
  } while (cursor && seen < rows)
  if (rows !== Infinity && (seen < rows || !cursor)) throw new Error(`${url.pathname}: not more than ${rows} rows`)
  return { cursor, pages, rows: seen }
}

// Walked cursors by request and depth: a page at limit 100 and 500 starts at the same one.
const walked = new Map<string, Promise<string | null>>()

/**
 * The scenarios of `only` (bench/scenarios.ts select). With `db` (the PostgreSQL dataset), their
 * statements and peers too; a page the dataset cannot hold is skipped and listed.
 */
export async function buildScenarios(
  ids: BenchIds,
  bases: Bases,
  db: Db | null,
  only?: readonly string[],
  skipped?: { name: string; reason: string }[],
): Promise<Scenario[]> {
  const out: Scenario[] = []
  for (const spec of select(only)) {
    const missing = spec.missing?.(ids)
    if (!missing) out.push(await build(spec, ids, bases, db))
    else if (skipped) {
      log(`skipped "${spec.name}": ${missing}`)
      skipped.push({ name: spec.name, reason: missing })
    }
  }
  return out
}

async function build(spec: Spec, ids: BenchIds, bases: Bases, db: Db | null): Promise<Scenario> {
  const headers = { authorization: `Bearer ${ids.as[spec.as]!.token}` }
  const depth = typeof spec.depth === 'function' ? spec.depth(ids) : (spec.depth ?? 0)
  const url = new URL(spec.url(ids), bases.ours)
  const key = `${url.href} ${spec.as} ${depth}`
  if (depth && !walked.has(key))
    walked.set(
      key,
      walk(url, headers, spec.list, depth).then((w) => w.cursor),
    )
  const cursor = depth ? await walked.get(key)! : null
  url.searchParams.set('limit', String(spec.limit))
  if (cursor) url.searchParams.set('cursor', cursor)
  const { name, limit, list, firstPage } = spec
  const sc: Scenario = { name, limit, list, firstPage, depth, ours: { url: url.href, headers } }
  if (!db) return sc
  sc.sql = await record((q) => spec.sql(q, { ids, db, depth }))
  const [row] = await db.query<{ rows?: unknown }>(sc.sql.text, sc.sql.params)
  if (typeof row?.rows === 'string') sc.rows = JSON.parse(`[${row.rows}]`) as unknown[]
  const peers = spec.peers?.(ids)
  if (peers && bases.baseline) {
    const q = new URLSearchParams({ creator: peers.creator, start: YEAR_START, end: YEAR_END, ...peers.filters })
    sc.offset = { url: `${bases.baseline}/offset/reports?${q}&limit=${limit}&offset=${depth}` }
  }
  if (peers && bases.postgraphile) sc.postgraphile = await postgraphileTarget(bases.postgraphile, peers, depth, limit)
  return sc
}

// PostGraphile's allReportRows connection with a condition, ordered by (date, id), with the link
// through its foreign-key relation: the same rows as our reports page.
const PAGE = `query Reports($condition: ReportRowCondition!, $first: Int!, $after: Cursor) {
  allReportRows(condition: $condition, orderBy: [DATE_ASC, ID_ASC], first: $first, after: $after) {
    nodes {
      date brandId productId asin marketplace currency salesCents commissionCents commissionStatus
      orders unitsSold clicks detailPageViews addToCarts
      linkByLinkIdAndCreatorIdAndBrandId { id trackingId shortUrl destinationUrl }
    }
    pageInfo { hasNextPage endCursor }
  }
}`
const CURSOR_AT = `query At($condition: ReportRowCondition!, $offset: Int!) {
  allReportRows(condition: $condition, orderBy: [DATE_ASC, ID_ASC], first: 1, offset: $offset) { edges { cursor } }
}`

interface GraphqlRows {
  nodes?: { date: string; linkByLinkIdAndCreatorIdAndBrandId: { id: string } }[]
  edges?: { cursor: string }[]
}

async function graphql(url: string, body: string): Promise<GraphqlRows> {
  const res = await getJson(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  if (res.errors) throw new Error(`PostGraphile: ${JSON.stringify(res.errors).slice(0, 500)}`)
  return (res.data as { allReportRows: GraphqlRows }).allReportRows
}

const camel = (s: string) => s.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())

/** The request for a creator's page after `depth` rows (PostGraphile's own cursor for it). */
async function postgraphileTarget(
  base: string,
  peers: { creator: string; filters: ReportFilters },
  depth: number,
  limit: number,
): Promise<HttpTarget> {
  const condition: Record<string, string> = { creatorId: peers.creator }
  for (const [k, v] of Object.entries(peers.filters)) condition[camel(k)] = v
  const url = `${base}/graphql`
  const at = JSON.stringify({ query: CURSOR_AT, variables: { condition, offset: depth - 1 } })
  const after = depth > 0 ? (await graphql(url, at)).edges![0]!.cursor : null
  return { url, body: JSON.stringify({ query: PAGE, variables: { condition, first: limit, after } }) }
}

/** Checks a scenario's targets once and returns our response body: its statement's rows, and the peers' page. */
export async function validate(s: Scenario): Promise<string> {
  const res = await fetch(s.ours.url, { headers: s.ours.headers })
  const raw = await res.text()
  if (res.status !== 200) throw new Error(`${s.name}: ours answered ${res.status} ${raw.slice(0, 300)}`)
  const list = (JSON.parse(raw) as Record<string, { date?: string; link?: { id: string } }[]>)[s.list]
  if (!list?.length) throw new Error(`${s.name}: our response has no rows in "${s.list}"`)
  if (s.rows && !isDeepStrictEqual(list, s.rows)) throw new Error(`${s.name}: our page is not its statement's rows`)
  const same = (n: number, date?: string, link?: string) =>
    n === list.length && date === list[0]!.date && link === list[0]!.link?.id
  if (s.offset) {
    const rows = (await getJson(s.offset.url)).reports as { date: string; link: { id: string } }[]
    if (!same(rows.length, rows[0]?.date, rows[0]?.link.id)) throw new Error(`${s.name}: OFFSET gave another page`)
  }
  if (s.postgraphile) {
    const nodes = (await graphql(s.postgraphile.url, s.postgraphile.body!)).nodes!
    if (!same(nodes.length, nodes[0]?.date, nodes[0]?.linkByLinkIdAndCreatorIdAndBrandId.id)) {
      throw new Error(`${s.name}: PostGraphile gave another page`)
    }
  }
  return raw
}
