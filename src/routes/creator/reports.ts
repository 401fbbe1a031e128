// GET /api/creator/v1/reports: the creator's report rows, in (date, row) order.
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type, type Static } from 'typebox'
import { Cursor, Limit, Param, listErrors } from '../../schemas/common.js'
import { CommissionStatus, DateString } from '../../schemas/values.js'
import { listCreatorReports, type ReportFilters, type ReportRow } from '../../data/reports.js'
import { creatorBrandAdsConnected } from '../../data/brands.js'
import { MARKETPLACE_CODES, marketplaceByCode } from '../../marketplaces.js'
import { requireRole } from '../../plugins/auth.js'
import { cursorScope, type CursorKey } from '../../cursor.js'
import { ApiError, invalidRequest } from '../../errors.js'
import { readCursor, toPage } from '../paginate.js'

const Link = Type.Object(
  {
    id: Type.String({ description: 'Attribution link identifier' }),
    tracking_id: Type.String({ description: 'Client-side tracking tag supplied when the link was created; "" when omitted' }),
    short_url: Type.String({ description: 'Shareable attribution short URL' }),
    destination_url: Type.String({ description: 'Amazon landing page URL that the link leads to' }),
  },
  { description: 'Attribution link' },
)

export const Report = Type.Object({
  date: Type.String({ format: 'date', description: 'Report date: the marketplace\'s local calendar day, as Amazon reports it' }),
  brand_id: Type.String(),
  product_id: Type.String(),
  asin: Type.String({ description: 'Amazon ASIN' }),
  marketplace: Type.String({ description: 'Amazon country/region code such as US, UK, DE' }),
  currency: Type.String({ description: 'Currency of sales and commission amounts' }),
  sales_cents: Type.Integer({ description: 'Sales in minor currency units' }),
  commission_cents: Type.Integer({ description: 'Commission in minor currency units' }),
  commission_status: CommissionStatus,
  orders: Type.Integer(),
  units_sold: Type.Integer(),
  clicks: Type.Integer(),
  detail_page_views: Type.Integer(),
  add_to_carts: Type.Integer(),
  link: Link,
})

const Query = Type.Object(
  {
    start: Type.String({ ...DateString, description: 'First date, YYYY-MM-DD, inclusive' }),
    end: Type.String({ ...DateString, description: 'Last date, YYYY-MM-DD, inclusive; must not be before start' }),
    limit: Limit(100, 500),
    cursor: Type.Optional(Cursor),
    brand_id: Type.Optional(Param('Only rows of this brand. A brand whose Amazon Ads account is not connected gives 403 ads_not_connected')),
    product_id: Type.Optional(Param('Only rows of this product')),
    asin: Type.Optional(Param('Only rows of this Amazon ASIN')),
    link_id: Type.Optional(Param('Only rows of this attribution link')),
    marketplace: Type.Optional(
      Param(`Only rows of this Amazon country/region code, case-insensitive: ${MARKETPLACE_CODES.join(', ')}`),
    ),
  },
  { additionalProperties: false },
)

const schema = {
  operationId: 'listCreatorReports',
  tags: ['creator'],
  summary: 'List creator report rows',
  description:
    'Report rows of the links this creator owns, one per date, product, link and marketplace, for start..end inclusive. Filters only narrow that set; a value that matches nothing gives an empty page. Ordered by date ascending, then by a unique row key; a walk over the pages sees every row that existed when it started exactly once, even while new rows are imported.',
  querystring: Query,
  response: {
    200: Type.Object({
      reports: Type.Array(Report),
      next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Cursor of the next page; null when no more results' }),
    }),
    ...listErrors({ 403: ['ads_not_connected'] }),
  },
}

/** The filters as typed values: marketplace upper-cased and checked against the table. */
function parseFilters(q: Static<typeof Query>): ReportFilters {
  const filters: ReportFilters = {
    brand_id: q.brand_id,
    product_id: q.product_id,
    asin: q.asin,
    link_id: q.link_id,
  }
  if (q.marketplace !== undefined) {
    const m = marketplaceByCode(q.marketplace)
    if (!m) throw invalidRequest(`marketplace must be one of ${MARKETPLACE_CODES.join(', ')} (got "${q.marketplace}")`)
    filters.marketplace = m.code
  }
  return filters
}

const reportKey = (key: CursorKey) => {
  const [date, id] = key
  return typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) && Number.isSafeInteger(id) ? { date, id: id as number } : null
}

function toReport(r: ReportRow) {
  return {
    date: r.date,
    brand_id: r.brand_id,
    product_id: r.product_id,
    asin: r.asin,
    marketplace: r.marketplace,
    currency: r.currency,
    sales_cents: r.sales_cents,
    commission_cents: r.commission_cents,
    commission_status: r.commission_status,
    orders: r.orders,
    units_sold: r.units_sold,
    clicks: r.clicks,
    detail_page_views: r.detail_page_views,
    add_to_carts: r.add_to_carts,
    link: { id: r.link_id, tracking_id: r.tracking_id, short_url: r.short_url, destination_url: r.destination_url },
  }
}

export default async function reportsRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get('/api/creator/v1/reports', { schema, onRequest: requireRole(['creator']) }, async (request) => {
    const owner = request.owner!
    const q = request.query
    if (q.end < q.start) throw invalidRequest(`end must not be before start (start ${q.start}, end ${q.end})`)
    const filters = parseFilters(q)
    const scope = cursorScope('creator.reports', owner.accountId, { start: q.start, end: q.end, ...filters })
    const after = readCursor(app, scope, q.cursor, reportKey)
    if (filters.brand_id !== undefined && (await creatorBrandAdsConnected(app.db, owner.accountId, filters.brand_id)) === false) {
      throw new ApiError('ads_not_connected', `the Amazon Ads account of brand ${filters.brand_id} is not connected, so it has no attribution reports`)
    }
    const rows = await listCreatorReports(app.db, {
      creatorId: owner.accountId,
      start: q.start,
      end: q.end,
      filters,
      after,
      take: q.limit! + 1,
    })
    const page = toPage(app, scope, rows, q.limit!, (r) => [r.date, r.id])
    return { reports: page.items.map(toReport), next_cursor: page.nextCursor }
  })
}
