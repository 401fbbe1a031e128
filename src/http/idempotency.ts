// Idempotency-Key on the API's writes (Stripe's convention; migrations/017_self_service.sql): the
// same key with the same request within 24 hours answers as the first did and changes nothing
// more; the same key with another request is 409 idempotency_conflict. The key is inserted by the
// write's own transaction, before its work: a second request with the key waits on that row
// until the first commits (or rolls back, when the key was never used), so concurrent retries
// make one change.
import { createHash } from 'node:crypto'
import type { Db, Queryable } from '../db/index.js'
import { ApiError, invalidRequest } from './errors.js'
import { canonicalJson } from './body.js'

/** An answer of a write: its status and body (none for 204). */
export interface WriteAnswer {
  status: number
  body?: unknown
}

export const IDEMPOTENCY_HEADER = 'idempotency-key'
export const KEY_HOURS = 24
/** Printable ASCII, as Stripe's keys (a UUID, say). */
const KEY_FORM = /^[\x21-\x7e]{1,255}$/

/** The header's value, checked; undefined when none was sent. */
export function idempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined
  if (Array.isArray(header)) throw invalidRequest('Idempotency-Key must be given only once')
  if (!KEY_FORM.test(header))
    throw invalidRequest('Idempotency-Key must be 1 to 255 printable ASCII characters without spaces (a UUID)')
  return header
}

const conflict = (key: string) =>
  new ApiError(
    'idempotency_conflict',
    `Idempotency-Key ${key} was used in the last ${KEY_HOURS} hours with another request; ` +
      'send a new key for a new request',
  )

const fingerprintOf = (method: string, path: string, body: unknown) =>
  createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(body ?? null)}`)
    .digest('base64url')

/**
 * Runs a write in one transaction; with a key, records the key and the answer in it, or returns
 * the answer recorded for the same key and request (`replayed`). A write that fails records
 * nothing: the key can be used again.
 */
export async function idempotent(
  db: Db,
  accountId: string,
  key: string | undefined,
  request: { method: string; path: string; body: unknown },
  work: (tx: Queryable) => Promise<WriteAnswer>,
): Promise<WriteAnswer & { replayed: boolean }> {
  if (key === undefined) return { ...(await db.transaction(work)), replayed: false }
  const fingerprint = fingerprintOf(request.method, request.path, request.body)
  return db.transaction(async (tx) => {
    // this key past its time goes, and a bounded sweep of other expired keys (idempotency_keys_created_idx)
    await tx.query(
      `delete from idempotency_keys
        where (account_id = $1 and key = $2 or (account_id, key) in (
                 select account_id, key from idempotency_keys
                  where created_at < now() - make_interval(hours => $3) limit 100))
          and created_at < now() - make_interval(hours => $3)`,
      [accountId, key, KEY_HOURS],
    )
    const mine = await tx.query(
      `insert into idempotency_keys (account_id, key, fingerprint) values ($1, $2, $3)
       on conflict (account_id, key) do nothing returning key`,
      [accountId, key, fingerprint],
    )
    if (mine.length === 0) {
      const [first] = await tx.query<{ fingerprint: string; status: number; response: string | null }>(
        'select fingerprint, status, response from idempotency_keys where account_id = $1 and key = $2',
        [accountId, key],
      )
      if (!first || first.fingerprint !== fingerprint) throw conflict(key)
      return {
        status: first.status,
        ...(first.response === null ? {} : { body: JSON.parse(first.response) as unknown }),
        replayed: true,
      }
    }
    const answer = await work(tx)
    await tx.query('update idempotency_keys set status = $3, response = $4 where account_id = $1 and key = $2', [
      accountId,
      key,
      answer.status,
      answer.body === undefined ? null : JSON.stringify(answer.body),
    ])
    return { ...answer, replayed: false }
  })
}

/**
 * The key of a write whose work spans transactions (a sandbox advance), which serialises its
 * requests itself: once they are serialised, `recall` the answer recorded for the key (409 for
 * another request); at the end, `record` the answer in the work's last transaction.
 */
export function keyedWork(accountId: string, key: string, request: { method: string; path: string; body: unknown }) {
  const fingerprint = fingerprintOf(request.method, request.path, request.body)
  return {
    async recall(q: Queryable): Promise<unknown> {
      const [first] = await q.query<{ fingerprint: string; response: string }>(
        `select fingerprint, response from idempotency_keys
          where account_id = $1 and key = $2 and created_at >= now() - make_interval(hours => $3)`,
        [accountId, key, KEY_HOURS],
      )
      if (!first) return undefined
      if (first.fingerprint !== fingerprint) throw conflict(key)
      return JSON.parse(first.response) as unknown
    },
    async record(q: Queryable, body: unknown): Promise<void> {
      // a row of the key past its time is replaced; a live one is another write's, left as it is
      await q.query(
        `insert into idempotency_keys (account_id, key, fingerprint, status, response) values ($1, $2, $3, 200, $4)
         on conflict (account_id, key) do update
           set fingerprint = excluded.fingerprint, status = 200, response = excluded.response, created_at = now()
           where idempotency_keys.created_at < now() - make_interval(hours => $5)`,
        [accountId, key, fingerprint, JSON.stringify(body), KEY_HOURS],
      )
    },
  }
}
