// Report summaries: the sums of report rows per group and currency, read from the totals the rows'
// writers keep (migrations/015_report_summaries.sql) and from the rows themselves, in one statement.
//
// The range start..end is cut into whole months and the partial months at its edges. Whole months
// are read from a month table, the edges from a daily source; a day or week grouping needs days and
// reads a daily source over the whole range. Which tables a summary can use depends only on what it
// filters and groups on:
//   - only marketplace and commission status, where the source keeps its owner's months without
//     the brand (the creator's report_month_creator_totals): that table for whole months, a few
//     hundred keys a year whatever the number of brands; report_day_totals for days;
//   - brand, marketplace, commission status (and whatever else a source's coarse tables hold):
//     report_month_brand_totals for whole months, report_day_totals for days;
//   - a product, ASIN or link, filtered or grouped: report_month_totals for whole months, the rows
//     for days.
// Every part selects its own groups' sums; the outer query adds the parts up per group and
// currency. A row is in exactly one part (the parts' date ranges do not overlap and cover
// start..end), and each table holds the same rows' sums: the summary equals the sum over the rows.
//
// The owner of the rows (a creator; a seller's brands) is the source's predicate: the same engine
// serves any side whose rows and totals it can name.
import type { Queryable } from '../db/index.js'
import { addDays } from '../domain/dates.js'
import { pageSql } from './json-sql.js'
import type { SqlPage } from './page.js'

export const TIME_DIMS = ['day', 'week', 'month'] as const
export type TimeDim = (typeof TIME_DIMS)[number]
/** The dimensions every report summary can group on; a source may add its own (`extraDims`). */
export const GROUP_DIMS = [
  ...TIME_DIMS,
  'brand_id',
  'product_id',
  'link_id',
  'marketplace',
  'commission_status',
] as const
export type GroupDim = string
export const FILTER_NAMES = ['brand_id', 'product_id', 'asin', 'link_id', 'marketplace'] as const
export type FilterName = (typeof FILTER_NAMES)[number]

/** Summed per group and currency, in the item's order. */
export const METRICS = [
  'rows',
  'clicks',
  'detail_page_views',
  'add_to_carts',
  'orders',
  'units_sold',
  'sales_cents',
  'commission_cents',
] as const

/** Where a side's rows and totals are, and whose they are. */
export interface SummarySource {
  /** The owner's rows in table alias `x`; `$1` is the owner parameter. */
  owner: (x: string) => string
  /** Dimensions the coarse tables (month brand, day) hold besides brand, marketplace and status. */
  coarseDims?: readonly string[]
  /** Filters the source's rows and totals hold besides FILTER_NAMES (the seller's creator_id). */
  extraFilters?: readonly string[]
  /** The owner's month totals without the brand, and the dimensions they hold. */
  ownerMonths?: { table: string; dims: readonly string[] }
}

export interface SummaryRequest {
  start: string
  end: string
  filters: Partial<Record<string, string>>
  groupBy: readonly GroupDim[]
  /** The last item's group values and currency, from the cursor; null for the first page. */
  after: string[] | null
  limit: number
}

export interface SummaryPage extends SqlPage {
  /** The cursor key of the page's last item: its group values, then its currency. */
  last: string[] | null
}

const COARSE = ['brand_id', 'marketplace', 'commission_status']
const TABLE = { rows: 'report_rows', days: 'report_day_totals', months: 'report_month_totals' } as const

type Grain = 'rows' | 'days' | 'fineMonths' | 'coarseMonths' | 'ownerMonths'
const MONTH_GRAINS: readonly Grain[] = ['fineMonths', 'coarseMonths', 'ownerMonths']
export interface Part {
  grain: Grain
  from: string
  to: string
}

