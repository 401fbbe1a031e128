// The typed client of the Creator and Seller Public API: `import { Client } from 'csapi/client'`.
// No runtime dependencies: fetch, AbortController and URL only (Node ≥ 20, browsers).
import type * as S from './openapi-types.js'
import type { operations } from './openapi-types.js'
import {
  get,
  getAnswer,
  sleep,
  write,
  type CallOptions,
  type FetchLike,
  type Sleep,
  type TransportOptions,
  type WriteOptions,
} from './http.js'
import { ListResult } from './list.js'
import { ChangeFeed } from './changes.js'

export * from './errors.js'
export { ListResult } from './list.js'
export { ChangeFeed, type FollowOptions } from './changes.js'
export type { CallOptions, FetchLike, Sleep, WriteOptions } from './http.js'
export type { paths, operations, components } from './openapi-types.js'
// Each schema's type under its own name, as the generator writes it (scripts/openapi.ts: rootTypes).
export type {
  Brand,
  BrandPage,
  ReportRow,
  ReportPage,
  ReportLink,
  ReportChangesPage,
  ReportSummaryItem,
  ReportSummaryPage,
  ReportFreshness,
  ReportFreshnessPage,
  Payout,
  PayoutPage,
  PayoutLine,
  PayoutLinePage,
  Adjustment,
  AdjustmentPage,
  Link,
  LinkPage,
  CreatorProduct,
  CreatorProductPage,
  SellerReportRow,
  SellerReportPage,
  ReportCreator,
  SellerReportSummaryItem,
  SellerReportSummaryPage,
  SellerBrand,
  SellerBrandPage,
  Product,
  ProductPage,
  Commission,
  Me,
  Scope,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookEndpointPage,
  CreateWebhookEndpoint,
  UpdateWebhookEndpoint,
  WebhookEventQueued,
  WebhookDelivery,
  WebhookDeliveryPage,
  Sandbox,
  SandboxAdvance,
} from './openapi-types.js'
/** @deprecated the same as ReportRow */
export type Report = S.ReportRow
export type ErrorBody = S.Error
export type RotateWebhookSecret = S.RotateWebhookSecret

type Params<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>

export type BrandListParams = Params<'listCreatorBrands'>
export type ReportListParams = Params<'listCreatorReports'>

export interface ReportChangesParams {
  /** Where to start: a next_cursor kept from before, or a walk's changesCursor. Absent: the beginning. */
  cursor?: string
  /** 'now': begin at the present, skipping every change made so far (not with cursor). */
  from?: 'now'
  /** Items per page, 1 to 500 (default 100). */
  limit?: number
}

/**
 * The reports list of a walk: what any list gives, plus `changesCursor`, the changes feed's
 * position at the walk's first page (once that page is read): follow the feed from it after the
 * walk and nothing committed after the walk began is missed.
 */
export class ReportList extends ListResult<S.ReportPage, S.ReportRow> {
  changesCursor: string | undefined
}

/** A summary dimension of group_by. */
export type SummaryDimension =
  'day' | 'week' | 'month' | 'brand_id' | 'product_id' | 'link_id' | 'marketplace' | 'commission_status'
/** The summary's parameters; group_by as the API's comma-separated text or as a list of dimensions. */
export type ReportSummaryParams = Omit<Params<'summarizeCreatorReports'>, 'group_by'> & {
  group_by?: string | readonly SummaryDimension[]
}
export type ReportFreshnessParams = Params<'listCreatorReportFreshness'>
export type PayoutListParams = Params<'listCreatorPayouts'>
export type PayoutLineListParams = Params<'listCreatorPayoutLines'>
export type AdjustmentListParams = Params<'listCreatorAdjustments'>
export type LinkListParams = Params<'listCreatorLinks'>
export type CreatorProductListParams = Params<'listCreatorProducts'>

export type SellerReportListParams = Params<'listSellerReports'>
/** The seller summary's parameters; group_by as text or as a list of dimensions (creator_id too). */
export type SellerReportSummaryParams = Omit<Params<'summarizeSellerReports'>, 'group_by'> & {
  group_by?: string | readonly (SummaryDimension | 'creator_id')[]
}
export type SellerBrandListParams = Params<'listSellerBrands'>
export type ProductListParams = Params<'listSellerProducts'>

export type WebhookEndpointListParams = Params<'listWebhookEndpoints'>
export type WebhookDeliveryListParams = Params<'listWebhookDeliveries'>

