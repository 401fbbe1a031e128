// The lines of the largest creator's largest payout (GET /api/creator/v1/payouts/{id}/lines): the
// first page and a page halfway through, limit 500, against the database ceiling of the same
// statement (a range scan of payout_lines' primary key).
import { listPayoutLines } from '../../src/http/creator/payout-lines/sql.js'
import { auth, getJson } from './http.js'
import { NO_SQL, record } from './record.js'
import type { Context, Group, Scenario } from './types.js'

const LIMIT = 500

export const payouts: Group = {
  name: 'payouts',
  entries: (ctx) => [
    { name: 'payout lines limit 500', build: () => build(ctx, 'payout lines limit 500', 0) },
    {
      name: 'payout lines limit 500 halfway',
      build: () => build(ctx, 'payout lines limit 500 halfway', Math.floor(ctx.ids.payout.lines / 2 / LIMIT) * LIMIT),
    },
  ],
}

async function build({ ids, bases, db }: Context, name: string, depth: number): Promise<Scenario> {
  const headers = auth(ids.tokens.big)
  const url = `${bases.ours}/api/creator/v1/payouts/${ids.payout.id}/lines`
  // our cursor after `depth` lines, walked as a client would
  let cursor: string | null = null
  for (let seen = 0; seen < depth; seen += LIMIT) {
    const body = await getJson(`${url}?limit=${LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
      headers,
    })
    cursor = body.next_cursor as string | null
    if (!cursor) throw new Error(`${name}: the payout has fewer than ${depth} lines`)
  }
  return {
    name,
    group: 'payouts',
    depth,
    limit: LIMIT,
    ours: { url: `${url}?limit=${LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, headers },
    list: 'lines',
    // line numbers are 1, 2, …: the page after `depth` lines starts after line `depth`
    sql: db ? await record((q) => listPayoutLines(q, ids.payout.id, depth, LIMIT)) : NO_SQL,
    ceilings: true,
    expectRows: db ? Math.min(LIMIT, ids.payout.lines - depth) : 0,
  }
}