/** The first day of the month `n` months after the month of `day`, or null past 9999-12. */
function monthStart(day: string, n = 0): string | null {
  const y = Number(day.slice(0, 4))
  const m = Number(day.slice(5, 7)) - 1 + n
  const year = y + Math.floor(m / 12)
  if (year > 9999) return null
  return `${String(year).padStart(4, '0')}-${String((m % 12) + 1 + (m % 12 < 0 ? 12 : 0)).padStart(2, '0')}-01`
}

/** The last day of the month of `day`. */
function monthEnd(day: string): string {
  const next = monthStart(day, 1)
  return next === null ? `${day.slice(0, 4)}-12-31` : addDaysAny(next, -1)
}

// addDays through Date works from year 1000 on; before it, only month ends are needed, whose
// previous day is the last of the month (computed without Date).
function addDaysAny(day: string, n: number): string {
  if (day >= '1000-01-01' && day <= '9999-12-31') return addDays(day, n)
  const d = new Date(Date.UTC(2000, 0, 1))
  d.setUTCFullYear(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) + n)
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${d.toISOString().slice(5, 10)}`
}

/**
 * The parts of start..end: whole months from a month table, the days before the first and after the
 * last whole month from a daily source; a day or week grouping reads days throughout.
 */
export function planParts(start: string, end: string, daily: Grain, monthly: Grain, byDays: boolean): Part[] {
  if (byDays) return [{ grain: daily, from: start, to: end }]
  const first = start.endsWith('-01') ? start : monthStart(start, 1)
  const last = end === monthEnd(end) ? monthStart(end) : monthStart(end, -1)
  if (first === null || last === null || first > last) return [{ grain: daily, from: start, to: end }]
  const parts: Part[] = []
  if (start < first) parts.push({ grain: daily, from: start, to: addDaysAny(first, -1) })
  parts.push({ grain: monthly, from: first, to: last })
  const after = monthEnd(last)
  if (after < end) parts.push({ grain: daily, from: addDaysAny(after, 1), to: end })
  return parts
}

/** A group value in SQL on table alias x of a grain: dates as the API writes them. */
function groupSql(dim: string, grain: Grain): string {
  const date = MONTH_GRAINS.includes(grain) ? 'x.month' : 'x.date'
  switch (dim) {
    case 'day':
      return `to_char(${date}, 'YYYY-MM-DD')`
    case 'week':
      // the Monday that starts the ISO week
      return `to_char(${date} - (extract(isodow from ${date})::int - 1), 'YYYY-MM-DD')`
    case 'month':
      return `to_char(${date}, 'YYYY-MM')`
    default:
      return `x.${dim}`
  }
}

function tableOf(grain: Grain, source: SummarySource): string {
  if (grain === 'rows') return TABLE.rows
  if (grain === 'days') return TABLE.days
  if (grain === 'ownerMonths') return source.ownerMonths!.table
  return grain === 'fineMonths' ? TABLE.months : 'report_month_brand_totals'
}

/** The first date a page after `after` can hold rows of, when the first group is a time. */
function resumeFrom(first: string | undefined, after: string[] | null, start: string): string {
  if (!after || !first || !(TIME_DIMS as readonly string[]).includes(first)) return start
  const from = first === 'month' ? `${after[0]}-01` : after[0]!
  return from > start ? from : start
}

/**
 * The statement of one summary page and its parameters: `$1` is the owner. Its items are JSON
 * text built by PostgreSQL; the page's last key is its last item's group values and currency.
 */
export function summaryStatement(
  source: SummarySource,
  owner: unknown,
  q: SummaryRequest,
  /** Week first: read only this many weeks from the first date with rows. */
  units: number | null = null,
): { sql: string; params: unknown[] } {
  const coarse = new Set([...COARSE, ...(source.coarseDims ?? [])])
  const filters = [...FILTER_NAMES, ...(source.extraFilters ?? [])].filter((f) => q.filters[f] !== undefined)
  const dims = [...filters, ...q.groupBy].filter((d) => !(TIME_DIMS as readonly string[]).includes(d))
  const fine = dims.some((d) => !coarse.has(d))
  const owned = source.ownerMonths && dims.every((d) => source.ownerMonths!.dims.includes(d))
  const monthly: Grain = fine ? 'fineMonths' : owned ? 'ownerMonths' : 'coarseMonths'
  const byDays = q.groupBy.includes('day') || q.groupBy.includes('week')
  const start = resumeFrom(q.groupBy[0], q.after, q.start)
  const parts = start > q.end ? [] : planParts(start, q.end, fine ? 'rows' : 'days', monthly, byDays)

  const params: unknown[] = [owner]
  const p = (v: unknown) => `$${params.push(v)}`
  const filterSql = filters.map((f) => `x.${f} = ${p(q.filters[f])}`)
  const keys = q.groupBy.map((_, i) => `g${i}`)
  const limit = p(q.limit)
  const first = q.groupBy[0]
  const partSql = parts.map((part) => {
    const months = MONTH_GRAINS.includes(part.grain)
    const date = months ? 'x.month' : 'x.date'
    const from = p(part.from)
    let to = `${p(part.to)}::date`
    if (units !== null && first === 'week') {
      // the window's last day, from the first date with rows in this same statement's snapshot
      const where = [source.owner('y'), `y.date >= ${from}::date`, ...filters.map((f) => `y.${f} = ${p(q.filters[f])}`)]
      const firstDate = `(select min(y.date) from ${tableOf(part.grain, source)} y where ${where.join(' and ')})`
      to = `least(${to}, ${firstDate} - (extract(isodow from ${firstDate})::int - 1) + ${7 * units - 1})`
    }
    const range = `${date} between ${from}::date and ${to}`
    const sums = METRICS.map((m) => (m === 'rows' && part.grain === 'rows' ? 'count(*)' : `sum(x.${m})::bigint`))
    const where = [source.owner('x'), range, ...filterSql]
    if ((first === 'day' && !months) || (first === 'month' && months)) {
      // The part's table is in time order: its groups, keyed by the date itself, stream in the items'
      // order (Limit, GroupAggregate, Incremental Sort on the date-ordered index scan), and the scan
      // stops after the page's groups: a page reads its own groups' totals, whatever the range.
      const rest = q.groupBy.slice(1)
      const cols = [date, ...rest.map((d) => `x.${d} collate "C"`), 'x.currency collate "C"']
      if (q.after) {
        const t = first === 'month' ? `${q.after[0]}-01` : q.after[0]
        where.push(
          `(${cols.join(', ')}) > (${[`${p(t)}::date`, ...q.after.slice(1).map((v) => `${p(v)}::text`)].join(', ')})`,
        )
      }
      const names = ['t', ...rest.map((_, i) => `g${i + 1}`), 'currency']
      const format = `to_char(s.t, '${first === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'}') as g0`
      const inner = [...cols.map((c, i) => `${c} as ${names[i]}`), ...sums.map((s, i) => `${s} as ${METRICS[i]}`)]
      return `select ${[format, ...names.slice(1), ...METRICS].join(', ')}
      from (select ${inner.join(', ')}
              from ${tableOf(part.grain, source)} x
             where ${where.join(' and ')}
             group by ${cols.map((_, i) => i + 1).join(', ')}
             order by ${cols.map((_, i) => i + 1).join(', ')}
             limit ${limit}::int + 1) s`
    }
    const groups = q.groupBy.map((d, i) => `${groupSql(d, part.grain)} as g${i}`)
    return `select ${[...groups, 'x.currency', ...sums.map((s, i) => `${s} as ${METRICS[i]}`)].join(', ')}
      from ${tableOf(part.grain, source)} x
     where ${where.join(' and ')}
     group by ${[...keys, 'x.currency'].map((_, i) => i + 1).join(', ')}`
  })
  const keyCols = [...keys, 'currency']
  const collated = (cols: string[]) => cols.map((c) => `${c} collate "C"`).join(', ')
  const afterSql = q.after ? `where (${collated(keyCols)}) > (${collated(q.after.map((v) => `${p(v)}::text`))})` : ''
  // The item's JSON text, compact as every body: group values and currency are JSON strings
  // (to_json escapes them), the sums integers.
  const groupJson = q.groupBy.map((d, i) => `'${i ? ',' : ''}"${d}":' || to_json(g${i})::text`).join(' || ')
  const sumsJson = METRICS.map((m) => `',"${m}":' || ${m}::text`).join(' || ')
  const group = groupJson ? `|| ${groupJson} ` : ''
  const json = `'{"group":{' ${group}|| '},"currency":' || to_json(currency)::text || ${sumsJson} || '}'`
  const union = partSql.length
    ? partSql.join('\n    union all\n    ')
    : `select ${[...keyCols.map(() => 'null::text'), ...METRICS.map(() => '0::bigint')].join(', ')} where false`
  // one part's groups are already the items; several parts' are added up
  const columns = [...keyCols, ...METRICS].join(', ')
  const sums =
    partSql.length === 1
      ? `(${partSql[0]}) s(${columns})`
      : `(select ${keyCols.join(', ')}, ${METRICS.map((m) => `sum(${m})::bigint as ${m}`).join(', ')}
              from (${union}) parts(${columns})
             group by ${keyCols.join(', ')}) s`
  const inner = `select ${keyCols.join(', ')}, ${json} as json, row_number() over (order by ${collated(keyCols)}) as n
      from ${sums}
     ${afterSql}
     order by ${collated(keyCols)}
     limit ${limit}::int + 1`
  return { sql: pageSql(inner, keyCols, `${limit}::int`), params }
}

