// GET /api/creator/v1/reports/changes: the creator's report rows in the order they last changed,
// each at its latest change, for integrators who keep a copy in sync (an extension beyond the
// specification). Why it never misses a change: migrations/007_report_changes.sql.
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { Cursor, Limit, Ok, listErrors } from '../../schema.js'
import { ReportChangesPage } from './schema.js'
import { feedPosition, readFeedPage } from './sql.js'
import { requireRole } from '../../plugins/auth.js'
import { cursorScope, integerKey } from '../../cursor.js'
import { invalidPagination, invalidRequest } from '../../errors.js'

export const URL = '/api/creator/v1/reports/changes'

const schema = {
  operationId: 'listCreatorReportChanges',
  tags: ['creator'],
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
  querystring: Type.Object(
    {
      limit: Limit(100, 500),
      cursor: Type.Optional(Cursor),
      from: Type.Optional(
        Type.Literal('now', {
          description:
            'Begin at the present: an empty page whose next_cursor skips every change made so far. Not with cursor',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  response: { 200: Ok(ReportChangesPage, 'A page of changed report rows'), ...listErrors() },
}

/** What a feed cursor is bound to: this endpoint and the creator. */
export const changesScope = (creatorId: string) => cursorScope('creator.reports.changes', creatorId, {})

/**
 * The feed cursor at a position (a change number): the first page of a /reports walk hands out
 * the one of its snapshot (Changes-Cursor), so that following the feed from it after the walk
 * misses nothing committed after the walk began.
 */
export const changesCursorAt = (app: FastifyInstance, creatorId: string, position: number): string =>
  app.cursors.encode(changesScope(creatorId), [position])

export default async function changesRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get(URL, { schema, onRequest: requireRole(['creator']) }, async (request, reply) => {
    const owner = request.owner!
    const { cursor, from } = request.query
    const limit = request.query.limit!
    if (cursor !== undefined && from !== undefined) throw invalidRequest('give cursor or from=now, not both')
    let after = 0
    if (cursor !== undefined) {
      const key = app.cursors.decode(changesScope(owner.accountId), cursor)
      const position = key ? integerKey(key) : null
      if (position === null) {
        throw invalidPagination(
          'cursor is not valid here: send next_cursor of this endpoint exactly as received, with the same token owner',
        )
      }
      after = position
    }
    const reader = app.reads.reader()
    if (from === 'now') {
      const next = changesCursorAt(app, owner.accountId, await feedPosition(reader, owner.accountId))
      return reply.send({ reports: [], next_cursor: next, has_more: false })
    }
    const page = await readFeedPage(reader, owner.accountId, after, limit)
    if (page.broken > 0) throw new Error(`${page.broken} report rows have a NULL where the schema requires a value`)
    // the position moves to the page's last row, or stays (nothing new; never backwards)
    const next = changesCursorAt(app, owner.accountId, page.last_change_seq ?? after)
    const body = `{"reports":[${page.rows}],"next_cursor":${JSON.stringify(next)},"has_more":${page.found > limit}}`
    return reply.type('application/json; charset=utf-8').send(Buffer.from(body))
  })
}
