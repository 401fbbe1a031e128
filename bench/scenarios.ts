// The pages the bench measures: whose token, the URL without its cursor, how deep into the list
// (the cursor is walked through our API) and the page's statement, sent by the data module: the
// database ceiling and the floor run exactly it. Adding a page is adding an entry here.
import type { Db, Queryable } from '../src/db/index.js'
import { listCreatorBrands } from '../src/http/creator/brands/sql.js'
import { readFeedPage } from '../src/http/creator/changes/sql.js'
import { listCreatorLinks } from '../src/http/creator/links/sql.js'
import { listPayoutLines } from '../src/http/creator/payout-lines/sql.js'
import { listCreatorProducts } from '../src/http/creator/products/sql.js'
import { creatorSummary } from '../src/http/creator/report-summary/sql.js'
import { listCreatorReports, type ReportFilters } from '../src/http/creator/reports/sql.js'
import { listBrandProducts } from '../src/http/seller/products/sql.js'
import { sellerSummary } from '../src/http/seller/report-summary/sql.js'
import { listSellerReports } from '../src/http/seller/reports/sql.js'
import { WHALE_ROWS, YEAR_END, YEAR_START, type BenchIds, type Subject } from './dataset.js'

export interface Spec {
  name: string
  as: Subject
  /** Our request's path and query, without a cursor or limit. */
  url: (ids: BenchIds) => string
  /** The key of the page's list in our response. */
  list: string
  limit: number
  /** Rows before the page: its cursor is walked through our API, 500 rows at a time. */
  depth?: number | ((ids: BenchIds) => number)
  /** The page's statement, sent to `q` by the data module; `db` finds the key at the depth. */
  sql: (q: Queryable, at: { ids: BenchIds; db: Db; depth: number }) => Promise<unknown>
  /** Reports pages: the creator and filters of the same page from PostGraphile and LIMIT/OFFSET. */
  peers?: (ids: BenchIds) => { creator: string; filters: ReportFilters }
  /** The first page a deep page's p99 is compared with (target: ≤ 1.2 times it). */
  firstPage?: string
  /** Other pages its targets compare it with: measured with it under --only. */
  needs?: string[]
  /** Why this dataset cannot hold the page, or null. */
  missing?: (ids: BenchIds) => string | null
}

const YEAR = { start: YEAR_START, end: YEAR_END }
const query = (params: Record<string, string>) => new URLSearchParams(params).toString()

/** The (date, id) of the `depth`-th row matching `where` in (date, id) order: a deep page starts after it. */
async function keyAt(db: Db, depth: number, where: string, params: unknown[]): Promise<[string, number] | null> {
  if (!depth) return null
  const [row] = await db.query<{ date: string; id: number }>(
    `select date, id from report_rows where ${where} order by date, id offset ${depth - 1} limit 1`,
    params,
  )
  return [row!.date, row!.id]
}

function reports(name: string, who: 'typical' | 'big', limit: number, depth = 0, filter?: keyof ReportFilters): Spec {
  const filters = (ids: BenchIds): ReportFilters => (filter ? { [filter]: ids.filters[filter] } : {})
  return {
    name,
    as: who,
    list: 'reports',
    limit,
    depth,
    url: (ids) => `/api/creator/v1/reports?${query({ ...YEAR, ...filters(ids) })}`,
    sql: async (q, { ids, db }) => {
      const [creatorId, f] = [ids.as[who]!.id, filters(ids)]
      const where = ['creator_id = $1', ...Object.keys(f).map((k, i) => `${k} = $${i + 2}`)].join(' and ')
      const after = await keyAt(db, depth, where, [creatorId, ...Object.values(f)])
      return listCreatorReports(q, { creatorId, filters: { ...YEAR, ...f }, after, limit })
    },
    peers: (ids) => ({ creator: ids.as[who]!.id, filters: filters(ids) }),
    firstPage: depth ? `reports ${who === 'big' ? 'largest' : who} limit ${limit}` : undefined,
  }
}