/** The last day of the limit + 1 weeks from where a week-first page starts, when before q.end. */
function weeksEnd(q: SummaryRequest): string | null {
  const start = resumeFrom('week', q.after, q.start)
  const monday = addDaysAny(start, -isoDayOfWeek(start))
  const end = monday >= '1000-01-01' && monday <= '9000-01-01' ? addDaysAny(monday, 7 * (q.limit + 1) - 1) : null
  return end !== null && end < q.end ? end : null
}

/** Days since the Monday of the day's ISO week (0 for a Monday). */
function isoDayOfWeek(day: string): number {
  const d = new Date(0)
  d.setUTCFullYear(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)))
  return (d.getUTCDay() + 6) % 7
}

/** One page of a summary, read in one statement: one snapshot of rows and totals. */
export async function readSummary(
  db: Queryable,
  source: SummarySource,
  owner: unknown,
  q: SummaryRequest,
): Promise<SummaryPage> {
  // Planned each time: the shapes are many, and a generic plan, blind to the range, sorts all of
  // the range's totals where a custom one streams the page's groups (Incremental Sort).
  const run = async ({ sql, params }: { sql: string; params: unknown[] }) => {
    const [one] = await db.query<Record<string, string | number | null>>(sql, params, { prepare: false })
    return one!
  }
  // Day or month first, the groups stream (summaryStatement). Week first: the first limit + 1 weeks
  // with rows give the whole range's page when they hold more than a page; else the range is read.
  let page = null
  if (q.groupBy[0] === 'week' && weeksEnd(q) !== null) page = await run(summaryStatement(source, owner, q, q.limit + 1))
  if (page === null || (page.found as number) <= q.limit) page = await run(summaryStatement(source, owner, q))
  const keyCols = [...q.groupBy.map((_, i) => `g${i}`), 'currency']
  const last = keyCols.map((c) => page![`last_${c}`])
  return {
    found: page!.found as number,
    rows: page!.rows as string,
    broken: page!.broken as number,
    lsn: page!.lsn as string | null,
    last: last.every((v) => typeof v === 'string') ? (last as string[]) : null,
  }
}
