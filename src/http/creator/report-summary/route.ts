// GET /api/creator/v1/reports/summary: the sums of the creator's report rows per group and
// currency (an extension beyond the specification; docs/api.md).
import { Type } from 'typebox'
import { Ok, Param } from '../../schema.js'
import { ReportSummaryPage } from './schema.js'
import { creatorSummary } from './sql.js'
import { DATE_RANGE, REPORT_FILTERS, checkBrandConnected, rangeFilters } from '../reports/route.js'
import { keyText, type CursorKey } from '../../cursor.js'
import { invalidPagination, invalidRequest } from '../../errors.js'
import { listRoute } from '../../list-route.js'
import { FILTER_NAMES, GROUP_DIMS, TIME_DIMS, type SummaryRequest } from '../../summary-engine.js'

export const URL = '/api/creator/v1/reports/summary'
export const MAX_GROUP_BY = 3
const CURSOR_REFUSED =
  'cursor is not valid here: send next_cursor exactly as received, with the same endpoint, token owner and filters'

/** group_by as its dimensions: at most MAX_GROUP_BY distinct of `dims`, at most one time. */
export function parseGroupBy(text: string | undefined, dims: readonly string[]): string[] {
  if (text === undefined) return []
  const names = text.split(',')
  const rule =
    `group_by must be at most ${MAX_GROUP_BY} distinct of ${dims.join(', ')}, comma-separated, ` +
    'with at most one of day, week, month'
  for (const name of names) {
    if (!dims.includes(name)) throw invalidRequest(`${rule} (got "${name}")`)
  }
  if (new Set(names).size !== names.length) throw invalidRequest(`${rule} (a dimension is named twice)`)
  if (names.length > MAX_GROUP_BY) throw invalidRequest(`${rule} (got ${names.length})`)
  if (names.filter((n) => (TIME_DIMS as readonly string[]).includes(n)).length > 1) {
    throw invalidRequest(
      `${rule} (got ${names.filter((n) => (TIME_DIMS as readonly string[]).includes(n)).join(' and ')})`,
    )
  }
  return names
}

export const GroupByParam = (dims: readonly string[]) =>
  Type.Optional(
    Param(
      `Comma-separated, at most ${MAX_GROUP_BY} distinct of: ${dims.join(', ')}; at most one of day, week, ` +
        'month. One item per group and currency, ordered by the group values in this order, then currency. ' +
        'Without it, one item per currency',
    ),
  )

/** A summary cursor's key: the last item's group values and currency. */
export const summaryKey = (key: CursorKey): string[] | null =>
  key.length >= 1 && key.length <= MAX_GROUP_BY + 1 && key.every((v) => keyText(v) !== null) ? (key as string[]) : null

/** What the engine takes, from the route's filters (the cursor's scope binds group_by: a key fits it). */
export function summaryRequest(
  filters: Record<string, string | undefined>,
  dims: readonly string[],
  after: string[] | null,
  limit: number,
  filterNames: readonly string[] = FILTER_NAMES,
): SummaryRequest {
  const groupBy = parseGroupBy(filters.group_by, dims)
  if (after && after.length !== groupBy.length + 1) throw invalidPagination(CURSOR_REFUSED)
  return {
    start: filters.start!,
    end: filters.end!,
    filters: Object.fromEntries(filterNames.map((f) => [f, filters[f]])),
    groupBy,
    after,
    limit,
  }
}

export default listRoute({
  url: URL,
  side: 'creator',
  operationId: 'summarizeCreatorReports',
  summary: 'Summarize creator report rows',
  description:
    'The sums of the report rows that GET /api/creator/v1/reports returns with the same start, end and ' +
    'filters, one item per group and currency: money is never added across currencies. Each item ' +
    'equals the sum over its rows, and the items cover each row exactly once. A page is read from ' +
    'one snapshot (a summary of up to 1,000 items is one page). Its cost does not grow with the ' +
    'number of rows: whole months are read from totals kept with the rows.',
  query: { ...DATE_RANGE, ...REPORT_FILTERS, group_by: GroupByParam(GROUP_DIMS) },
  limit: [100, 1000],
  ok: Ok(ReportSummaryPage, 'A page of summary items'),
  errors: { 403: ['ads_not_connected'] },
  items: 'summary',
  scope: 'creator.reports.summary',
  filters: ({ query }) => {
    const filters = rangeFilters(query, Object.keys(REPORT_FILTERS))
    parseGroupBy(query.group_by, GROUP_DIMS)
    return { ...filters, group_by: query.group_by }
  },
  key: summaryKey,
  check: (reader, { owner, filters }) =>
    checkBrandConnected(reader, owner.accountId, filters.brand_id, owner.sandboxId),
  read: (reader, { owner, filters }, after, limit) =>
    creatorSummary(reader, owner.accountId, summaryRequest(filters, GROUP_DIMS, after, limit)),
  last: (page) => page.last,
})
