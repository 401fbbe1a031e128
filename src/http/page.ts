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
  return reply.type('application/json; charset=utf-8').send(pageBody(items, page.rows, nextCursor))
}

/**
 * Pages up to this many characters of rows are sent as one string, larger ones as a Buffer.
 * V8 keeps a string under 128 KB in the young generation, where it dies cheaply, while every
 * Buffer's memory is counted as old-generation growth: at 16 connections of 100-brand pages
 * (62 KB) the Buffers made V8 start a full collection every ~160 requests, strings every ~210,
 * and the server's CPU per request fell by 0.05–0.14 ms (docs/performance.md). A longer string
 * goes to V8's large-object space and stays until a full collection (500-row pages: heap peak
 * 149 MB as a string, 115 MB as a Buffer), so large pages stay Buffers. Retried on 2026-11-26
 * under today's heap flags: every page a Buffer took 21 µs of CPU off 100-brand pages but set off
 * a full collection every ~125 requests on 80 KB payout-line pages: +0.27 ms of CPU a request.
 */
export const STRING_BODY_MAX = 100_000

/** The page body around the rows' JSON: one string for a small page, a Buffer for a large one. */
export function pageBody(items: string, rows: string, nextCursor: string | null): string | Buffer {
  const head = `{"${items}":[`
  const tail = '],"next_cursor":' + JSON.stringify(nextCursor) + '}'
  if (rows.length <= STRING_BODY_MAX) return head + rows + tail
  const body = Buffer.allocUnsafe(head.length + Buffer.byteLength(rows) + Buffer.byteLength(tail))
  let at = body.write(head, 0, 'latin1')
  at += body.write(rows, at)
  body.write(tail, at)
  return body
}
