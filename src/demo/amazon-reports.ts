// `csapi demo --amazon-reports DIR`: writes Amazon Attribution report files for the demo's
// links, in Amazon's own formats, so that a new user can try `csapi ingest amazon-attribution`:
//   attribution-products-<from>-<to>.json     PRODUCTS rows as API pages ({"reports": [...], "cursorId"})
//   attribution-performance-<from>-<to>.csv   PERFORMANCE rows (clicks per ad group and day)
//   attribution-products-restated-<day>.ndjson Amazon's restatement of earlier days, one row per line
// The rows follow the demo dataset's own report rows of the last days, so ingesting them
// updates pending rows; the restatement lowers some orders (returns), which reverses pending
// rows that fall to zero and records adjustments for approved ones.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Dataset, ReportRowIn } from '../dataset/types.js'
import { addDays } from '../domain/dates.js'
import { currencyFractionDigits } from '../domain/money.js'
import { marketplaceByCode } from '../domain/marketplaces.js'

export interface AmazonReportsOptions {
  /** YYYY-MM-DD; reports cover the days before it. */
  today: string
  /** Days of PRODUCTS and PERFORMANCE rows, ending yesterday. */
  days?: number
}

export interface AmazonReportsWritten {
  files: string[]
  productRows: number
  performanceRows: number
  restatedRows: number
}

const PAGE = 100

const compact = (date: string) => date.replaceAll('-', '')
const dayBefore = (today: string, n: number) => addDays(today, -n)

/** Money as Amazon sends it: a float's text, noise included ("191.95999999999998"). */
function amazonMoney(units: number, salesCents: number, currency: string): string {
  if (units === 0) return '0.0'
  const unit = salesCents / units / 10 ** currencyFractionDigits(currency)
  return String(units * unit)
}

