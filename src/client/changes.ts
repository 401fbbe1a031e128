// The changes feed of report rows for a client: iterate the rows that changed, store `cursor`
// after applying them, and `follow()` to keep a copy in sync forever.
import { ApiError, ConnectionError } from './errors.js'
import { parseRetryAfter, sleep as timer, type Sleep } from './http.js'

export interface ChangesPageShape<Item> {
  reports: Item[]
  next_cursor: string
  has_more: boolean
}

export interface FollowOptions {
  /** Stops following (between requests and during the wait); the iteration then ends quietly. */
  signal?: AbortSignal
  /** Wait after catching up, doubled while nothing changes, up to maxIntervalMs. Default 1 000. */
  minIntervalMs?: number
  /** Longest wait between polls while nothing changes, and after failures. Default 60 000. */
  maxIntervalMs?: number
}

/** The first wait of follow() after a failure the client's own retries did not get past. */
const FAILURE_WAIT_MS = 1000

/** A failure that passes: no answer, a timeout, 429 or 5xx. Any other (a bad cursor, a revoked token) stays. */
const transient = (err: unknown) =>
  err instanceof ConnectionError || (err instanceof ApiError && (err.status === 429 || err.status >= 500))

export class ChangeFeed<Item> implements AsyncIterable<Item> {
  /**
   * Where to resume: store it once you have applied what you were handed, and start from it next
   * time (`cursor` parameter). The server's positions are per page: it moves to a page's end as the
   * page's last item is handed out (by pages(), as the page is), so within a page it is the page's
   * start, and a restart from it hands out the page's items again. Undefined until a page is done,
   * unless a cursor was given.
   */
  cursor: string | undefined

  private from: 'now' | undefined

  constructor(
    private readonly fetchPage: (
      cursor: string | undefined,
      from: 'now' | undefined,
    ) => Promise<ChangesPageShape<Item>>,
    start: { cursor?: string; from?: 'now' },
    /** How follow() waits (tests pass their own clock); rejects when the signal aborts. */
    private readonly sleep: Sleep = timer,
  ) {
    this.cursor = start.cursor
    this.from = start.from
  }

  /** The page after the cursor. */
  private async read(): Promise<ChangesPageShape<Item>> {
    const page = await this.fetchPage(this.cursor, this.from)
    this.from = undefined
    return page
  }

  /** A page's items, the cursor moved to its end with the last one (at once when it has none). */
  private *handOut(page: ChangesPageShape<Item>): Generator<Item, void, undefined> {
    const last = page.reports.length - 1
    if (last < 0) this.cursor = page.next_cursor
    for (let i = 0; i <= last; i++) {
      if (i === last) this.cursor = page.next_cursor
      yield page.reports[i]!
    }
  }

  /** Pages until caught up (has_more false); `cursor` is past each page as it is handed out. */
  async *pages(): AsyncGenerator<ChangesPageShape<Item>, void, undefined> {
    for (;;) {
      const page = await this.read()
      this.cursor = page.next_cursor
      yield page
      if (!page.has_more) return
    }
  }

  /** Every changed item until caught up, in the order rows last changed. */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for (;;) {
      const page = await this.read()
      yield* this.handOut(page)
      if (!page.has_more) return
    }
  }

  /**
   * Every change, forever: reads until caught up, waits (backing off while nothing changes),
   * and reads again, until `signal` aborts. A failure that passes (no answer, a timeout, 429, 5xx)
   * outlasting the client's retries is waited out, backing off and at least its Retry-After, and
   * the feed goes on from `cursor`; any other error is thrown.
   */
  async *follow(opts: FollowOptions = {}): AsyncGenerator<Item, void, undefined> {
    const min = opts.minIntervalMs ?? 1000
    const max = opts.maxIntervalMs ?? 60_000
    let wait = min
    let items = 0
    let failures = 0
    while (!opts.signal?.aborted) {
      let page: ChangesPageShape<Item>
      try {
        page = await this.read()
      } catch (err) {
        if (opts.signal?.aborted) return
        if (!transient(err)) throw err
        if (!(await this.pause(failureWait(err as ApiError, failures++, max), opts.signal))) return
        continue
      }
      failures = 0
      items += page.reports.length
      yield* this.handOut(page)
      if (page.has_more) continue
      wait = items > 0 ? min : Math.min(max, wait * 2)
      items = 0
      if (!(await this.pause(wait, opts.signal))) return
    }
  }

  /** Waits ms; false when the signal aborted the wait. */
  private async pause(ms: number, signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return false
    try {
      await this.sleep(ms, signal)
    } catch (err) {
      if (signal?.aborted) return false
      throw err
    }
    return !signal?.aborted
  }
}

/** The wait after the n-th failure in a row: doubling up to `max`, half of it random; at least Retry-After. */
function failureWait(err: ApiError, n: number, max: number): number {
  const ceiling = Math.min(max, FAILURE_WAIT_MS * 2 ** Math.min(n, 20))
  const backoff = Math.floor(ceiling / 2 + (Math.random() * ceiling) / 2)
  return Math.max(backoff, parseRetryAfter(err.headers?.get('retry-after') ?? null) ?? 0)
}
