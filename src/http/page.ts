// Keyset pagination shared by the list routes: cursors in and out, where each page is read, and
// the page body written around the JSON that PostgreSQL built (src/http/json-sql.ts).
//
// A cursor holds the last row's key and, where replicas serve reads, the WAL position the page
// was read at (its floor): the next page is read from a database that has replayed at least that
// far (src/db/replicas.ts), so a walk served by several replicas still sees every row once.
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
 * picks where the page is read. A cursor's last element is its floor when it is a WAL position.
 */
export function startPage<K>(
  app: FastifyInstance,
  scope: string,
  cursor: string | undefined,
  accept: (key: CursorKey) => K | null,
): PageStart<K> {
  if (cursor === undefined) return { after: null, reader: app.reads.reader() }
  const key = app.cursors.decode(scope, cursor)
  const floor = key !== null && typeof key.at(-1) === 'string' && LSN.test(key.at(-1) as string) ? key.at(-1) : null
  const after = key === null ? null : (accept(floor === null ? key : key.slice(0, -1)) ?? null)
  if (after === null) {
    throw invalidPagination(
      'cursor is not valid here: send next_cursor exactly as received, with the same endpoint, token owner and filters',
    )
  }
  return { after, reader: app.reads.reader(floor as string | null) }
}

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
 * The next page's cursor: the key of this page's last row (`last`) and, where replicas serve
 * reads, the WAL position this page was read at. Null when nothing follows (`more` false).
 */
export function nextCursor(
  app: FastifyInstance,
  page: SqlPage,
  more: boolean,
  scope: string,
  last: CursorKey | null,
  reader: Reader,
): string | null {
  // NULL JSON: a required value is NULL in the database; refuse rather than break the contract
  if (page.broken > 0) throw new Error(`${page.broken} rows have a NULL where the schema requires a value`)
  reader.observed(page.lsn)
  // a floor only matters where pages may come from replicas at different positions
  const floor = app.reads.replicas.length > 0 && page.lsn && LSN.test(page.lsn) ? [page.lsn] : []
  return more && last ? app.cursors.encode(scope, [...last, ...floor]) : null
}

/** The pool page bodies are lent from. */
export const pageBodies = new BodyPool()

/**
 * Sends `{"<items>":[…],"next_cursor":…}` (and `more` fields) around the page's JSON from
 * PostgreSQL: rows are not decoded and serialized again, and the body is written once, into a
 * Buffer lent for the response (body-pool.ts). Tests check every body against the served schema.
 */
export function sendPage(
  reply: FastifyReply,
  items: string,
  rows: string,
  next: string | null,
  more: Record<string, unknown> = {},
  pool: BodyPool = pageBodies,
): FastifyReply {
  const head = `{"${items}":[`
  let tail = '],"next_cursor":' + JSON.stringify(next)
  for (const [k, v] of Object.entries(more)) tail += `,${JSON.stringify(k)}:${JSON.stringify(v)}`
  tail += '}'
  // the same length in bytes as in characters when all are ASCII: latin1 then copies them as
  // they are, much faster than encoding UTF-8
  const rowBytes = Buffer.byteLength(rows)
  const lent = pool.take(Buffer.byteLength(head) + rowBytes + Buffer.byteLength(tail))
  let at = lent.write(head, 0)
  at += lent.write(rows, at, rowBytes === rows.length ? 'latin1' : 'utf8')
  at += lent.write(tail, at)
  reply.raw.once('close', () => pool.give(lent))
  // A Buffer is sent as it is, past the serializer, with the content type set here.
  return reply.type('application/json; charset=utf-8').send(lent.subarray(0, at))
}