export function writeAmazonReports(ds: Dataset, dir: string, opts: AmazonReportsOptions): AmazonReportsWritten {
  const days = opts.days ?? 14
  const from = dayBefore(opts.today, days)
  const to = dayBefore(opts.today, 1)
  const links = new Map(ds.links.map((l) => [l.id, l]))
  const products = new Map(ds.products.map((p) => [p.id, p]))
  const brands = new Map(ds.brands.map((b) => [b.id, b]))

  // Rows Amazon can report: the link has an Amazon Attribution ad group.
  const reportable = (r: ReportRowIn) => links.get(r.link_id)?.amazon_ad_group_id != null

  const productRow = (r: ReportRowIn, units = r.units_sold, orders = r.orders) => {
    const link = links.get(r.link_id)!
    const product = products.get(r.product_id)!
    const brand = brands.get(product.brand_id)!
    const halo = link.product_id !== r.product_id
    const sales = amazonMoney(
      units,
      units === r.units_sold ? r.sales_cents : Math.round((r.sales_cents / Math.max(r.units_sold, 1)) * units),
      r.currency,
    )
    const metrics = halo
      ? {
          brandHaloDetailPageViewsClicks14d: String(r.detail_page_views),
          brandHaloAttributedAddToCartClicks14d: String(r.add_to_carts),
          brandHaloAttributedPurchases14d: String(orders),
          brandHaloUnitsSold14d: String(units),
          brandHaloAttributedSales14d: sales,
        }
      : {
          attributedDetailPageViewsClicks14d: String(r.detail_page_views),
          attributedAddToCartClicks14d: String(r.add_to_carts),
          attributedPurchases14d: String(orders),
          unitsSold14d: String(units),
          attributedSales14d: sales,
        }
    return {
      date: compact(r.date),
      advertiserName: brand.name,
      campaignId: campaignId(brand.id),
      adGroupId: link.amazon_ad_group_id!,
      productAsin: product.asin,
      productName: product.title,
      brandName: brand.name,
      marketplace: marketplaceByCode(r.marketplace)!.domain.toUpperCase(), // AMAZON.COM, AMAZON.CO.UK
      productConversionType: halo ? 'Brand Halo' : 'Promoted',
      ...metrics,
    }
  }

  mkdirSync(dir, { recursive: true })
  const files: string[] = []
  const recent = ds.report_rows.filter((r) => r.date >= from && r.date <= to && reportable(r))
  const withSales = recent.filter((r) => r.orders > 0 || r.commission_status !== 'reversed')

  // PRODUCTS: API pages, one per line.
  const pages: string[] = []
  for (let i = 0; i < withSales.length; i += PAGE) {
    const reports = withSales.slice(i, i + PAGE).map((r) => productRow(r))
    const next = i + PAGE < withSales.length ? Buffer.from(`page-${i / PAGE + 1}`).toString('base64') : null
    pages.push(JSON.stringify({ reports, size: reports.length, cursorId: next }))
  }
  const productsFile = join(dir, `attribution-products-${compact(from)}-${compact(to)}.json`)
  writeFileSync(productsFile, pages.join('\n') + '\n')
  files.push(productsFile)

  // PERFORMANCE: clicks per ad group and day, for links to a product.
  const clicks = new Map<string, { date: string; adGroupId: string; campaignId: string; clicks: number }>()
  for (const r of recent) {
    const link = links.get(r.link_id)!
    if (link.product_id === null) continue
    const key = `${r.date}|${link.id}`
    const c = clicks.get(key) ?? {
      date: compact(r.date),
      adGroupId: link.amazon_ad_group_id!,
      campaignId: campaignId(link.brand_id),
      clicks: 0,
    }
    c.clicks += r.clicks
    clicks.set(key, c)
  }
  const perfFile = join(dir, `attribution-performance-${compact(from)}-${compact(to)}.csv`)
  writeFileSync(
    perfFile,
    [
      'date,campaignId,adGroupId,Click-throughs',
      ...[...clicks.values()].map((c) => `${c.date},${c.campaignId},${c.adGroupId},${c.clicks}`),
    ].join('\n') + '\n',
  )
  files.push(perfFile)

  // Restatement: Amazon re-sends whole (day, ad group) reports for some earlier days, with
  // returns taken off in every third link-day (rows at zero are no longer listed).
  const pendingDays = new Set([9, 10].map((n) => dayBefore(opts.today, n)))
  const restatedDays = new Set([30, 31, 32, ...[9, 10]].map((n) => dayBefore(opts.today, n)))
  const byLinkDay = new Map<string, ReportRowIn[]>()
  for (const r of ds.report_rows) {
    if (!restatedDays.has(r.date) || !reportable(r)) continue
    const key = `${r.date}|${r.link_id}`
    byLinkDay.set(key, [...(byLinkDay.get(key) ?? []), r])
  }
  const restated: string[] = []
  let k = 0
  for (const rows of byLinkDay.values()) {
    const lower = k++ % 3 === 0
    const first = rows.findIndex((r) => r.units_sold > 0)
    rows.forEach((r, i) => {
      if (lower && i === first) {
        // Recent days (still pending): the whole order came back; older days lose one unit.
        const units = pendingDays.has(r.date) ? 0 : r.units_sold - 1
        const orders = Math.min(r.orders, units)
        if (units > 0) restated.push(JSON.stringify(productRow(r, units, orders)))
      } else restated.push(JSON.stringify(productRow(r)))
    })
  }
  const restatedFile = join(dir, `attribution-products-restated-${compact(opts.today)}.ndjson`)
  writeFileSync(restatedFile, restated.join('\n') + (restated.length ? '\n' : ''))
  files.push(restatedFile)

  return { files, productRows: withSales.length, performanceRows: clicks.size, restatedRows: restated.length }
}

/** A stable, Amazon-looking campaign id per brand. */
function campaignId(brandId: string): string {
  let h = 0
  for (const ch of brandId) h = (h * 31 + ch.charCodeAt(0)) >>> 0
  return String(300000000000000 + h)
}
