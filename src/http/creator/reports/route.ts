// GET /api/creator/v1/reports: the creator's report rows, in (date, row) order.
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type, type Static } from 'typebox'
import { AUTHENTICATED_HEADERS, Cursor, Day, Limit, Ok, Param, listErrors } from '../../schema.js'
import { ReportPage } from './schema.js'
import { brandFilterNotConnected, listCreatorReports, type ReportFilters } from './sql.js'
import { MARKETPLACE_CODES, marketplaceByCode } from '../../../domain/marketplaces.js'
import { requireRole } from '../../plugins/auth.js'
import { cursorScope, type CursorKey } from '../../cursor.js'
import { ApiError, invalidRequest } from '../../errors.js'
import { sendPage, startPage } from '../../page.js'
import { changesCursorAt } from '../changes/route.js'

export const URL = '/api/creator/v1/reports'

const Query = Type.Object(
  {
    start: Day('First date, YYYY-MM-DD, inclusive, from 0001-01-01 to 9999-12-31'),
    end: Day('Last date, YYYY-MM-DD, inclusive, from 0001-01-01 to 9999-12-31; must not be before start'),
    limit: Limit(100, 500),
    cursor: Type.Optional(Cursor),
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
  },
  { additionalProperties: false },
)

const schema = {
  operationId: 'listCreatorReports',
  tags: ['creator'],
  summary: 'List creator report rows',
  description:
    'Report rows of the links this creator owns, one per date, product, link and marketplace, ' +
    'for start..end inclusive. Filters only narrow that set; a value that matches nothing ' +
    'gives an empty page. Ordered by date ascending, then by a unique row key; a walk over ' +
    'the pages sees every row that existed when it started exactly once, even while new rows ' +
    'are imported.',
  querystring: Query,
  response: {
    200: Ok(ReportPage, 'A page of report rows', {
      ...AUTHENTICATED_HEADERS,
      'Changes-Cursor': Type.String({
        description:
          'First page of a walk only (no cursor sent): the cursor of GET ' +
          "/api/creator/v1/reports/changes at this page's snapshot. Follow the feed from it after " +
          'the walk: every change committed after the walk began reaches you',
      }),
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
  return typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) && Number.isSafeInteger(id)
    ? { date, id: id as number }
    : null
}

export default async function reportsRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get(URL, { schema, onRequest: requireRole(['creator']) }, async (request, reply) => {
    const owner = request.owner!
    const q = request.query
    if (q.end < q.start) throw invalidRequest(`end must not be before start (start ${q.start}, end ${q.end})`)
    const filters = parseFilters(q)
    const scope = cursorScope('creator.reports', owner.accountId, { start: q.start, end: q.end, ...filters })
    const { after, reader } = startPage(app, scope, q.cursor, reportKey)
    if (filters.brand_id !== undefined && (await brandFilterNotConnected(reader, owner.accountId, filters.brand_id))) {
      throw new ApiError(
        'ads_not_connected',
        `the Amazon Ads account of brand ${filters.brand_id} is not connected and this creator ` +
          `has no report rows of it`,
      )
    }
    const page = await listCreatorReports(reader, {
      creatorId: owner.accountId,
      start: q.start,
      end: q.end,
      filters,
      after,
      limit: q.limit!,
    })
    // The first page of a walk says where the changes feed stands for its snapshot: following the
    // feed from there after the walk misses nothing committed after the walk began.
    if (q.cursor === undefined) reply.header('changes-cursor', changesCursorAt(app, owner.accountId, page.changesAt))
    return sendPage(app, reply, 'reports', page, q.limit!, scope, page.last && [page.last.date, page.last.id], reader)
  })
}
