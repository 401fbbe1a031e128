// Keyset pagination shared by the list routes: cursors in and out, where each page is read, and
// the page body written around the JSON that PostgreSQL built (src/http/json-sql.ts).
//
// A cursor holds the last row's key and the WAL position the page was read at (its floor):
// the next page is read from a database that has replayed at least that far (src/db/replicas.ts),
// so a walk served by several replicas still sees every row once.
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { CursorKey } from './cursor.js'
import { invalidPagination } from './errors.js'
import type { Reader } from '../db/replicas.js'
import { BodyPool } from './body-pool.js'

const LSN = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/

export interface PageStart<K> {
  /** The key of the previous page's last row; null for the first page. */
  after: K | null
  /** Where this page is read: a node at or after the cursor's floor. */
  reader: Reader
}

/**
 * Reads a cursor for this scope (its key checked with `accept`; throws invalid_pagination) and
 * picks where the page is read.
 */
export function startPage<K>(
  app: FastifyInstance,
  scope: string,
  cursor: string | undefined,
  accept: (key: CursorKey) => K | null,
): PageStart<K> {
  if (cursor === undefined) return { after: null, reader: app.reads.reader() }
  const key = app.cursors.decode(scope, cursor)
  // cursors issued before floors were carried hold the key alone
  const floor = key && typeof key.at(-1) === 'string' && LSN.test(key.at(-1) as string) ? (key.at(-1) as string) : null
  const parsed =
    key === null ? null : (accept(floor === null ? key : key.slice(0, -1)) ?? (floor === null ? null : accept(key)))
  if (parsed === null) {
    throw invalidPagination(
      'cursor is not valid here: send next_cursor exactly as received, with the same endpoint, token owner and filters',
    )
  }
  return { after: parsed, reader: app.reads.reader(floor) }
}

export const stringKey = (key: CursorKey): string | null =>
  key.length === 1 && typeof key[0] === 'string' && key[0] !== '' ? key[0] : null

/** A page as PostgreSQL wrote it (src/http/json-sql.ts pageSql). */
export interface SqlPage {
  /** The WAL position the page's snapshot had on its database. */
  lsn: string | null
  /** Rows found: the page's, plus one when more follow. */
  found: number
  /** The page's objects in order, comma-separated ('' for none). */
  rows: string
  /** Objects whose JSON is NULL: a required value is NULL in the database (never expected). */
  broken: number
}

/** A page whose cursor key is the last object's id. */
export interface JsonPage extends SqlPage {
  last_id: string | null
}

/**
 * Sends `{"<items>":[…],"next_cursor":…}` around the page's JSON from PostgreSQL: rows are not
 * decoded and serialized again. `last` is the cursor key of the page's last row. Tests check
 * every body against the served schema.
 */
export function sendPage(
  app: FastifyInstance,
  reply: FastifyReply,
  items: string,
  page: SqlPage,
  limit: number,
  scope: string,
  last: CursorKey | null,
  reader: Reader,
): FastifyReply {
  // NULL JSON: a required value is NULL in the database; refuse rather than break the contract
  if (page.broken > 0) throw new Error(`${page.broken} ${items} have a NULL where the schema requires a value`)
  reader.observed(page.lsn)
  // a floor only matters where pages may come from replicas at different positions
  const floor = app.reads.replicas.length > 0 && page.lsn && LSN.test(page.lsn) ? [page.lsn] : []
  const nextCursor = page.found > limit && last ? app.cursors.encode(scope, [...last, ...floor]) : null
  // A string or Buffer is sent as it is, past the serializer, with the content type set here.
  reply.type('application/json; charset=utf-8')
  const body = pageBody(items, page.rows, nextCursor)
  if (typeof body === 'string') return reply.send(body)
  // Back to the pool on 'close': after 'finish' for a response sent (its last write completed),
  // after the socket's handle has closed for one whose client went away; either way no write
  // still reads the Buffer.
  reply.raw.once('close', () => pageBodies.give(body.lent))
  return reply.send(body.bytes)
}

/**
 * Pages of rows up to this many characters are sent as one string, larger ones from a Buffer
 * lent by the pool (src/http/body-pool.ts). Side by side with every page up to 100,000
 * characters a string (and the young generation at 16 MB, src/http/heap-flags.ts), our
 * server's CPU per request, median of six rounds: 100 brands (62 KB) −20 µs, 500 payout lines
 * (80 KB) −42 µs, 500 report rows (fresh Buffers before) −305 µs; 50 products (20 KB), 100 and
 * 10 report rows within ±8 µs (docs/performance.md). The threshold is not tuned: at 20 KB the
 * two ways cost the same.
 */
export const STRING_BODY_MAX = 16_384

/** The pool page bodies are lent from. */
export const pageBodies = new BodyPool()

/** A page body in a lent Buffer: `bytes` is the body, a view of `lent`, which goes back to the pool. */
export interface LentBody {
  lent: Buffer
  bytes: Buffer
}

/** The page body around the rows' JSON: one string for a small page, a lent Buffer for a large one. */
export function pageBody(
  items: string,
  rows: string,
  nextCursor: string | null,
  pool: BodyPool = pageBodies,
): string | LentBody {
  const head = `{"${items}":[`
  const tail = '],"next_cursor":' + JSON.stringify(nextCursor) + '}'
  if (rows.length <= STRING_BODY_MAX) return head + rows + tail
  // Same length in bytes as in characters: every character is ASCII, and latin1 copies them as
  // they are, which is much faster than encoding UTF-8 (byteLength is a vectorised count).
  const rowBytes = Buffer.byteLength(rows)
  const size = Buffer.byteLength(head) + rowBytes + Buffer.byteLength(tail)
  const lent = pool.take(size)
  let at = lent.write(head, 0)
  at += lent.write(rows, at, rowBytes === rows.length ? 'latin1' : 'utf8')
  at += lent.write(tail, at)
  return { lent, bytes: lent.subarray(0, at) }
}
