// Report rows: for every day of the window and every live link, a row for the linked product,
// sometimes one in a second marketplace, sometimes a brand-halo row for another product.
// Rows keep the invariants the API relies on: clicks ≥ detail_page_views ≥ add_to_carts ≥
// orders, units_sold ≥ orders, sales_cents = units_sold × price, commission by the product's terms.

import type { LinkIn, ProductIn, ReportRowIn } from '../dataset/types.js'
import type { CommissionStatus } from '../domain/statuses.js'
import { computeCommission } from '../domain/commission.js'
import { DEMO_PENDING_MAX_AGE, isWeekend } from './calendar.js'
import type { LinkPlan } from './links.js'
import type { Rng } from './rng.js'
import { market } from './markets.js'

/** One link's traffic on one day, before it is split into rows. */
interface LinkDay {
  date: string
  age: number
  link: LinkIn
  clicks: number
}

export function makeReportRows(rng: Rng, days: readonly string[], plans: readonly LinkPlan[]): ReportRowIn[] {
  const rows: ReportRowIn[] = []
  const promoDay = rng.int(20, 70) // a two-day sale event lifts everybody
  days.forEach((date, d) => {
    const seasonal = (isWeekend(date) ? 1.2 : 1) * (d === promoDay || d === promoDay + 1 ? 2.4 : 1)
    for (const plan of plans) {
      if (d > plan.lastDay) continue
      // The first showcase link is live on the first and last day, so the window is always full.
      const forced = plan === plans[0] && (d === 0 || d === days.length - 1)
      if (!forced && !rng.chance(plan.activity)) continue
      const clicks = plan.dailyClicks * seasonal * (1 + plan.trend * d)
      rows.push(...linkDayRows(rng, plan, { date, age: days.length - d, link: plan.link, clicks }))
    }
  })
  return rows
}

function linkDayRows(rng: Rng, plan: LinkPlan, day: LinkDay): ReportRowIn[] {
  const { product, haloPool } = plan
  if (product === null) {
    // Storefront link: every row is for one of the brand's products.
    const k = Math.min(haloPool.length, rng.int(1, 3))
    const picked = new Set<ProductIn>()
    while (picked.size < k) picked.add(rng.pick(haloPool))
    return [...picked].map((p) => makeRow(rng, day, p, p.country_code as string, day.clicks / k, false))
  }
  const rows = [makeRow(rng, day, product, product.country_code as string, day.clicks, false)]
  if (plan.secondMarket !== null && rng.chance(0.3)) {
    rows.push(makeRow(rng, day, product, plan.secondMarket, day.clicks * 0.35, false))
  }
  if (haloPool.length > 0 && rng.chance(0.15)) {
    const other = rng.pick(haloPool)
    rows.push(makeRow(rng, day, other, other.country_code as string, day.clicks, true))
  }
  return rows
}

function makeRow(
  rng: Rng,
  day: LinkDay,
  product: ProductIn,
  marketCode: string,
  clicksBase: number,
  halo: boolean,
): ReportRowIn {
  const funnel = halo ? haloFunnel(rng) : linkFunnel(rng, clicksBase)
  const status = commissionStatus(rng, day.age)
  // A reversed row lost its orders: no units, no sales, no commission.
  const orders = status === 'reversed' ? 0 : funnel.orders
  let units = 0
  for (let o = 0; o < orders; o++) units += rng.chance(0.15) ? 2 : 1
  const sales = units * (product.price_cents as number)
  const currency = market(marketCode).currency
  const commission = computeCommission(product.commission, {
    sales_cents: BigInt(sales),
    units_sold: BigInt(units),
    currency,
  })
  return {
    date: day.date,
    link_id: day.link.id,
    product_id: product.id,
    marketplace: marketCode,
    currency,
    sales_cents: sales,
    commission_cents: Number(commission),
    commission_status: status,
    orders,
    units_sold: units,
    clicks: funnel.clicks,
    detail_page_views: funnel.dpv,
    add_to_carts: funnel.atc,
  }
}

interface Funnel {
  clicks: number
  dpv: number
  atc: number
  orders: number
}

/** Clicks around `clicksBase`, each later step a share of the one before. */
function linkFunnel(rng: Rng, clicksBase: number): Funnel {
  const clicks = Math.max(1, Math.round(clicksBase * rng.range(0.5, 1.5)))
  const dpv = Math.round(clicks * rng.range(0.4, 0.75))
  const atc = Math.round(dpv * rng.range(0.05, 0.25))
  const orders = Math.round(atc * rng.range(0.3, 0.85))
  return { clicks, dpv, atc, orders }
}

/** Brand halo: the shopper clicked the link but bought something else of the brand. */
function haloFunnel(rng: Rng): Funnel {
  const orders = rng.int(1, 2)
  const atc = orders + rng.int(0, 2)
  const dpv = atc + rng.int(0, 4)
  const clicks = dpv + rng.int(0, 3)
  return { clicks, dpv, atc, orders }
}

/**
 * By age: pending inside the restatement window, approved after it; a few reversed. None is paid:
 * a row is paid only by a payout, and the demo pays through `csapi commissions pay` (run.ts).
 */
function commissionStatus(rng: Rng, age: number): CommissionStatus {
  if (rng.chance(0.03)) return 'reversed'
  return age <= DEMO_PENDING_MAX_AGE ? 'pending' : 'approved'
}
