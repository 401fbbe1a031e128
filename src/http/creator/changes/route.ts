// GET /api/creator/v1/reports/changes: the creator's report rows in the order they last changed,
// each at its latest change, for integrators who keep a copy in sync (an extension beyond the
// specification). Why it never misses a change: migrations/007_report_changes.sql.
import { Type } from 'typebox'
import { Ok } from '../../schema.js'
import { ReportChangesPage } from './schema.js'
import { feedPosition, readFeedPage } from './sql.js'
import { bigintKey } from '../../cursor.js'
import { invalidRequest } from '../../errors.js'
import { listRoute } from '../../list-route.js'
import { CHANGES_SCOPE } from './cursor.js'

export const URL = '/api/creator/v1/reports/changes'

export default listRoute({
  url: URL,
  side: 'creator',
  operationId: 'listCreatorReportChanges',
  summary: 'Follow the changes of report rows',
  description:
    "Every report row of this creator's links that changed after the cursor — inserted, " +
    'restated, reversed, approved, paid, or its link corrected — once, in its current state ' +
    '(the object /reports returns), in the order in which rows last changed. Without cursor, ' +
    'from the beginning: a full follow returns every row once. `has_more: false` means caught ' +
    'up as of this answer; keep `next_cursor` and poll again later. A client that applies ' +
    'every item as an upsert keyed by (date, link.id, product_id, marketplace) holds exactly ' +
    'what /reports returns over all dates, whatever writes interleave with its reads. To ' +
    'begin at the present after a full walk of /reports, start from the `Changes-Cursor` ' +
    "header of that walk's first page; `from=now` begins at the present without a walk.",
  query: {
    from: Type.Optional(
      Type.Literal('now', {
        description:
          'Begin at the present: an empty page whose next_cursor skips every change made so far. Not with cursor',
      }),
    ),
  },
  limit: [100, 500],
  ok: Ok(ReportChangesPage, 'A page of changed report rows'),
  items: 'reports',
  scope: CHANGES_SCOPE,
  filters: ({ query }) => {
    if (query.cursor !== undefined && query.from !== undefined)
      throw invalidRequest('give cursor or from=now, not both')
    return {}
  },
  key: bigintKey,
  read: async (reader, { owner, query }, after, limit) =>
    query.from === 'now'
      ? { found: 0, rows: '', broken: 0, lsn: null, last_change_seq: await feedPosition(reader, owner.accountId) }
      : readFeedPage(reader, owner.accountId, after?.[0] ?? 0, limit),
  last: (page) => (page.last_change_seq === null ? null : [page.last_change_seq]),
  feed: { start: [0] },
})
