// The typed client of the Creator and Seller Public API: `import { Client } from 'csapi/client'`.
// No runtime dependencies: fetch, AbortController and URL only (Node ≥ 20, browsers).
import type { operations } from './openapi-types.js'
import { get, type CallOptions, type FetchLike, type TransportOptions } from './http.js'
import { ListResult } from './list.js'

export * from './errors.js'
export { ListResult } from './list.js'
export type { CallOptions, FetchLike } from './http.js'
export type { paths, operations, components } from './openapi-types.js'

type Ok<Op extends keyof operations> = operations[Op]['responses'][200]['content']['application/json']
// `limit` has a default, so callers may leave it out (the document lists it as required).
type Params<Op extends keyof operations> = Omit<operations[Op]['parameters']['query'], 'limit'> & { limit?: number }

export type BrandListParams = Params<'listCreatorBrands'>
export type BrandPage = Ok<'listCreatorBrands'>
export type Brand = BrandPage['brands'][number]

export type ReportListParams = Params<'listCreatorReports'>
export type ReportPage = Ok<'listCreatorReports'>
export type Report = ReportPage['reports'][number]

export type ProductListParams = Params<'listSellerProducts'>
export type ProductPage = Ok<'listSellerProducts'>
export type Product = ProductPage['products'][number]

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

export class Client {
  readonly creator: {
    brands: { list(params?: BrandListParams, opts?: CallOptions): ListResult<BrandPage, Brand> }
    reports: { list(params: ReportListParams, opts?: CallOptions): ListResult<ReportPage, Report> }
  }
  readonly seller: {
    products: { list(params: ProductListParams, opts?: CallOptions): ListResult<ProductPage, Product> }
  }

  constructor(options: ClientOptions) {
    if (!options || typeof options.token !== 'string' || options.token === '') throw new TypeError('Client: token is required')
    if (typeof options.baseUrl !== 'string' || !URL.canParse?.(options.baseUrl)) {
      // URL.canParse is Node ≥ 19.9; new URL throws the same way elsewhere
      new URL(String(options.baseUrl))
    }
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES
    if (!(timeoutMs > 0)) throw new RangeError('Client: timeoutMs must be > 0')
    if (!Number.isInteger(maxRetries) || maxRetries < 0) throw new RangeError('Client: maxRetries must be a whole number ≥ 0')
    const f = options.fetch ?? (globalThis.fetch as FetchLike | undefined)
    if (!f) throw new TypeError('Client: no fetch available; pass options.fetch')
    const t: TransportOptions = {
      token: options.token,
      baseUrl: options.baseUrl,
      // called unbound: some browsers refuse a fetch whose `this` is not the window
      fetch: options.fetch ? f : (input, init) => globalThis.fetch(input, init),
      timeoutMs,
      maxRetries,
    }
    this.creator = {
      brands: { list: (params = {}, opts) => list(t, '/api/creator/v1/brands', params, (p: BrandPage) => p.brands, opts) },
      reports: { list: (params, opts) => list(t, '/api/creator/v1/reports', params, (p: ReportPage) => p.reports, opts) },
    }
    this.seller = {
      products: { list: (params, opts) => list(t, '/api/seller/v1/products', params, (p: ProductPage) => p.products, opts) },
    }
  }
}
