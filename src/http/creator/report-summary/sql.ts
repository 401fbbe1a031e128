// SQL of the creator's report summary: the summary engine (src/http/summary-engine.ts) over the
// creator's own rows and totals. Every table it reads leads with creator_id, so each part is one
// range scan of the creator's months or days (the tables' primary keys; the rows' indexes for a
// product, ASIN or link). Without a brand, product, ASIN or link, whole months come from the
// creator's month totals (migration 020): their keys do not multiply with the creator's brands.
import type { Queryable } from '../../../db/index.js'
import { readSummary, type SummaryPage, type SummaryRequest, type SummarySource } from '../../summary-engine.js'

export const CREATOR_ROWS: SummarySource = {
  owner: (x) => `${x}.creator_id = $1`,
  ownerMonths: { table: 'report_month_creator_totals', dims: ['marketplace', 'commission_status'] },
}

export function creatorSummary(db: Queryable, creatorId: string, q: SummaryRequest): Promise<SummaryPage> {
  return readSummary(db, CREATOR_ROWS, creatorId, q)
}