/** The writes of client.creator.webhookEndpoints; each sends an Idempotency-Key (a new UUID unless given). */
export interface WebhookEndpoints {
  /** A new endpoint; its secret is in this answer only. */
  create(body: S.CreateWebhookEndpoint, opts?: WriteOptions): Promise<S.WebhookEndpointWithSecret>
  list(params?: WebhookEndpointListParams, opts?: CallOptions): ListResult<S.WebhookEndpointPage, S.WebhookEndpoint>
  /** One endpoint with its state; an unknown or another account's id is a NotFoundError. */
  get(id: string, opts?: CallOptions): Promise<S.WebhookEndpoint>
  update(id: string, body: S.UpdateWebhookEndpoint, opts?: WriteOptions): Promise<S.WebhookEndpoint>
  delete(id: string, opts?: WriteOptions): Promise<void>
  /** A new secret (in this answer only); the previous one signs too for overlap_seconds (default 86400). */
  rotateSecret(id: string, body?: RotateWebhookSecret, opts?: WriteOptions): Promise<S.WebhookEndpointWithSecret>
  /** Queues a webhook.test event for the endpoint. */
  test(id: string, opts?: WriteOptions): Promise<S.WebhookEventQueued>
  /** The delivery log, newest first. */
  deliveries(
    id: string,
    params?: WebhookDeliveryListParams,
    opts?: CallOptions,
  ): ListResult<S.WebhookDeliveryPage, S.WebhookDelivery>
  /** Sends an event of the delivery log again, with the same webhook-id. */
  replay(id: string, eventId: string, opts?: WriteOptions): Promise<S.WebhookEventQueued>
}

const segment = (what: string, value: unknown): string => {
  if (typeof value !== 'string' || value === '') throw new TypeError(`${what} is required`)
  return encodeURIComponent(value)
}

export interface ClientOptions {
  /** An API token: a creator token for client.creator, a seller or operator token for client.seller. */
  token: string
  /** Where the API is served, such as https://api.example.com. */
  baseUrl: string
  /** A fetch implementation; default globalThis.fetch. */
  fetch?: FetchLike
  /** Per-request timeout (each attempt), in milliseconds; default 30 000. */
  timeoutMs?: number
  /** Retries after a network error, a timeout, 429 or 503; default 2. */
  maxRetries?: number
  /** How the client waits before a retry and between follow()'s polls (tests pass their own clock); default a timer. */
  sleep?: Sleep
}

export const DEFAULT_TIMEOUT_MS = 30_000
export const DEFAULT_MAX_RETRIES = 2

function list<Page extends { next_cursor: string | null }, Item>(
  t: TransportOptions,
  path: string,
  params: Record<string, unknown>,
  itemsOf: (page: Page) => Item[],
  opts?: CallOptions,
): ListResult<Page, Item> {
  const { cursor, ...rest } = params
  return new ListResult<Page, Item>(
    (c) => get(t, path, { ...rest, cursor: c }, opts) as Promise<Page>,
    itemsOf,
    typeof cursor === 'string' ? cursor : undefined,
  )
}

/** A summary's `group_by` as the API takes it: a list is joined with commas. */
function withGroupBy<P extends { group_by?: string | readonly string[] }>(params: P) {
  const { group_by, ...rest } = params
  return { ...rest, group_by: typeof group_by === 'string' || group_by === undefined ? group_by : group_by.join(',') }
}

