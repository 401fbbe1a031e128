// GET /api/creator/v1/reports/freshness: through which date each brand's numbers are reported,
// and up to which date they can no longer change (an extension; docs/api.md).
import { Ok } from '../../schema.js'
import { ReportFreshnessPage } from './schema.js'
import { listFreshness } from './sql.js'
import { keyOf, keyText } from '../../cursor.js'
import { listRoute } from '../../list-route.js'

export const URL = '/api/creator/v1/reports/freshness'

export default listRoute({
  url: URL,
  side: 'creator',
  operationId: 'listCreatorReportFreshness',
  summary: 'How fresh and how final the report numbers are',
  description:
    'For each brand and marketplace this creator has report rows with: reported_through, the last ' +
    "date of the creator's rows of them " +
    '(ingested or imported), and final_through, the last date up to which every such row is settled ' +
    "(approved, paid or reversed) and past Amazon's 28-day restatement window (dates up to today, UTC, " +
    "minus 29 days; a sandbox world's own date for a test token), never after reported_through, or null " +
    'when no date with rows is. Ordered by ' +
    'brand_id, then marketplace.',
  limit: [100, 1000],
  ok: Ok(ReportFreshnessPage, 'A page of brands and marketplaces'),
  items: 'freshness',
  scope: 'creator.reports.freshness',
  key: keyOf(keyText, keyText),
  read: (reader, { owner }, after, limit) =>
    listFreshness(reader, owner.accountId, owner.sandboxId, after as [string, string] | null, limit),
  last: (page) =>
    page.last_brand_id === null || page.last_marketplace === null ? null : [page.last_brand_id, page.last_marketplace],
})
