// The pages the bench measures. A scenario is our request (whose token, the URL without its
// cursor), how deep into the list it is (the cursor is walked through our API), and the page's
// statement, recorded from the data module: the database ceiling and the floor run exactly it.
// Adding a page is adding an entry here.
import type { Db, Queryable } from '../src/db/index.js'
import { listCreatorBrands } from '../src/http/creator/brands/sql.js'
import { readFeedPage } from '../src/http/creator/changes/sql.js'
import { listPayoutLines } from '../src/http/creator/payout-lines/sql.js'
import { listCreatorReports, type ReportFilters } from '../src/http/creator/reports/sql.js'
import { listBrandProducts } from '../src/http/seller/products/sql.js'
import { listSellerReports } from '../src/http/seller/reports/sql.js'
import { listCreatorLinks } from '../src/http/creator/links/sql.js'
import { listCreatorProducts } from '../src/http/creator/products/sql.js'
import { creatorSummary } from '../src/http/creator/report-summary/sql.js'
import { WHALE_CREATOR, WHALE_ROWS, YEAR_END, YEAR_START, type BenchIds } from './dataset.js'

/** Whose token a request carries: the typical and the largest creator, a seller, the feed's whale. */
export type Subject = 'typical' | 'big' | 'seller' | 'whale'

export interface At {
  ids: BenchIds
  db: Db
  /** Rows before the page. */
  depth: number
}

export interface Spec {
  name: string
  as: Subject
  /** Our request's path and query, without a cursor. */
  url: (ids: BenchIds) => string
  /** The key of the page's list in our response (none: a page that is not a list, such as a summary). */
  list?: string
  /** The `limit` parameter, when the page takes one. */
  limit?: number
  /** Rows before the page: its cursor is walked through our API, 500 rows at a time. */
  depth?: number | ((ids: BenchIds) => number)
  /** The page's statement, sent to `q` by the data module; `at.db` finds the key at the depth. */
  sql: (q: Queryable, at: At) => Promise<unknown>
  /** Reports pages: the same page from PostGraphile and from LIMIT/OFFSET. */
  peers?: (ids: BenchIds) => { creator: string; filters: ReportFilters }
  /** The first page a deep page's p99 is compared with (target: ≤ 1.2 times it). */
  firstPage?: string
  /** Why this dataset cannot hold the page, or null. */
  missing?: (ids: BenchIds) => string | null
}

const creatorOf = (ids: BenchIds, who: Subject) =>
  who === 'big' ? ids.bigCreator : who === 'whale' ? (ids.whale?.creator ?? WHALE_CREATOR) : ids.typicalCreator

function reports(name: string, who: 'typical' | 'big', limit: number, depth = 0, filter?: keyof ReportFilters): Spec {
  const filters = (ids: BenchIds): ReportFilters => (filter ? { [filter]: ids.filters[filter] } : {})
  return {
    name,
    as: who,
    list: 'reports',
    limit,
    depth,
    url: (ids) =>
      `/api/creator/v1/reports?${new URLSearchParams({ start: YEAR_START, end: YEAR_END, ...filters(ids) })}`,
    sql: async (q, { ids, db }) => {
      const [creatorId, f] = [creatorOf(ids, who), filters(ids)]
      const where = Object.keys(f).map((k, i) => ` and ${k} = $${i + 2}`)
      const [after] = depth
        ? await db.query<{ date: string; id: number }>(
            `select date, id from report_rows where creator_id = $1${where.join('')}
              order by date, id offset ${depth - 1} limit 1`,
            [creatorId, ...Object.values(f)],
          )
        : [null]
      return listCreatorReports(q, {
        creatorId,
        filters: { start: YEAR_START, end: YEAR_END, ...f },
        after: after ? [after.date, after.id] : null,
        limit,
      })
    },
    peers: (ids) => ({ creator: creatorOf(ids, who), filters: filters(ids) }),
    firstPage: depth ? `reports ${who === 'big' ? 'largest' : who} limit ${limit}` : undefined,
  }
}

function changes(name: string, who: 'big' | 'whale', limit: number, depth: number, firstPage?: string): Spec {
  return {
    name,
    as: who,
    list: 'reports',
    limit,
    depth,
    url: () => '/api/creator/v1/reports/changes',
    sql: async (q, { ids, db }) => {
      const creator = creatorOf(ids, who)
      const [at] = depth
        ? await db.query<{ seq: string }>(
            `select change_seq::text as seq from report_rows
              where creator_id = $1 order by change_seq offset $2 limit 1`,
            [creator, depth - 1],
          )
        : [{ seq: '0' }]
      return readFeedPage(q, creator, Number(at!.seq), limit)
    },
    firstPage,
    // the feed is per creator: a page after 1M changes needs one creator with more
    missing: (ids) =>
      who === 'whale' && !ids.whale
        ? `no creator has more than 1M rows (the whale comes with ${(2 * WHALE_ROWS).toLocaleString('en-US')} rows)`
        : null,
  }
}