export class Client {
  readonly creator: {
    brands: { list(params?: BrandListParams, opts?: CallOptions): ListResult<S.BrandPage, S.Brand> }
    reports: {
      list(params: ReportListParams, opts?: CallOptions): ReportList
      changes(params?: ReportChangesParams, opts?: CallOptions): ChangeFeed<S.ReportRow>
      /** Sums of the rows /reports returns with the same filters, per group and currency. */
      summary(params: ReportSummaryParams, opts?: CallOptions): ListResult<S.ReportSummaryPage, S.ReportSummaryItem>
      /** Per brand and marketplace: through which date rows are reported, and up to which they are final. */
      freshness(
        params?: ReportFreshnessParams,
        opts?: CallOptions,
      ): ListResult<S.ReportFreshnessPage, S.ReportFreshness>
    }
    payouts: {
      /** The creator's payouts, newest first. */
      list(params?: PayoutListParams, opts?: CallOptions): ListResult<S.PayoutPage, S.Payout>
      /** What one payout covered, line by line; an unknown or another creator's id is a NotFoundError. */
      lines(
        payoutId: string,
        params?: PayoutLineListParams,
        opts?: CallOptions,
      ): ListResult<S.PayoutLinePage, S.PayoutLine>
    }
    adjustments: { list(params?: AdjustmentListParams, opts?: CallOptions): ListResult<S.AdjustmentPage, S.Adjustment> }
    webhookEndpoints: WebhookEndpoints
    /** The creator's own links, in id order. */
    links: { list(params?: LinkListParams, opts?: CallOptions): ListResult<S.LinkPage, S.Link> }
    /** A visible brand's active products, with the commission this creator would earn today. */
    products: {
      list(params: CreatorProductListParams, opts?: CallOptions): ListResult<S.CreatorProductPage, S.CreatorProduct>
    }
  }
  /** Who the token acts for: its account, the token (scopes included) and its rate limit. Any token. */
  readonly me: (opts?: CallOptions) => Promise<S.Me>
  readonly seller: {
    brands: { list(params?: SellerBrandListParams, opts?: CallOptions): ListResult<S.SellerBrandPage, S.SellerBrand> }
    products: { list(params: ProductListParams, opts?: CallOptions): ListResult<S.ProductPage, S.Product> }
    /** A granted brand's report rows of every creator, in date order. */
    reports: {
      list(params: SellerReportListParams, opts?: CallOptions): ListResult<S.SellerReportPage, S.SellerReportRow>
      /** Sums of the rows reports.list returns with the same brand and filters, per group and currency. */
      summary(
        params: SellerReportSummaryParams,
        opts?: CallOptions,
      ): ListResult<S.SellerReportSummaryPage, S.SellerReportSummaryItem>
    }
  }
  /** A test token's sandbox world (docs/testing-your-integration.md); a live token gets a PermissionError. */
  readonly sandbox: {
    /** The world: its id, its date, and what the next advance does. */
    get(opts?: CallOptions): Promise<S.Sandbox>
    /**
     * Moves the world's clock 1 to 31 days through the real ingestion and settlement; what happened, day by
     * day. Sent with an Idempotency-Key, so a retry after a network error answers as the first did.
     */
    advance(body: { days: number }, opts?: WriteOptions): Promise<S.SandboxAdvance>
  }

