// GET /api/seller/v1/reports/summary: the sums of a granted brand's report rows, of every creator,
// per group and currency (an extension beyond the specification; docs/api.md).
import { Ok } from '../../schema.js'
import { SellerReportSummaryPage } from './schema.js'
import { SELLER_SUMMARY_FILTERS, sellerSummary } from './sql.js'
import { checkGranted, SELLER_REPORT_FILTERS, SELLER_REPORT_QUERY } from '../reports/route.js'
import { rangeFilters } from '../../creator/reports/route.js'
import { GroupByParam, parseGroupBy, summaryKey, summaryRequest } from '../../creator/report-summary/route.js'
import { listRoute } from '../../list-route.js'
import { GROUP_DIMS } from '../../summary-engine.js'

export const URL = '/api/seller/v1/reports/summary'
export const SELLER_GROUP_DIMS = [...GROUP_DIMS, 'creator_id'] as const

export default listRoute({
  url: URL,
  side: 'seller',
  operationId: 'summarizeSellerReports',
  summary: "Summarize a brand's report rows, of every creator",
  description:
    'The sums of the report rows that GET /api/seller/v1/reports returns with the same brand_id, start, end ' +
    'and filters, one item per group and currency: money is never added across currencies. Each item ' +
    'equals the sum over its rows, and the items cover each row exactly once. group_by takes the ' +
    "dimensions of the creator's summary and creator_id: what each creator sold and earned. The brand " +
    "must be granted to the token's account; an unknown brand and a brand not granted both give 403 " +
    'forbidden_resource. A page is read from one snapshot; whole months are read from totals kept with the rows.',
  query: { ...SELLER_REPORT_QUERY, group_by: GroupByParam(SELLER_GROUP_DIMS) },
  limit: [100, 1000],
  ok: Ok(SellerReportSummaryPage, "A page of summary items of the brand's report rows"),
  items: 'summary',
  scope: 'seller.reports.summary',
  filters: ({ query }) => {
    const filters = rangeFilters(query, Object.keys(SELLER_REPORT_FILTERS))
    parseGroupBy(query.group_by, SELLER_GROUP_DIMS)
    return { brand_id: query.brand_id, ...filters, group_by: query.group_by }
  },
  key: summaryKey,
  // the grant first: an ungranted brand is 403 whatever the cursor and group_by say
  check: (reader, { owner, query }) => checkGranted(reader, owner.accountId, query.brand_id),
  read: (reader, { query, filters }, after, limit) =>
    sellerSummary(
      reader,
      query.brand_id,
      summaryRequest(filters, SELLER_GROUP_DIMS, after, limit, SELLER_SUMMARY_FILTERS),
    ),
  last: (page) => page.last,
})
