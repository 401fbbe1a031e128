// One GET with a timeout, retried with exponential backoff and full jitter on network errors,
// timeouts, 429 and 503. Only fetch, AbortController and URL: it runs in Node ≥ 20 and browsers.
import { ApiError, ConnectionError, TimeoutError, errorFor } from './errors.js'

export type FetchLike = (
  input: string,
  init: { method: string; headers: Record<string, string>; signal: AbortSignal; body?: string },
) => Promise<Response>

export interface TransportOptions {
  token: string
  baseUrl: string
  fetch: FetchLike
  timeoutMs: number
  maxRetries: number
  sleep: Sleep
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>

export interface CallOptions {
  /** Cancels the request and any retry wait. */
  signal?: AbortSignal
  timeoutMs?: number
  maxRetries?: number
}

/** Options of a write: an Idempotency-Key of your own (default: a new UUID per call, kept across its retries). */
export interface WriteOptions extends CallOptions {
  idempotencyKey?: string
}

/** What a request sends besides the URL (a GET sends nothing more). */
interface Sent {
  method: string
  body?: string
  headers?: Record<string, string>
}

const BASE_DELAY_MS = 500
const MAX_DELAY_MS = 8_000
/** A Retry-After longer than this is not waited for: the error is thrown instead. */
const MAX_RETRY_AFTER_MS = 60_000

/** Retry-After in milliseconds: delay-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  // an HTTP date has a weekday and month name; Date.parse alone would read "-1" as a year
  const at = /^[A-Za-z]{3},/.test(text) ? Date.parse(text) : NaN
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}

/** Full jitter: a random wait between 0 and the exponential ceiling for this attempt. */
export const backoffMs = (attempt: number, random = Math.random) =>
  Math.floor(random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt))

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted', 'AbortError')
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal))
    const onAbort = () => {
      clearTimeout(timer)
      reject(abortError(signal!))
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

export function buildUrl(baseUrl: string, path: string, query: Record<string, unknown>): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path)
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null) url.searchParams.set(k, String(v))
  }
  return url.toString()
}

/** A successful answer: the parsed JSON body and the response headers. */
export interface Answer {
  body: unknown
  headers: Headers
}

/** One attempt: the parsed JSON body, or an ApiError (retryable or not) to throw or retry. */
async function attempt(
  t: TransportOptions,
  url: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  sent: Sent = { method: 'GET' },
): Promise<Answer> {
  if (signal?.aborted) throw abortError(signal)
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const onAbort = () => controller.abort(signal!.reason)
  signal?.addEventListener('abort', onAbort, { once: true })
  try {
    let res: Response
    let text: string
    try {
      res = await t.fetch(url, {
        method: sent.method,
        headers: { authorization: `Bearer ${t.token}`, accept: 'application/json', ...sent.headers },
        signal: controller.signal,
        ...(sent.body === undefined ? {} : { body: sent.body }),
      })
      // the body is read under the same timeout: a stalled body is a timeout too
      text = await res.text()
    } catch (err) {
      if (signal?.aborted) throw abortError(signal)
      if (timedOut) throw new TimeoutError(`no response within ${timeoutMs} ms from ${url}`)
      throw new ConnectionError(`cannot reach ${url}: ${(err as Error)?.message ?? String(err)}`, { cause: err })
    }
    const requestId = res.headers.get('x-request-id')
    let answer: unknown
    try {
      answer = text === '' ? undefined : JSON.parse(text)
    } catch {
      answer = undefined
    }
    if (res.ok) {
      if (res.status === 204) return { body: undefined, headers: res.headers }
      if (answer === undefined) {
        throw new ApiError({
          status: res.status,
          code: 'invalid_response',
          message: `the response to ${url} is not JSON`,
          requestId,
          headers: res.headers,
        })
      }
      return { body: answer, headers: res.headers }
    }
    const error = (answer as { error?: { code?: unknown; message?: unknown } } | undefined)?.error
    throw errorFor({
      status: res.status,
      code: typeof error?.code === 'string' ? error.code : `http_${res.status}`,
      message: typeof error?.message === 'string' ? error.message : `HTTP ${res.status} from ${url}`,
      requestId,
      headers: res.headers,
      retryAfterMs: parseRetryAfter(res.headers.get('retry-after')),
    })
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
  }
}

const retryable = (err: unknown) =>
  err instanceof ConnectionError || (err instanceof ApiError && (err.status === 429 || err.status === 503))

/** GET path?query, retried as described above; resolves to the parsed JSON body. */
export async function get(
  t: TransportOptions,
  path: string,
  query: Record<string, unknown>,
  opts: CallOptions = {},
): Promise<unknown> {
  return (await getAnswer(t, path, query, opts)).body
}

/** GET as `get` does, with the response headers of the successful attempt. */
export async function getAnswer(
  t: TransportOptions,
  path: string,
  query: Record<string, unknown>,
  opts: CallOptions = {},
): Promise<Answer> {
  return retrying(t, buildUrl(t.baseUrl, path, query), opts)
}

/**
 * A write (POST, PATCH, DELETE) with a JSON body, retried as a GET is: its Idempotency-Key,
 * the same on every retry, makes the server do it once. Resolves to the parsed body (none for 204).
 */
export async function write(
  t: TransportOptions,
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  opts: WriteOptions = {},
): Promise<unknown> {
  const key = opts.idempotencyKey ?? globalThis.crypto.randomUUID()
  const headers: Record<string, string> = { 'idempotency-key': key }
  if (body !== undefined) headers['content-type'] = 'application/json'
  const sent: Sent = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }
  return (await retrying(t, buildUrl(t.baseUrl, path, {}), opts, sent)).body
}

async function retrying(t: TransportOptions, url: string, opts: CallOptions, sent?: Sent): Promise<Answer> {
  const maxRetries = opts.maxRetries ?? t.maxRetries
  for (let n = 0; ; n++) {
    try {
      return await attempt(t, url, opts.timeoutMs ?? t.timeoutMs, opts.signal, sent)
    } catch (err) {
      if (n >= maxRetries || !retryable(err)) throw err
      const after = err instanceof ApiError && err.headers ? parseRetryAfter(err.headers.get('retry-after')) : null
      if (after !== null && after > MAX_RETRY_AFTER_MS) throw err
      await t.sleep(after ?? backoffMs(n), opts.signal)
    }
  }
}