  constructor(options: ClientOptions) {
    if (!options || typeof options.token !== 'string' || options.token === '')
      throw new TypeError('Client: token is required')
    if (typeof options.baseUrl !== 'string' || !URL.canParse?.(options.baseUrl)) {
      // URL.canParse is Node ≥ 19.9; new URL throws the same way elsewhere
      new URL(String(options.baseUrl))
    }
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES
    if (!(timeoutMs > 0)) throw new RangeError('Client: timeoutMs must be > 0')
    if (!Number.isInteger(maxRetries) || maxRetries < 0)
      throw new RangeError('Client: maxRetries must be a whole number ≥ 0')
    const f = options.fetch ?? (globalThis.fetch as FetchLike | undefined)
    if (!f) throw new TypeError('Client: no fetch available; pass options.fetch')
    const t: TransportOptions = {
      token: options.token,
      baseUrl: options.baseUrl,
      // called unbound: some browsers refuse a fetch whose `this` is not the window
      fetch: options.fetch ? f : (input, init) => globalThis.fetch(input, init),
      timeoutMs,
      maxRetries,
      sleep: options.sleep ?? sleep,
    }
    this.creator = {
      brands: {
        list: (params = {}, opts) => list(t, '/api/creator/v1/brands', params, (p: S.BrandPage) => p.brands, opts),
      },
      reports: {
        list: (params, opts) => {
          const { cursor, ...rest } = params
          const walk: ReportList = new ReportList(
            async (c) => {
              const answer = await getAnswer(t, '/api/creator/v1/reports', { ...rest, cursor: c }, opts)
              if (c === undefined) walk.changesCursor = answer.headers.get('changes-cursor') ?? undefined
              return answer.body as S.ReportPage
            },
            (p) => p.reports,
            cursor,
          )
          return walk
        },
        changes: (params = {}, opts) => {
          const { cursor, from, ...rest } = params
          return new ChangeFeed<S.ReportRow>(
            (c, f) =>
              get(
                t,
                '/api/creator/v1/reports/changes',
                { ...rest, cursor: c, from: f },
                opts,
              ) as Promise<S.ReportChangesPage>,
            { cursor, from },
            t.sleep,
          )
        },
        summary: (params, opts) =>
          list(t, '/api/creator/v1/reports/summary', withGroupBy(params), (p: S.ReportSummaryPage) => p.summary, opts),
        freshness: (params = {}, opts) =>
          list(t, '/api/creator/v1/reports/freshness', params, (p: S.ReportFreshnessPage) => p.freshness, opts),
      },
      payouts: {
        list: (params = {}, opts) => list(t, '/api/creator/v1/payouts', params, (p: S.PayoutPage) => p.payouts, opts),
        lines: (payoutId, params = {}, opts) => {
          if (typeof payoutId !== 'string' || payoutId === '')
            throw new TypeError('payouts.lines: payoutId is required')
          const path = `/api/creator/v1/payouts/${encodeURIComponent(payoutId)}/lines`
          return list(t, path, params, (p: S.PayoutLinePage) => p.lines, opts)
        },
      },
      adjustments: {
        list: (params = {}, opts) =>
          list(t, '/api/creator/v1/adjustments', params, (p: S.AdjustmentPage) => p.adjustments, opts),
      },
      webhookEndpoints: webhookEndpoints(t),
      links: {
        list: (params = {}, opts) => list(t, '/api/creator/v1/links', params, (p: S.LinkPage) => p.links, opts),
      },
      products: {
        list: (params, opts) =>
          list(t, '/api/creator/v1/products', params, (p: S.CreatorProductPage) => p.products, opts),
      },
    }
    this.me = (opts) => get(t, '/api/v1/me', {}, opts) as Promise<S.Me>
    this.seller = {
      brands: {
        list: (params = {}, opts) => list(t, '/api/seller/v1/brands', params, (p: S.SellerBrandPage) => p.brands, opts),
      },
      products: {
        list: (params, opts) => list(t, '/api/seller/v1/products', params, (p: S.ProductPage) => p.products, opts),
      },
      reports: {
        list: (params, opts) => list(t, '/api/seller/v1/reports', params, (p: S.SellerReportPage) => p.reports, opts),
        summary: (params, opts) =>
          list(
            t,
            '/api/seller/v1/reports/summary',
            withGroupBy(params),
            (p: S.SellerReportSummaryPage) => p.summary,
            opts,
          ),
      },
    }
    this.sandbox = {
      get: (opts) => get(t, '/api/v1/sandbox', {}, opts) as Promise<S.Sandbox>,
      advance: (body, opts) => write(t, 'POST', '/api/v1/sandbox/advance', body, opts) as Promise<S.SandboxAdvance>,
    }
  }
}

function webhookEndpoints(t: TransportOptions): WebhookEndpoints {
  const base = '/api/creator/v1/webhook-endpoints'
  const one = (id: string) => `${base}/${segment('webhook endpoint id', id)}`
  return {
    create: (body, opts) => write(t, 'POST', base, body, opts) as Promise<S.WebhookEndpointWithSecret>,
    list: (params = {}, opts) => list(t, base, params, (p: S.WebhookEndpointPage) => p.webhook_endpoints, opts),
    get: (id, opts) => get(t, one(id), {}, opts) as Promise<S.WebhookEndpoint>,
    update: (id, body, opts) => write(t, 'PATCH', one(id), body, opts) as Promise<S.WebhookEndpoint>,
    delete: async (id, opts) => {
      await write(t, 'DELETE', one(id), undefined, opts)
    },
    rotateSecret: (id, body = {}, opts) =>
      write(t, 'POST', `${one(id)}/rotate-secret`, body, opts) as Promise<S.WebhookEndpointWithSecret>,
    test: (id, opts) => write(t, 'POST', `${one(id)}/test`, undefined, opts) as Promise<S.WebhookEventQueued>,
    deliveries: (id, params = {}, opts) =>
      list(t, `${one(id)}/deliveries`, params, (p: S.WebhookDeliveryPage) => p.deliveries, opts),
    replay: (id, eventId, opts) =>
      write(
        t,
        'POST',
        `${one(id)}/deliveries/${segment('event id', eventId)}/replay`,
        undefined,
        opts,
      ) as Promise<S.WebhookEventQueued>,
  }
}
