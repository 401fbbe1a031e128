// GET /api/seller/v1/reports: the report rows of a granted brand, of every creator, in (date, row)
// order.
import { Type } from 'typebox'
import { Ok, Param } from '../../schema.js'
import { SellerReportPage } from './schema.js'
import { listSellerReports, type SellerReportPage as Page } from './sql.js'
import { hasBrandAccess } from '../products/sql.js'
import { DATE_RANGE, REPORT_FILTERS, rangeFilters } from '../../creator/reports/route.js'
import { dayIdKey } from '../../cursor.js'
import { forbidden } from '../../errors.js'
import { listRoute } from '../../list-route.js'

export const URL = '/api/seller/v1/reports'

/** The filters of the seller's /reports, shared with the summaries that add its rows up. */
export const SELLER_REPORT_FILTERS = {
  product_id: REPORT_FILTERS.product_id,
  asin: REPORT_FILTERS.asin,
  creator_id: Type.Optional(Param("Only rows of this creator's links")),
  marketplace: REPORT_FILTERS.marketplace,
}

export const SELLER_REPORT_QUERY = {
  brand_id: Param('Brand whose report rows are listed; it must be granted to the token owner'),
  ...DATE_RANGE,
  ...SELLER_REPORT_FILTERS,
}

const notGranted = (brandId: string) => forbidden(`brand ${brandId} is not granted to this token's account`)

/** 403 for a brand not granted to the account (unknown brands alike). */
export async function checkGranted(
  reader: Parameters<typeof hasBrandAccess>[0],
  accountId: string,
  brandId: string,
): Promise<void> {
  if (!(await hasBrandAccess(reader, accountId, brandId))) throw notGranted(brandId)
}

export default listRoute({
  url: URL,
  side: 'seller',
  operationId: 'listSellerReports',
  summary: "List a brand's report rows, of every creator",
  description:
    "Report rows of every product of the brand, across all creators' links, including brand-halo " +
    'rows (a link that earned on another product of the brand than the one it points to), one ' +
    'per date, product, link and marketplace, for start..end inclusive. The brand must be granted ' +
    "to the token's account (GET /api/seller/v1/brands); an unknown brand and a brand not granted " +
    "both give 403 forbidden_resource. Each row names the creator (id and name) and the link's " +
    "id; a link's tracking id and URLs are the creator's own and are not shown. Filters only " +
    'narrow the set. Ordered by date ascending, then by a unique row key; a walk over the pages ' +
    'sees every row that existed when it started exactly once, even while new rows are imported.',
  query: SELLER_REPORT_QUERY,
  limit: [100, 500],
  ok: Ok(SellerReportPage, "A page of the brand's report rows"),
  items: 'reports',
  scope: 'seller.reports',
  filters: ({ query }) => ({
    brand_id: query.brand_id,
    ...rangeFilters(query, Object.keys(SELLER_REPORT_FILTERS)),
  }),
  key: dayIdKey,
  // The grant first: an ungranted brand is 403 whatever the cursor. The page's statement reads
  // the grant (`refuse`); the separate check runs only for a refused cursor.
  check: (reader, { owner, query }) => checkGranted(reader, owner.accountId, query.brand_id),
  refuse: (page: Page, { query }) => {
    if (!page.granted) throw notGranted(query.brand_id)
  },
  read: (reader, { owner, query, filters }, after, limit) =>
    listSellerReports(reader, { accountId: owner.accountId, brandId: query.brand_id, filters, after, limit }),
  last: (page) => page.last,
})
