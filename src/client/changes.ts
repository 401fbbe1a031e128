// The changes feed of report rows for a client: iterate the rows that changed, store `cursor`
// after applying them, and `follow()` to keep a copy in sync forever.

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
  /** Longest wait between polls while nothing changes. Default 60 000. */
  maxIntervalMs?: number
}

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
   * and reads again, until `signal` aborts.
   */
  async *follow(opts: FollowOptions = {}): AsyncGenerator<Item, void, undefined> {
    const min = opts.minIntervalMs ?? 1000
    const max = opts.maxIntervalMs ?? 60_000
    let wait = min
    let items = 0
    while (!opts.signal?.aborted) {
      let page: ChangesPageShape<Item>
      try {
        page = await this.read()
      } catch (err) {
        if (opts.signal?.aborted) return
        throw err
      }
      items += page.reports.length
      yield* this.handOut(page)
      if (page.has_more) continue
      wait = items > 0 ? min : Math.min(max, wait * 2)
      items = 0
      if (!(await pause(wait, opts.signal))) return
    }
  }
}

/** Waits ms; false when the signal aborted the wait. */
function pause(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false)
    const done = (ok: boolean) => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      resolve(ok)
    }
    const onAbort = () => done(false)
    const timer = setTimeout(() => done(true), ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
