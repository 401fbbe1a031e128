// Rows to CSV or NDJSON text. CSV has a fixed header per kind (so that every page of one export
// has the same columns), nested objects flattened with a prefix (link.id → link_id) and fields
// quoted as RFC 4180 says; lines end with \n.
import type { Payout, Product, Report, SellerReportRow } from '../client/index.js'

export type ExportFormat = 'csv' | 'ndjson'
type Cell = string | number | boolean | null | undefined

type Column<T> = [string, (row: T) => Cell]

/** Columns that are the row's own fields, under the field's name. */
const fields = <T>(...names: (keyof T & string)[]): Column<T>[] =>
  names.map((name) => [name, (row) => row[name] as Cell])

// What the creator's and the seller's rows share: where and what a row is, and its figures.
type RowFields = keyof Report & keyof SellerReportRow
const ROW_HEAD: RowFields[] = ['date', 'brand_id', 'product_id', 'asin', 'marketplace', 'currency']
const ROW_FIGURES: RowFields[] = [
  'sales_cents',
  'commission_cents',
  'commission_status',
  'orders',
  'units_sold',
  'clicks',
  'detail_page_views',
  'add_to_carts',
]

export const REPORT_COLUMNS: Column<Report>[] = [
  ...fields<Report>(...ROW_HEAD, ...ROW_FIGURES),
  ['link_id', (r) => r.link.id],
  ['link_tracking_id', (r) => r.link.tracking_id],
  ['link_short_url', (r) => r.link.short_url],
  ['link_destination_url', (r) => r.link.destination_url],
]

// A seller's row: the creator by id and name, the link by id only (no tracking id or URLs).
export const SELLER_REPORT_COLUMNS: Column<SellerReportRow>[] = [
  ...fields<SellerReportRow>(...ROW_HEAD),
  ['creator_id', (r) => r.creator.id],
  ['creator_name', (r) => r.creator.name],
  ...fields<SellerReportRow>('link_id', ...ROW_FIGURES),
]

export const PRODUCT_COLUMNS: Column<Product>[] = [
  ...fields<Product>('id', 'brand_id', 'asin', 'title', 'status'),
  ['commission_type', (p) => p.commission?.type],
  ['commission_rate', (p) => p.commission?.rate],
  ['commission_rate_bps', (p) => p.commission?.rate_bps],
  ['commission_flat_cents', (p) => p.commission?.flat_cents],
  ['commission_currency_code', (p) => p.commission?.currency_code],
  ...fields<Product>('image_url', 'detail_page_url', 'marketplace_id', 'country_code', 'price_cents', 'currency'),
]

export const PAYOUT_COLUMNS: Column<Payout>[] = fields<Payout>(
  'id',
  'currency',
  'amount_cents',
  'commission_cents',
  'adjustment_cents',
  'line_count',
  'through',
  'created_at',
  'source',
)

/** One CSV field: quoted when it holds a quote, comma, CR or LF, or starts or ends with a space. */
export function csvField(value: Cell): string {
  if (value === null || value === undefined) return ''
  const text = String(value)
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvHeader = <T>(columns: Column<T>[]) => columns.map(([name]) => csvField(name)).join(',') + '\n'

export function serialize<T>(rows: T[], format: ExportFormat, columns: Column<T>[]): string {
  let out = ''
  if (format === 'ndjson') {
    for (const row of rows) out += JSON.stringify(row) + '\n'
  } else {
    for (const row of rows) out += columns.map(([, get]) => csvField(get(row))).join(',') + '\n'
  }
  return out
}
