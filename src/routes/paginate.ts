// Keyset pagination shared by the list routes: fetch one row more than the page to know,
// without a second query, whether anything follows.
import type { FastifyInstance } from 'fastify'
import type { CursorKey } from '../cursor.js'
import { invalidPagination } from '../errors.js'

export interface Page<T> {
  items: T[]
  nextCursor: string | null
}

/** Splits `limit + 1` fetched rows into a page and the cursor of what follows. */
export function toPage<T>(app: FastifyInstance, scope: string, rows: T[], limit: number, keyOf: (row: T) => CursorKey): Page<T> {
  if (rows.length <= limit) return { items: rows, nextCursor: null }
  const items = rows.slice(0, limit)
  return { items, nextCursor: app.cursors.encode(scope, keyOf(items[items.length - 1]!)) }
}

/** The key of a cursor for this scope, checked with `accept`; throws invalid_pagination. */
export function readCursor<K>(app: FastifyInstance, scope: string, cursor: string | undefined, accept: (key: CursorKey) => K | null): K | null {
  if (cursor === undefined) return null
  const key = app.cursors.decode(scope, cursor)
  const parsed = key && accept(key)
  if (!parsed) {
    throw invalidPagination(
      'cursor is not valid here: send next_cursor exactly as received, with the same endpoint, token owner and filters',
    )
  }
  return parsed
}

export const stringKey = (key: CursorKey): string | null =>
  key.length === 1 && typeof key[0] === 'string' && key[0] !== '' ? key[0] : null