/** The largest brand's report rows of every creator, for its seller: the first page, and one halfway. */
const sellerReports = (limit: number, halfway = false): Spec => ({
  name: `seller reports largest brand${halfway ? ' halfway' : ''} limit ${limit}`,
  as: 'seller',
  list: 'reports',
  limit,
  depth: halfway ? (ids) => Math.floor(ids.rowCounts.largestBrand / 1000) * 500 : 0,
  url: (ids) => `/api/seller/v1/reports?${query({ brand_id: ids.largestBrand, ...YEAR })}`,
  sql: async (q, { ids, db, depth }) =>
    listSellerReports(q, {
      accountId: ids.as.seller!.id,
      brandId: ids.largestBrand,
      filters: YEAR,
      after: await keyAt(db, depth, 'brand_id = $1', [ids.largestBrand]),
      limit,
    }),
  firstPage: halfway ? `seller reports largest brand limit ${limit}` : undefined,
})

function changes(who: 'big' | 'whale', limit: number, depth: number): Spec {
  const subject = who === 'big' ? 'largest' : 'whale'
  const deep = who === 'big' ? 'after 100k ' : 'after 1M '
  return {
    name: `changes ${subject} ${depth ? deep : ''}limit ${limit}`,
    as: who,
    list: 'reports',
    limit,
    depth,
    url: () => '/api/creator/v1/reports/changes',
    sql: async (q, { ids, db }) => {
      const creator = ids.as[who]!.id
      const [at] = depth
        ? await db.query<{ seq: string }>(
            `select change_seq::text as seq from report_rows
              where creator_id = $1 order by change_seq offset $2 limit 1`,
            [creator, depth - 1],
          )
        : [{ seq: '0' }]
      return readFeedPage(q, creator, Number(at!.seq), limit)
    },
    firstPage: depth ? `changes ${subject} limit ${limit}` : undefined,
    missing: (ids) =>
      ids.as[who]
        ? null
        : `no creator has more than 1M rows (the whale comes with ${(2 * WHALE_ROWS).toLocaleString('en-US')} rows)`,
  }
}

const payoutLines = (name: string, depth: (ids: BenchIds) => number): Spec => ({
  name,
  as: 'big',
  list: 'lines',
  limit: 500,
  depth,
  url: (ids) => `/api/creator/v1/payouts/${ids.payout.id}/lines`,
  // line numbers are 1, 2, …: the page after `depth` lines starts after line `depth`
  sql: (q, { ids, depth }) => listPayoutLines(q, ids.payout.id, depth, 500),
})

/** The summaries' ranges: the dataset's rows are in 2025, so 3 years cover the same rows as 1. */
export const SUMMARY_RANGES = {
  '1 day': ['2025-06-15', '2025-06-15'],
  '1 month': ['2025-06-01', '2025-06-30'],
  '1 year': [YEAR_START, YEAR_END],
  '3 years': ['2024-01-01', '2026-12-31'],
} as const
export type SummaryRange = keyof typeof SUMMARY_RANGES
export const SUMMARY_GROUP_BYS = ['month', 'month,brand_id', 'day'] as const
export const summaryName = (range: SummaryRange, groupBy: string) => `summary largest ${range} group_by=${groupBy}`
/** Our /reports of the largest creator over a summary's range, walked at limit 500 to add it up. */
export const reportsOver = (range: SummaryRange) => {
  const [start, end] = SUMMARY_RANGES[range]
  return `/api/creator/v1/reports?${query({ start, end })}`
}
export const summaryUrl = (range: SummaryRange, groupBy: string) => {
  const [start, end] = SUMMARY_RANGES[range]
  return `/api/creator/v1/reports/summary?${query({ start, end, group_by: groupBy })}`
}

