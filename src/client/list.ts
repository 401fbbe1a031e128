// The value a list method returns: a promise of the first page and, at the same time, an async
// iterable over every item of every page. Nothing is requested until it is awaited or iterated.

export interface PageShape {
  next_cursor: string | null
}

export class ListResult<Page extends PageShape, Item> implements PromiseLike<Page>, AsyncIterable<Item> {
  private first: Promise<Page> | null = null

  constructor(
    private readonly fetchPage: (cursor: string | undefined) => Promise<Page>,
    private readonly itemsOf: (page: Page) => Item[],
    /** Where the walk starts: the cursor given in the parameters, if any. */
    private readonly startCursor: string | undefined,
  ) {}

  get [Symbol.toStringTag]() {
    return 'ListResult'
  }

  private firstPage(): Promise<Page> {
    if (this.first) return this.first
    const first = this.fetchPage(this.startCursor)
    this.first = first
    // a failure is not kept: awaiting or iterating again asks again
    first.catch(() => {
      if (this.first === first) this.first = null
    })
    return first
  }

  then<A = Page, B = never>(
    onFulfilled?: ((page: Page) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.firstPage().then(onFulfilled, onRejected)
  }

  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<Page | B> {
    return this.firstPage().catch(onRejected)
  }

  finally(onFinally?: (() => void) | null): Promise<Page> {
    return this.firstPage().finally(onFinally)
  }

  /** Every page in order, the first one included; stops after the page whose next_cursor is null. */
  async *pages(): AsyncGenerator<Page, void, undefined> {
    let page = await this.firstPage()
    for (;;) {
      yield page
      if (page.next_cursor === null) return
      page = await this.fetchPage(page.next_cursor)
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for await (const page of this.pages()) yield* this.itemsOf(page)
  }

  /** Every item, at most `max` of them; no page beyond the one holding the max-th is fetched. */
  async toArray(opts: { max?: number } = {}): Promise<Item[]> {
    const max = opts.max ?? Infinity
    if (!(max >= 0)) throw new RangeError('toArray: max must be a number ≥ 0')
    const items: Item[] = []
    if (max === 0) return items
    for await (const page of this.pages()) {
      for (const item of this.itemsOf(page)) {
        items.push(item)
        if (items.length >= max) return items
      }
    }
    return items
  }
}
