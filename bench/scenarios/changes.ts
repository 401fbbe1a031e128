// The changes feed of the largest creator (GET /api/creator/v1/reports/changes): the first page
// and a page after 100,000 changes, limit 500, against the database ceiling of the same
// statement (one range scan of report_rows_changes_idx).
import type { Db } from '../../src/db/index.js'
import { readFeedPage } from '../../src/http/creator/changes/sql.js'
import { auth, getJson } from './http.js'
import { NO_SQL, record } from './record.js'
import type { Context, Group, Scenario } from './types.js'

const LIMIT = 500

export const changes: Group = {
  name: 'changes',
  entries: (ctx) => [
    { name: 'changes largest limit 500', build: () => build(ctx, 'changes largest limit 500', 0) },
    { name: 'changes largest after 100k', build: () => build(ctx, 'changes largest after 100k', 100_000) },
  ],
}

/** The change number of the creator's `depth`-th change, in feed order (0: from the start). */
async function positionAt(db: Db, creator: string, depth: number): Promise<number> {
  if (depth === 0) return 0
  const [r] = await db.query<{ seq: string }>(
    `select change_seq::text as seq from report_rows
      where creator_id = $1 order by change_seq offset ${depth - 1} limit 1`,
    [creator],
  )
  return Number(r!.seq)
}

async function build({ ids, bases, db }: Context, name: string, depth: number): Promise<Scenario> {
  const headers = auth(ids.tokens.big)
  const url = `${bases.ours}/api/creator/v1/reports/changes`
  // our cursor after `depth` changes, walked as a client would
  let cursor: string | null = null
  for (let seen = 0; seen < depth; seen += LIMIT) {
    const q = `limit=${Math.min(LIMIT, depth - seen)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`
    const body = await getJson(`${url}?${q}`, { headers })
    cursor = body.next_cursor as string
    if (!body.has_more) throw new Error(`${name}: the creator has fewer than ${depth} changes`)
  }
  const scenario: Scenario = {
    name,
    group: 'changes',
    depth,
    limit: LIMIT,
    ours: { url: `${url}?limit=${LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, headers },
    list: 'reports',
    sql: NO_SQL,
    ceilings: true,
    expectRows: 0,
  }
  if (!db) return scenario
  const after = await positionAt(db, ids.bigCreator, depth)
  scenario.sql = await record((q) => readFeedPage(q, ids.bigCreator, after, LIMIT))
  scenario.expectRows = Math.min(LIMIT, (await readFeedPage(db, ids.bigCreator, after, LIMIT)).found)
  return scenario
}