// The cost of a summary must not grow with the rows it covers (docs/architecture.md, "Report summaries").
function summary(range: SummaryRange, groupBy: string): Spec {
  const [start, end] = SUMMARY_RANGES[range]
  const needs = [
    ...(range === '1 year' && groupBy === 'month' ? ['reports largest limit 100'] : []),
    ...(range === '3 years' ? [summaryName('1 day', groupBy)] : []),
  ]
  const request = { start, end, filters: {}, groupBy: groupBy.split(','), after: null, limit: 100 }
  return {
    name: summaryName(range, groupBy),
    as: 'big',
    list: 'summary',
    limit: 100,
    url: () => summaryUrl(range, groupBy),
    sql: (q, { ids }) => creatorSummary(q, ids.as.big!.id, request),
    needs,
  }
}

const sellerSummaryPage: Spec = {
  name: 'seller summary largest brand 1 year group_by=month,creator_id',
  as: 'seller',
  list: 'summary',
  limit: 100,
  url: (ids) =>
    `/api/seller/v1/reports/summary?${query({ brand_id: ids.largestBrand, ...YEAR, group_by: 'month,creator_id' })}`,
  sql: (q, { ids }) =>
    sellerSummary(q, ids.largestBrand, {
      ...YEAR,
      filters: {},
      groupBy: ['month', 'creator_id'],
      after: null,
      limit: 100,
    }),
}

const FILTERS = ['brand_id', 'product_id', 'asin', 'link_id', 'marketplace'] as const

export const SCENARIOS: Spec[] = [
  {
    name: 'brands page (limit 100)',
    as: 'typical',
    list: 'brands',
    limit: 100,
    url: () => '/api/creator/v1/brands',
    sql: (q, { ids }) => listCreatorBrands(q, ids.as.typical!.id, '', 100, ''),
  },
  {
    name: 'products page (limit 100)',
    as: 'seller',
    list: 'products',
    limit: 100,
    url: (ids) => `/api/seller/v1/products?brand_id=${ids.sellerBrand}`,
    sql: (q, { ids }) => listBrandProducts(q, ids.as.seller!.id, ids.sellerBrand, '', 100),
  },
  {
    name: 'links page (limit 100)',
    as: 'big',
    list: 'links',
    limit: 100,
    url: () => '/api/creator/v1/links',
    sql: (q, { ids }) => listCreatorLinks(q, ids.as.big!.id, {}, '', 100),
  },
  {
    name: 'creator products page (limit 100)',
    as: 'typical',
    list: 'products',
    limit: 100,
    url: (ids) => `/api/creator/v1/products?brand_id=${ids.largestBrand}`,
    sql: (q, { ids }) => listCreatorProducts(q, ids.as.typical!.id, ids.largestBrand, '', 100, ''),
  },
  ...[false, true].flatMap((halfway) => [sellerReports(100, halfway), sellerReports(500, halfway)]),
  sellerSummaryPage,
  reports('reports typical limit 100', 'typical', 100),
  reports('reports typical limit 500', 'typical', 500),
  reports('reports largest limit 100', 'big', 100),
  reports('reports largest limit 500', 'big', 500),
  reports('reports largest after 10k', 'big', 100, 10_000),
  reports('reports largest after 100k', 'big', 100, 100_000),
  ...FILTERS.map((f) => reports(`reports largest ${f}=`, 'big', 100, 0, f)),
  ...[100, 500].flatMap((limit) => [
    changes('big', limit, 0),
    changes('big', limit, 100_000),
    changes('whale', limit, 0),
    changes('whale', limit, 1_000_000),
  ]),
  ...SUMMARY_GROUP_BYS.flatMap((g) => (Object.keys(SUMMARY_RANGES) as SummaryRange[]).map((r) => summary(r, g))),
  payoutLines('payout lines limit 500', () => 0),
  payoutLines('payout lines limit 500 halfway', (ids) => Math.floor(ids.payout.lines / 1000) * 500),
]

/** The scenarios whose name contains one of `only` (all without it), with the pages they are compared with. */
export function select(only?: readonly string[]): Spec[] {
  if (!only) return SCENARIOS
  const picked = SCENARIOS.filter((s) => only.some((o) => s.name.includes(o)))
  const names = new Set(picked.flatMap((s) => [s.name, ...(s.firstPage ? [s.firstPage] : []), ...(s.needs ?? [])]))
  return SCENARIOS.filter((s) => names.has(s.name))
}
