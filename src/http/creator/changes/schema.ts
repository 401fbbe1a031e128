// The page of GET /api/creator/v1/reports/changes: the report rows as /reports serves them.
import { Type } from 'typebox'
import { named } from '../../schema.js'
import { ReportRow } from '../reports/schema.js'

export const ReportChangesPage = named(
  'ReportChangesPage',
  Type.Object({
    reports: Type.Array(ReportRow, {
      description: 'The current state of each row that changed after the cursor, in the order of its last change',
    }),
    next_cursor: Type.String({
      description:
        'The position after this page; never null. Keep it and send it as cursor next time: it is ' +
        'valid indefinitely and only ever moves forward',
    }),
    has_more: Type.Boolean({
      description:
        'true: more changes follow now; false: caught up as of this answer (poll again later with next_cursor)',
    }),
  }),
)