/** The largest brand's report rows of every creator, for its seller. */
function sellerReports(name: string, limit: number, depth = 0): Spec {
  return {
    name,
    as: 'seller',
    list: 'reports',
    limit,
    depth,
    url: (ids) =>
      `/api/seller/v1/reports?${new URLSearchParams({ brand_id: ids.largestBrand, start: YEAR_START, end: YEAR_END })}`,
    sql: async (q, { ids, db }) => {
      const [after] = depth
        ? await db.query<{ date: string; id: number }>(
            `select date, id from report_rows where brand_id = $1 order by date, id offset ${depth - 1} limit 1`,
            [ids.largestBrand],
          )
        : [null]
      return listSellerReports(q, {
        accountId: ids.seller,
        brandId: ids.largestBrand,
        filters: { start: YEAR_START, end: YEAR_END },
        after: after ? [after.date, after.id] : null,
        limit,
      })
    },
    firstPage: depth ? `seller reports largest brand limit ${limit}` : undefined,
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

// The largest creator's summaries over growing ranges (the dataset's rows are in 2025): the cost
// must not grow with the rows they cover (docs/architecture.md, "Report summaries").
const SUMMARY_RANGES = {
  '1 day': ['2025-06-15', '2025-06-15'],
  '1 month': ['2025-06-01', '2025-06-30'],
  '1 year': [YEAR_START, YEAR_END],
  '3 years': ['2024-01-01', '2026-12-31'],
} as const
const summary = (range: keyof typeof SUMMARY_RANGES, groupBy: string): Spec => {
  const [start, end] = SUMMARY_RANGES[range]
  return {
    name: `summary largest ${range} group_by=${groupBy}`,
    as: 'big',
    list: 'summary',
    limit: 100,
    url: () => `/api/creator/v1/reports/summary?${new URLSearchParams({ start, end, group_by: groupBy })}`,
    sql: (q, { ids }) =>
      creatorSummary(q, ids.bigCreator, {
        start,
        end,
        filters: {},
        groupBy: groupBy.split(','),
        after: null,
        limit: 100,
      }),
  }
}

const FILTERS = ['brand_id', 'product_id', 'asin', 'link_id', 'marketplace'] as const

export const SCENARIOS: Spec[] = [
  {
    name: 'brands page (limit 100)',
    as: 'typical',
    list: 'brands',
    limit: 100,
    url: () => '/api/creator/v1/brands',
    sql: (q, { ids }) => listCreatorBrands(q, ids.typicalCreator, '', 100),
  },
  {
    name: 'products page (limit 100)',
    as: 'seller',
    list: 'products',
    limit: 100,
    url: (ids) => `/api/seller/v1/products?brand_id=${ids.sellerBrand}`,
    sql: (q, { ids }) => listBrandProducts(q, ids.seller, ids.sellerBrand, '', 100),
  },
  {
    name: 'links page (limit 100)',
    as: 'big',
    list: 'links',
    limit: 100,
    url: () => '/api/creator/v1/links',
    sql: (q, { ids }) => listCreatorLinks(q, ids.bigCreator, {}, '', 100),
  },
  {
    name: 'creator products page (limit 100)',
    as: 'typical',
    list: 'products',
    limit: 100,
    url: (ids) => `/api/creator/v1/products?brand_id=${ids.largestBrand}`,
    sql: (q, { ids }) => listCreatorProducts(q, ids.typicalCreator, ids.largestBrand, '', 100),
  },
  sellerReports('seller reports largest brand limit 100', 100),
  sellerReports('seller reports largest brand limit 500', 500),
  sellerReports('seller reports largest brand after 100k limit 100', 100, 100_000),
  sellerReports('seller reports largest brand after 100k limit 500', 500, 100_000),
  reports('reports typical limit 100', 'typical', 100),
  reports('reports typical limit 500', 'typical', 500),
  reports('reports largest limit 100', 'big', 100),
  reports('reports largest limit 500', 'big', 500),
  reports('reports largest after 10k', 'big', 100, 10_000),
  reports('reports largest after 100k', 'big', 100, 100_000),
  ...FILTERS.map((f) => reports(`reports largest ${f}=`, 'big', 100, 0, f)),
  ...[100, 500].flatMap((limit) => [
    changes(`changes largest limit ${limit}`, 'big', limit, 0),
    changes(`changes largest after 100k limit ${limit}`, 'big', limit, 100_000, `changes largest limit ${limit}`),
    changes(`changes whale limit ${limit}`, 'whale', limit, 0),
    changes(`changes whale after 1M limit ${limit}`, 'whale', limit, 1_000_000, `changes whale limit ${limit}`),
  ]),
  ...['month', 'month,brand_id', 'day'].flatMap((g) =>
    (Object.keys(SUMMARY_RANGES) as (keyof typeof SUMMARY_RANGES)[]).map((range) => summary(range, g)),
  ),
  payoutLines('payout lines limit 500', () => 0),
  payoutLines('payout lines limit 500 halfway', (ids) => Math.floor(ids.payout.lines / 1000) * 500),
]
