// Opaque, signed keyset cursors. A cursor carries only the position (the last row's sort
// key); the endpoint, the token owner and the filters are bound by the signature instead of
// being carried, so a cursor replayed elsewhere fails verification. The first secret signs,
// every secret verifies, so an operator can rotate without breaking cursors in flight.
import { createHmac, timingSafeEqual } from 'node:crypto'

export const MAX_CURSOR_LENGTH = 512
const VERSION = 1
const SIG_BYTES = 16 // 128-bit truncated HMAC-SHA256

export type CursorKey = (string | number)[]

/** The key of a list ordered by one non-negative integer column (an id, a seq, a line number). */
export const integerKey = (key: CursorKey): number | null =>
  key.length === 1 && Number.isSafeInteger(key[0]) && (key[0] as number) >= 0 ? (key[0] as number) : null

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
    if (sig.length !== SIG_BYTES) return null
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
