// Rows to CSV or NDJSON text. CSV has a fixed header per kind (so that every page of one export
// has the same columns), nested objects flattened with a prefix (link.id → link_id) and fields
// quoted as RFC 4180 says; lines end with \n.
import type { Payout, Product, Report, SellerReportRow } from '../client/index.js'

export type ExportFormat = 'csv' | 'ndjson'
type Cell = string | number | boolean | null | undefined

export const REPORT_COLUMNS: [string, (r: Report) => Cell][] = [
  ['date', (r) => r.date],
  ['brand_id', (r) => r.brand_id],
  ['product_id', (r) => r.product_id],
  ['asin', (r) => r.asin],
  ['marketplace', (r) => r.marketplace],
  ['currency', (r) => r.currency],
  ['sales_cents', (r) => r.sales_cents],
  ['commission_cents', (r) => r.commission_cents],
  ['commission_status', (r) => r.commission_status],
  ['orders', (r) => r.orders],
  ['units_sold', (r) => r.units_sold],
  ['clicks', (r) => r.clicks],
  ['detail_page_views', (r) => r.detail_page_views],
  ['add_to_carts', (r) => r.add_to_carts],
  ['link_id', (r) => r.link.id],
  ['link_tracking_id', (r) => r.link.tracking_id],
  ['link_short_url', (r) => r.link.short_url],
  ['link_destination_url', (r) => r.link.destination_url],
]

// A seller's row: the creator by id and name, the link by id only (no tracking id or URLs).
export const SELLER_REPORT_COLUMNS: [string, (r: SellerReportRow) => Cell][] = [
  ['date', (r) => r.date],
  ['brand_id', (r) => r.brand_id],
  ['product_id', (r) => r.product_id],
  ['asin', (r) => r.asin],
  ['marketplace', (r) => r.marketplace],
  ['currency', (r) => r.currency],
  ['creator_id', (r) => r.creator.id],
  ['creator_name', (r) => r.creator.name],
  ['link_id', (r) => r.link_id],
  ['sales_cents', (r) => r.sales_cents],
  ['commission_cents', (r) => r.commission_cents],
  ['commission_status', (r) => r.commission_status],
  ['orders', (r) => r.orders],
  ['units_sold', (r) => r.units_sold],
  ['clicks', (r) => r.clicks],
  ['detail_page_views', (r) => r.detail_page_views],
  ['add_to_carts', (r) => r.add_to_carts],
]

export const PRODUCT_COLUMNS: [string, (p: Product) => Cell][] = [
  ['id', (p) => p.id],
  ['brand_id', (p) => p.brand_id],
  ['asin', (p) => p.asin],
  ['title', (p) => p.title],
  ['status', (p) => p.status],
  ['commission_type', (p) => p.commission?.type],
  ['commission_rate', (p) => p.commission?.rate],
  ['commission_rate_bps', (p) => p.commission?.rate_bps],
  ['commission_flat_cents', (p) => p.commission?.flat_cents],
  ['commission_currency_code', (p) => p.commission?.currency_code],
  ['image_url', (p) => p.image_url],
  ['detail_page_url', (p) => p.detail_page_url],
  ['marketplace_id', (p) => p.marketplace_id],
  ['country_code', (p) => p.country_code],
  ['price_cents', (p) => p.price_cents],
  ['currency', (p) => p.currency],
]

export const PAYOUT_COLUMNS: [string, (p: Payout) => Cell][] = [
  ['id', (p) => p.id],
  ['currency', (p) => p.currency],
  ['amount_cents', (p) => p.amount_cents],
  ['commission_cents', (p) => p.commission_cents],
  ['adjustment_cents', (p) => p.adjustment_cents],
  ['line_count', (p) => p.line_count],
  ['through', (p) => p.through],
  ['created_at', (p) => p.created_at],
  ['source', (p) => p.source],
]

/** One CSV field: quoted when it holds a quote, comma, CR or LF, or starts or ends with a space. */
export function csvField(value: Cell): string {
  if (value === null || value === undefined) return ''
  const text = String(value)
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvHeader = <T>(columns: [string, (row: T) => Cell][]) =>
  columns.map(([name]) => csvField(name)).join(',') + '\n'

export function serialize<T>(rows: T[], format: ExportFormat, columns: [string, (row: T) => Cell][]): string {
  let out = ''
  if (format === 'ndjson') {
    for (const row of rows) out += JSON.stringify(row) + '\n'
  } else {
    for (const row of rows) out += columns.map(([, get]) => csvField(get(row))).join(',') + '\n'
  }
  return out
}
