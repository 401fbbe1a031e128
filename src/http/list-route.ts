// A list route: GET for one side's tokens, the query checked by its TypeBox schema (limit and
// cursor added here), one page read in the cursor's scope and sent in the page envelope
// (page.ts). Each route says what differs — its document, what binds the cursor, the key, the
// SQL — in its own folder; what every list route does the same way is here, once.
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { Type, type Static, type TObject, type TProperties, type TSchema } from 'typebox'
import type { Reader } from '../db/replicas.js'
import type { TokenOwner } from '../tokens/tokens.js'
import { cursorScope, textIdKey, type CursorKey } from './cursor.js'
import { nextCursor, sendPage, startPage, type JsonPage, type SqlPage } from './page.js'
import { requireRole } from './plugins/auth.js'
import { Cursor, Limit, listErrors } from './schema.js'

// whose tokens a side takes, and its tag in the document
const SIDES = {
  creator: { roles: ['creator'], tag: 'creator' },
  seller: { roles: ['seller', 'operator'], tag: 'seller' },
} as const

type Filters = Record<string, string | undefined>

/** What a route's own parts get from the request: the token owner, its query, path and filters. */
export interface ListRequest<Q extends TProperties, P extends TProperties> {
  owner: TokenOwner
  query: Static<TObject<Q>> & { limit: number; cursor?: string }
  params: Static<TObject<P>>
  /** What `filters` made of the query: the values the cursor is bound to. */
  filters: Filters
}

export interface ListRoute<Q extends TProperties, P extends TProperties, K extends CursorKey, Page extends SqlPage> {
  url: string
  side: keyof typeof SIDES
  operationId: string
  summary: string
  description: string
  params?: TObject<P>
  /** Query parameters besides limit and cursor (listed before them). */
  query?: Q
  /** limit's default and maximum */
  limit: [number, number]
  /** The 200 response (`Ok(...)`) and the error codes beyond every list's. */
  ok: TSchema
  errors?: Parameters<typeof listErrors>[0]
  /** The array's name in the page body. */
  items: string
  /** The cursor's endpoint name, and the parameters it is bound to besides the owner. */
  scope: string
  /** The parameters as the SQL takes them; throws on a combination the schema cannot refuse. */
  filters?: (r: Omit<ListRequest<Q, P>, 'filters'>) => Filters
  /** The cursor's key as the SQL takes it (cursor.ts keyOf), or null when it is not one. */
  key: (key: CursorKey) => K | null
  /** Refusals that come before the cursor is read (a brand not granted, an unknown payout). */
  check?: (reader: Reader, r: ListRequest<Q, P>) => Promise<void>
  /**
   * The same refusals read from the page's own statement, to save `check` its round trip: with
   * `refuse`, `check` runs only when the cursor is refused, so that its answer still comes first.
   */
  refuse?: (page: Page, r: ListRequest<Q, P>) => void
  read: (reader: Reader, r: ListRequest<Q, P>, after: K | null, limit: number) => Promise<Page>
  /** The cursor key of the page's last row; null on an empty page. */
  last: (page: Page) => CursorKey | null
  /**
   * A feed (the changes feed): next_cursor is always given, at the page's last row, else where
   * the cursor stood, else at `start`; `has_more` says whether more rows follow now.
   */
  feed?: { start: K }
  /** What the first page of a walk adds (a header). */
  firstPage?: (reply: FastifyReply, page: Page, r: ListRequest<Q, P>) => void
}

/** For a page keyed by its rows' text id (brands, products): the cursor holds the last id. */
export const byTextId = {
  key: textIdKey,
  last: (page: JsonPage): CursorKey | null => (page.last_id === null ? null : [page.last_id]),
}

export function listRoute<Q extends TProperties, P extends TProperties, K extends CursorKey, Page extends SqlPage>(
  route: ListRoute<Q, P, K, Page>,
): FastifyPluginAsync {
  const [defaultLimit, maxLimit] = route.limit
  const schema = {
    operationId: route.operationId,
    tags: [SIDES[route.side].tag],
    summary: route.summary,
    description: route.description,
    ...(route.params && { params: route.params }),
    querystring: Type.Object(
      { ...route.query, limit: Limit(defaultLimit, maxLimit), cursor: Type.Optional(Cursor) },
      { additionalProperties: false },
    ),
    response: { 200: route.ok, ...listErrors(route.errors) },
  }
  return async (app) => {
    app.get(route.url, { schema, onRequest: requireRole(SIDES[route.side].roles) }, async (request, reply) => {
      const query = request.query as ListRequest<Q, P>['query']
      const base = { owner: request.owner!, query, params: request.params as Static<TObject<P>> }
      const r: ListRequest<Q, P> = { ...base, filters: route.filters?.(base) ?? {} }
      if (route.check && !route.refuse) await route.check(app.reads.reader(), r)
      const scope = cursorScope(route.scope, r.owner.accountId, r.filters)
      let start: ReturnType<typeof startPage<K>>
      try {
        start = startPage(app, scope, query.cursor, route.key)
      } catch (err) {
        if (route.check && route.refuse) await route.check(app.reads.reader(), r)
        throw err
      }
      const { after, reader } = start
      const page = await route.read(reader, r, after, query.limit)
      route.refuse?.(page, r)
      if (query.cursor === undefined) route.firstPage?.(reply, page, r)
      const more = page.found > query.limit
      if (!route.feed) {
        const next = nextCursor(app, page, more, scope, route.last(page), reader)
        return sendPage(reply, route.items, page.rows, next)
      }
      // a feed's position moves to the page's last row, or stays (never backwards)
      const at = route.last(page) ?? after ?? route.feed.start
      return sendPage(reply, route.items, page.rows, nextCursor(app, page, true, scope, at, reader), { has_more: more })
    })
  }
}
