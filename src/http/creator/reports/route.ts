// GET /api/creator/v1/reports: the creator's report rows, in (date, row) order.
import { Type } from 'typebox'
import { AUTHENTICATED_HEADERS, Day, Ok, Param } from '../../schema.js'
import { ReportPage } from './schema.js'
import { brandFilterNotConnected, listCreatorReports } from './sql.js'
import { MARKETPLACE_CODES, marketplaceByCode } from '../../../domain/marketplaces.js'
import { dayIdKey } from '../../cursor.js'
import { ApiError, invalidRequest } from '../../errors.js'
import { listRoute } from '../../list-route.js'
import { changesCursorAt } from '../changes/cursor.js'

export const URL = '/api/creator/v1/reports'

/** The filters of /reports, shared with the summaries that add its rows up. */
export const REPORT_FILTERS = {
  brand_id: Type.Optional(
    Param(
      'Only rows of this brand. A brand visible to this creator whose Amazon Ads account is not ' +
        'connected, and of which this creator has no report rows, gives 403 ads_not_connected; a ' +
        'brand disconnected after rows were reported keeps them readable',
    ),
  ),
  product_id: Type.Optional(Param('Only rows of this product')),
  asin: Type.Optional(Param('Only rows of this Amazon ASIN')),
  link_id: Type.Optional(Param('Only rows of this attribution link')),
  marketplace: Type.Optional(
    Param(`Only rows of this Amazon country/region code, case-insensitive: ${MARKETPLACE_CODES.join(', ')}`),
  ),
}

export const DATE_RANGE = {
  start: Day('First date, YYYY-MM-DD, inclusive, from 0001-01-01 to 9999-12-31'),
  end: Day('Last date, YYYY-MM-DD, inclusive, from 0001-01-01 to 9999-12-31; must not be before start'),
}

/** start..end and the filters as the SQL takes them: end not before start, a known marketplace. */
export function rangeFilters(
  q: { start: string; end: string; marketplace?: string },
  names: readonly string[],
): Record<string, string | undefined> {
  if (q.end < q.start) throw invalidRequest(`end must not be before start (start ${q.start}, end ${q.end})`)
  const filters: Record<string, string | undefined> = { start: q.start, end: q.end }
  for (const name of names) filters[name] = (q as Record<string, string | undefined>)[name]
  if (q.marketplace !== undefined) {
    const m = marketplaceByCode(q.marketplace)
    if (!m) throw invalidRequest(`marketplace must be one of ${MARKETPLACE_CODES.join(', ')} (got "${q.marketplace}")`)
    filters.marketplace = m.code
  }
  return filters
}

/** 403 ads_not_connected for a brand filter the creator cannot have rows of (sql.ts), in the token's world. */
export async function checkBrandConnected(
  reader: Parameters<typeof brandFilterNotConnected>[0],
  creatorId: string,
  brandId: string | undefined,
  sandboxId: string,
): Promise<void> {
  if (brandId !== undefined && (await brandFilterNotConnected(reader, creatorId, brandId, sandboxId))) {
    throw new ApiError(
      'ads_not_connected',
      `the Amazon Ads account of brand ${brandId} is not connected and this creator has no report rows of it`,
    )
  }
}

export default listRoute({
  url: URL,
  side: 'creator',
  operationId: 'listCreatorReports',
  summary: 'List creator report rows',
  description:
    'Report rows of the links this creator owns, one per date, product, link and marketplace, ' +
    'for start..end inclusive. Filters only narrow that set; a value that matches nothing ' +
    'gives an empty page. Ordered by date ascending, then by a unique row key; a walk over ' +
    'the pages sees every row that existed when it started exactly once, even while new rows ' +
    'are imported.',
  query: { ...DATE_RANGE, ...REPORT_FILTERS },
  limit: [100, 500],
  ok: Ok(ReportPage, 'A page of report rows', {
    ...AUTHENTICATED_HEADERS,
    'Changes-Cursor': Type.String({
      description:
        'First page of a walk only (no cursor sent): the cursor of GET ' +
        "/api/creator/v1/reports/changes at this page's snapshot. Follow the feed from it after " +
        'the walk: every change committed after the walk began reaches you',
    }),
  }),
  errors: { 403: ['ads_not_connected'] },
  items: 'reports',
  scope: 'creator.reports',
  filters: ({ query }) => rangeFilters(query, Object.keys(REPORT_FILTERS)),
  key: dayIdKey,
  check: (reader, { owner, filters }) =>
    checkBrandConnected(reader, owner.accountId, filters.brand_id, owner.sandboxId),
  read: (reader, { owner, filters }, after, limit) =>
    listCreatorReports(reader, { creatorId: owner.accountId, filters, after, limit }),
  last: (page) => page.last,
  // The first page of a walk says where the changes feed stands for its snapshot: following the
  // feed from there after the walk misses nothing committed after the walk began.
  firstPage: (reply, page, { owner }) => {
    reply.header('changes-cursor', changesCursorAt(reply.server.cursors, owner.accountId, page.changesAt))
  },
})
