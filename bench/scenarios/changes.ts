// The changes feed (GET /api/creator/v1/reports/changes) against the database ceiling of the same
// statement (one range scan of report_rows_changes_idx (creator_id, change_seq)), at limit 100
// and 500 (issue 13's targets: ≥ 0.8 and ≥ 0.7 of the combined ceiling; p99 deep ≤ 1.2× the
// first page): the largest creator's first page and its page after 100,000 changes, and the
// whale's (a creator with 1.1M rows, dataset.ts) first page and its page after 1,000,000 changes.
// The feed is per creator, so "after 1M changes" needs one creator with more than 1M rows: in a
// dataset without the whale (below 2,201,000 report rows, the quick run) those scenarios are skipped,
// with the reason printed.
import type { Db } from '../../src/db/index.js'
import { readFeedPage } from '../../src/http/creator/changes/sql.js'
import { WHALE_CREATOR, WHALE_ROWS } from '../dataset.js'
import { auth, getJson } from './http.js'
import { NO_SQL, record } from './record.js'
import type { Context, Entry, Group, Scenario } from './types.js'

const WALK = 500 // the page size the cursors are walked with, as a client catching up would

interface FeedSpec {
  name: string
  subject: 'largest' | 'whale'
  depth: number
  limit: number
}

const SPECS: FeedSpec[] = [100, 500].flatMap((limit) => [
  { name: `changes largest limit ${limit}`, subject: 'largest' as const, depth: 0, limit },
  { name: `changes largest after 100k limit ${limit}`, subject: 'largest' as const, depth: 100_000, limit },
  { name: `changes whale limit ${limit}`, subject: 'whale' as const, depth: 0, limit },
  { name: `changes whale after 1M limit ${limit}`, subject: 'whale' as const, depth: 1_000_000, limit },
])

/** The deep page and the first page it is compared with, per limit: summary.changes_depth_p99_ratio. */
export const FEED_DEPTH_PAIRS = [100, 500].flatMap((limit) => [
  {
    limit,
    key: 'after_100k',
    deep: `changes largest after 100k limit ${limit}`,
    first: `changes largest limit ${limit}`,
  },
  { limit, key: 'after_1m', deep: `changes whale after 1M limit ${limit}`, first: `changes whale limit ${limit}` },
])

/** Why a scenario cannot run on this dataset, or null. */
function missing({ ids }: Context, spec: FeedSpec): string | null {
  if (spec.subject === 'largest') return null
  const needed = spec.depth + spec.limit
  if (!ids.whale) {
    return (
      `the dataset has no creator with more than 1M rows: the whale (${WHALE_CREATOR}, ` +
      `${WHALE_ROWS.toLocaleString('en-US')} rows) is generated from ` +
      `${(2 * WHALE_ROWS).toLocaleString('en-US')} report rows on (--rows) ` +
      '(a full run has it; a dataset kept from before it existed must be generated again, without --reuse)'
    )
  }
  if (ids.whale.rows < needed) return `${WHALE_CREATOR} has ${ids.whale.rows} rows, fewer than ${needed}`
  return null
}

export const changes: Group = {
  name: 'changes',
  entries: (ctx) =>
    SPECS.map((spec): Entry => {
      const skip = missing(ctx, spec)
      return skip
        ? { name: spec.name, skip, build: () => Promise.reject(new Error(skip)) }
        : {
            name: spec.name,
            build: () => build(ctx, spec),
          }
    }),
}

/** The change number of the creator's `depth`-th change, in feed order (0: from the start). */
async function positionAt(db: Db, creator: string, depth: number): Promise<number> {
  if (depth === 0) return 0
  const [r] = await db.query<{ seq: string }>(
    `select change_seq::text as seq from report_rows where creator_id = $1
      order by change_seq offset ${depth - 1} limit 1`,
    [creator],
  )
  return Number(r!.seq)
}

// Walked cursors, by server, token and depth: the limit 100 and 500 pages start at the same one.
const walked = new Map<string, Promise<string | null>>()

/** Our cursor after `depth` changes, walked as a client would (WALK at a time). */
function cursorAfter(url: string, headers: Record<string, string>, depth: number, name: string) {
  const key = `${url} ${headers.authorization} ${depth}`
  let cursor = walked.get(key)
  if (!cursor) {
    cursor = (async () => {
      let at: string | null = null
      for (let seen = 0; seen < depth; seen += WALK) {
        const q = `limit=${Math.min(WALK, depth - seen)}${at ? `&cursor=${encodeURIComponent(at)}` : ''}`
        const body = await getJson(`${url}?${q}`, { headers })
        at = body.next_cursor as string
        if (!body.has_more) throw new Error(`${name}: the creator has fewer than ${depth} changes`)
      }
      return at
    })()
    cursor.catch(() => walked.delete(key))
    walked.set(key, cursor)
  }
  return cursor
}

async function build({ ids, bases, db }: Context, spec: FeedSpec): Promise<Scenario> {
  const whale = spec.subject === 'whale' ? ids.whale! : null
  const creator = whale ? whale.creator : ids.bigCreator
  const headers = auth(whale ? whale.token : ids.tokens.big)
  const url = `${bases.ours}/api/creator/v1/reports/changes`
  const cursor = await cursorAfter(url, headers, spec.depth, spec.name)
  const scenario: Scenario = {
    name: spec.name,
    group: 'changes',
    depth: spec.depth,
    limit: spec.limit,
    ours: { url: `${url}?limit=${spec.limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, headers },
    list: 'reports',
    sql: NO_SQL,
    ceilings: true,
    expectRows: 0,
  }
  if (!db) return scenario
  const after = await positionAt(db, creator, spec.depth)
  scenario.sql = await record((q) => readFeedPage(q, creator, after, spec.limit))
  scenario.expectRows = Math.min(spec.limit, (await readFeedPage(db, creator, after, spec.limit)).found)
  return scenario
}
