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
   * The position after every item handed out so far: store it once you have applied them, and
   * start from it next time (`cursor` parameter). Undefined until the first page is read,
   * unless a cursor was given.
   */
  cursor: string | undefined

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

  private from: 'now' | undefined

  /**
   * Pages until caught up (has_more false). `cursor` moves past a page when the next one is
   * asked for, i.e. once the consumer is done with it.
   */
  async *pages(): AsyncGenerator<ChangesPageShape<Item>, void, undefined> {
    for (;;) {
      const page = await this.fetchPage(this.cursor, this.from)
      this.from = undefined
      yield page
      this.cursor = page.next_cursor
      if (!page.has_more) return
    }
  }

  /** Every changed item until caught up, in the order rows last changed. */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for await (const page of this.pages()) yield* page.reports
  }

  /**
   * Every change, forever: reads until caught up, waits (backing off while nothing changes),
   * and reads again, until `signal` aborts.
   */
  async *follow(opts: FollowOptions = {}): AsyncGenerator<Item, void, undefined> {
    const min = opts.minIntervalMs ?? 1000
    const max = opts.maxIntervalMs ?? 60_000
    let wait = min
    while (!opts.signal?.aborted) {
      let items = 0
      try {
        for await (const page of this.pages()) {
          for (const item of page.reports) {
            items++
            yield item
          }
          if (opts.signal?.aborted) return
        }
      } catch (err) {
        if (opts.signal?.aborted) return
        throw err
      }
      wait = items > 0 ? min : Math.min(max, wait * 2)
      if (!(await pause(items > 0 ? min : wait, opts.signal))) return
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
