// The creator's reports pages: first pages, pages at a cursor deep in the largest creator's
// rows, and each filter.
import type { Db } from '../../src/db/index.js'
import { listCreatorReports, type ReportFilters } from '../../src/http/creator/reports/sql.js'
import { YEAR_END, YEAR_START } from '../dataset.js'
import { auth, getJson } from './http.js'
import { postgraphileTarget } from './postgraphile.js'
import { NO_SQL, record } from './record.js'
import type { Context, Group, Scenario } from './types.js'

interface ReportSpec {
  name: string
  creator: 'big' | 'typical'
  limit: number
  depth?: number
  filter?: keyof ReportFilters
  /** Measured for the plot only: no ceilings. */
  plotOnly?: boolean
}

const FILTERS = ['brand_id', 'product_id', 'asin', 'link_id', 'marketplace'] as const

function specs(extraDepths: number[]): ReportSpec[] {
  return [
    { name: 'reports typical limit 100', creator: 'typical', limit: 100 },
    { name: 'reports typical limit 500', creator: 'typical', limit: 500 },
    { name: 'reports largest limit 100', creator: 'big', limit: 100 },
    { name: 'reports largest limit 500', creator: 'big', limit: 500 },
    { name: 'reports largest after 10k', creator: 'big', limit: 100, depth: 10_000 },
    { name: 'reports largest after 100k', creator: 'big', limit: 100, depth: 100_000 },
    ...FILTERS.map((f) => ({ name: `reports largest ${f}=`, creator: 'big' as const, limit: 100, filter: f })),
    ...extraDepths.map((d) => ({
      name: `reports largest after ${d}`,
      creator: 'big' as const,
      limit: 100,
      depth: d,
      plotOnly: true,
    })),
  ]
}

export const reports: Group = {
  name: 'reports',
  entries: (ctx) => specs(ctx.extraDepths).map((spec) => ({ name: spec.name, build: () => build(ctx, spec) })),
}

/** Our cursor after `depth` rows: the pages walked 500 at a time, as a client would. */
async function walk(base: string, spec: ReportSpec, query: URLSearchParams, headers: Record<string, string>) {
  const depth = spec.depth ?? 0
  let cursor: string | null = null
  for (let seen = 0; seen < depth; seen += 500) {
    const page = new URLSearchParams(query)
    page.set('limit', String(Math.min(500, depth - seen)))
    if (cursor) page.set('cursor', cursor)
    const body = await getJson(`${base}/api/creator/v1/reports?${page}`, { headers })
    cursor = body.next_cursor as string | null
    if (!cursor) throw new Error(`${spec.name}: the creator has fewer than ${depth} rows`)
  }
  return cursor
}

/** The same position as a (date, id) key, for the exact SQL. */
async function keyAt(db: Db, creator: string, filters: ReportFilters, depth: number) {
  if (depth === 0) return null
  const filterSql = Object.keys(filters)
    .map((f, i) => ` and ${f} = $${i + 2}`)
    .join('')
  const [row] = await db.query<{ date: string; id: number }>(
    `select date, id from report_rows where creator_id = $1${filterSql}
      order by date, id offset ${depth - 1} limit 1`,
    [creator, ...Object.values(filters)],
  )
  return row!
}

async function build({ ids, bases, db }: Context, spec: ReportSpec): Promise<Scenario> {
  const creator = spec.creator === 'big' ? ids.bigCreator : ids.typicalCreator
  const headers = auth(spec.creator === 'big' ? ids.tokens.big : ids.tokens.typical)
  const filters: ReportFilters = spec.filter ? { [spec.filter]: ids.filters[spec.filter] } : {}
  const depth = spec.depth ?? 0
  const query = new URLSearchParams({ start: YEAR_START, end: YEAR_END, ...filters })
  const cursor = await walk(bases.ours, spec, query, headers)
  const ourQuery = new URLSearchParams(query)
  ourQuery.set('limit', String(spec.limit))
  if (cursor) ourQuery.set('cursor', cursor)
  const scenario: Scenario = {
    name: spec.name,
    group: 'reports',
    depth,
    limit: spec.limit,
    ours: { url: `${bases.ours}/api/creator/v1/reports?${ourQuery}`, headers },
    list: 'reports',
    sql: NO_SQL,
    ceilings: !spec.plotOnly,
    expectRows: 0,
  }
  if (!db) return scenario

  const after = await keyAt(db, creator, filters, depth)
  const q = { creatorId: creator, start: YEAR_START, end: YEAR_END, filters, after, limit: spec.limit }
  scenario.sql = await record((qq) => listCreatorReports(qq, q))
  scenario.expectRows = Math.min(spec.limit, (await listCreatorReports(db, q)).found)
  if (bases.baseline) {
    const oq = new URLSearchParams({ creator, start: YEAR_START, end: YEAR_END, ...filters })
    oq.set('limit', String(spec.limit))
    oq.set('offset', String(depth))
    scenario.offset = { url: `${bases.baseline}/offset/reports?${oq}` }
  }
  if (bases.postgraphile) {
    scenario.postgraphile = await postgraphileTarget(bases.postgraphile, spec.name, creator, filters, depth, spec.limit)
  }
  return scenario
}
