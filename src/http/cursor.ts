// Opaque, signed keyset cursors. A cursor carries only the position (the last row's sort
// key); the endpoint, the token owner and the filters are bound by the signature instead of
// being carried, so a cursor replayed elsewhere fails verification. The first secret signs,
// every secret verifies, so an operator can rotate without breaking cursors in flight.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { isDay } from '../domain/dates.js'

export const MAX_CURSOR_LENGTH = 512
const VERSION = 1
const SIG_BYTES = 16 // 128-bit truncated HMAC-SHA256

export type CursorKey = (string | number)[]

export class CursorCodec {
  private readonly secrets: readonly string[]

  constructor(secrets: readonly string[]) {
    if (secrets.length === 0) throw new Error('at least one cursor secret is needed')
    this.secrets = [...secrets]
  }

  encode(scope: string, key: CursorKey): string {
    const payload = Buffer.from(JSON.stringify([VERSION, ...key])).toString('base64url')
    return `${payload}.${this.sign(this.secrets[0]!, scope, payload).toString('base64url')}`
  }

  /** The key of a cursor issued for this scope, or null when it is malformed or not ours. */
  decode(scope: string, cursor: string): CursorKey | null {
    if (cursor.length > MAX_CURSOR_LENGTH) return null
    const m = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(cursor)
    if (!m) return null
    const payload = m[1]!
    const sig = Buffer.from(m[2]!, 'base64url')
    // base64url leaves unused bits in the last character: only the encoding we issue is ours,
    // or one signature would be four cursors and an altered one would pass
    if (sig.length !== SIG_BYTES || sig.toString('base64url') !== m[2]) return null
    const valid = this.secrets.some((s) => timingSafeEqual(sig, this.sign(s, scope, payload)))
    if (!valid) return null
    try {
      const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
      if (!Array.isArray(value) || value[0] !== VERSION) return null
      const key = value.slice(1)
      return key.every((k) => typeof k === 'string' || typeof k === 'number') ? key : null
    } catch {
      return null
    }
  }

  private sign(secret: string, scope: string, payload: string): Buffer {
    return createHmac('sha256', secret).update(`${scope}\n${payload}`).digest().subarray(0, SIG_BYTES)
  }
}

/** The scope a cursor is bound to: endpoint, owner and every filter, in a fixed order. */
export function cursorScope(endpoint: string, ownerId: string, filters: Record<string, string | undefined>): string {
  const parts = Object.keys(filters)
    .sort()
    .map((k) => `${k}=${filters[k] ?? ''}`)
  return JSON.stringify([endpoint, ownerId, ...parts])
}

/** A cursor key's field as the SQL takes it, or null: each field is checked as the query's are. */
export type KeyField<T> = (value: string | number) => T | null

/** A non-empty id of at most 256 characters, as an id parameter (schema.ts Param). */
export const keyText: KeyField<string> = (v) => (typeof v === 'string' && v !== '' && v.length <= 256 ? v : null)

/** A real calendar day YYYY-MM-DD, as `start` and `end` (domain/dates). */
export const keyDay: KeyField<string> = (v) => (typeof v === 'string' && isDay(v) ? v : null)

/** A non-negative integer that fits the column: `bigint` (the default) or `integer`. */
export const keyInt =
  (max: number = Number.MAX_SAFE_INTEGER): KeyField<number> =>
  (v) =>
    Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= max ? (v as number) : null

/** The largest `integer` (int4). */
const INT4_MAX = 2 ** 31 - 1

/** A key of these fields, in order, or null when it has other fields or one is not its type. */
export function keyOf<A>(a: KeyField<A>): (key: CursorKey) => [A] | null
export function keyOf<A, B>(a: KeyField<A>, b: KeyField<B>): (key: CursorKey) => [A, B] | null
export function keyOf(...fields: KeyField<unknown>[]) {
  return (key: CursorKey): unknown[] | null => {
    if (key.length !== fields.length) return null
    const out = key.map((v, i) => fields[i]!(v))
    return out.includes(null) ? null : out
  }
}

// The keys of the lists: built here, typed once (inline, a route's contextual type would widen them).
/** The last row's text id (brands, products). */
export const textIdKey = keyOf(keyText)
/** The last row's `bigint` id or position (payouts, adjustments, the changes feed). */
export const bigintKey = keyOf(keyInt())
/** The last row's `integer` number (payout lines). */
export const intKey = keyOf(keyInt(INT4_MAX))
/** The last row's date and `bigint` id (report rows). */
export const dayIdKey = keyOf(keyDay, keyInt())
