// GET /api/creator/v1/reports: the creator's report rows, in (date, row) order.
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type, type Static } from 'typebox'
import { Cursor, Limit, Param, listErrors } from '../../schemas/common.js'
import { DateString } from '../../schemas/values.js'
import { Report } from '../../schemas/reports.js'
import { listCreatorReports, type ReportFilters } from '../../data/reports.js'
import { creatorBrandAdsConnected } from '../../data/brands.js'
import { MARKETPLACE_CODES, marketplaceByCode } from '../../marketplaces.js'
import { requireRole } from '../../plugins/auth.js'
import { cursorScope, type CursorKey } from '../../cursor.js'
import { ApiError, invalidRequest } from '../../errors.js'
import { readCursor } from '../paginate.js'

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

/**
 * The 200 body, written around the page's JSON from PostgreSQL (src/data/json-sql.ts): rows are
 * not decoded and serialized again. Tests check every body against the served schema.
 * A Buffer rather than one joined string: a 500-row page is a string of a few hundred KB,
 * which V8 keeps in large-object space until a full collection (measured at 16 connections,
 * 500-row pages: heap peak 149 MB as a string, 115 MB as a Buffer).
 */
function pageBody(rows: string, nextCursor: string | null): Buffer {
  const head = '{"reports":['
  const tail = '],"next_cursor":' + JSON.stringify(nextCursor) + '}'
  const body = Buffer.allocUnsafe(head.length + Buffer.byteLength(rows) + Buffer.byteLength(tail))
  let at = body.write(head, 0, 'latin1')
  at += body.write(rows, at)
  body.write(tail, at)
  return body
}

export default async function reportsRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get('/api/creator/v1/reports', { schema, onRequest: requireRole(['creator']) }, async (request, reply) => {
    const owner = request.owner!
    const q = request.query
    if (q.end < q.start) throw invalidRequest(`end must not be before start (start ${q.start}, end ${q.end})`)
    const filters = parseFilters(q)
    const scope = cursorScope('creator.reports', owner.accountId, { start: q.start, end: q.end, ...filters })
    const after = readCursor(app, scope, q.cursor, reportKey)
    if (filters.brand_id !== undefined && (await creatorBrandAdsConnected(app.db, owner.accountId, filters.brand_id)) === false) {
      throw new ApiError('ads_not_connected', `the Amazon Ads account of brand ${filters.brand_id} is not connected, so it has no attribution reports`)
    }
    const page = await listCreatorReports(app.db, {
      creatorId: owner.accountId,
      start: q.start,
      end: q.end,
      filters,
      after,
      limit: q.limit!,
    })
    // NULL JSON: a required value is NULL in the database; refuse rather than break the contract
    if (page.broken > 0) throw new Error(`${page.broken} report rows have a NULL where the schema requires a value`)
    const nextCursor = page.found > q.limit! ? app.cursors.encode(scope, [page.last!.date, page.last!.id]) : null
    // A Buffer is sent as it is, past the serializer, with the content type set here.
    return reply.type('application/json; charset=utf-8').send(pageBody(page.rows, nextCursor))
  })
}
