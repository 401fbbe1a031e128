// A sandbox world's platform and traffic, as pure functions of its seed: the demo generator's
// accounts, brands, products, partnerships and links (one creator, one seller), and for every day
// the Amazon Attribution rows its links earn, first as reported and then as Amazon restates them.
// Each (day, link) draws from a generator seeded by (seed, day, link, what), never from a shared
// stream, so the same seed gives the same rows whatever the order and size of the advances.
import type { Dataset } from '../dataset/types.js'
import { generateDemoWorld, Rng, type LinkPlan, type SizeConfig } from '../demo/generate.js'
import { addDays, daysBetween } from '../domain/dates.js'
import { currencyFractionDigits } from '../domain/money.js'
import { marketplaceByCode } from '../domain/marketplaces.js'

/** One world's size: the demo's showcase creator with its 12 links, its seller, 12 brands. */
export const WORLD_SIZE: SizeConfig = {
  creators: 1,
  sellers: 1,
  operators: 0,
  brands: 12,
  avgProductsPerBrand: 5,
  links: 12,
  showcaseLinks: 12,
  showcaseExtraPartnerships: 0,
}
/** Days of report history a new world has. */
export const HISTORY_DAYS = 90
/** The ages (world date − report day) at which Amazon restates a day: 1, 7 and 28 days after the first report. */
export const RESTATED_AT = [2, 8, 29] as const

/** What a link earns from, with the ids the world gave it. */
export interface WorldLink {
  index: number
  adGroupId: string
  /** The linked product; null for a storefront link. */
  product: Sold | null
  /** The brand's other products: brand-halo sales (all sales of a storefront link). */
  haloPool: Sold[]
  secondMarket: string | null
  activity: number
  dailyClicks: number
  trend: number
  /** The last day it earns (a suspended partnership), or null. */
  lastDay: string | null
}

interface Sold {
  asin: string
  marketplace: string
  priceCents: number
}

export interface World {
  dataset: Dataset
  creatorId: string
  sellerId: string
  links: WorldLink[]
}

/** The world's platform, every id carrying `tag` (the world id's hex) so that worlds never collide. */
export function makeWorld(seed: number, tag: string, origin: string): World {
  const demo = generateDemoWorld(new Rng(seed), WORLD_SIZE)
  const id = (raw: string) => raw.replace(/^([a-z]+)_/, `$1_${tag}_`)
  const sold = (p: { asin: string; country_code: string | null; price_cents: number | null }): Sold => ({
    asin: p.asin,
    marketplace: p.country_code ?? 'US',
    priceCents: p.price_cents ?? 0,
  })
  const links = demo.plans.map((plan: LinkPlan, index): WorldLink => {
    const adGroupId = `sbx${tag}-${String(index + 1).padStart(3, '0')}`
    return {
      index,
      adGroupId,
      product: plan.product ? sold(plan.product) : null,
      haloPool: plan.haloPool.filter((p) => p.price_cents !== null && p.country_code !== null).map(sold),
      secondMarket: plan.secondMarket,
      activity: plan.activity,
      dailyClicks: plan.dailyClicks,
      trend: plan.trend,
      lastDay: plan.lastDay < HISTORY_DAYS - 1 ? addDays(origin, plan.lastDay) : null,
    }
  })
  const dataset: Dataset = {
    accounts: demo.people.accounts.map((a) => ({ ...a, id: id(a.id) })),
    api_tokens: [],
    brands: demo.brands.map((b) => ({ ...b.brand, id: id(b.brand.id) })),
    brand_access: demo.people.brandAccess.map((g) => ({ account_id: id(g.account_id), brand_id: id(g.brand_id) })),
    products: demo.brands.flatMap((b) => b.products.map((p) => ({ ...p, id: id(p.id), brand_id: id(p.brand_id) }))),
    partnerships: demo.partnerships.partnerships.map((p) => ({
      ...p,
      creator_id: id(p.creator_id),
      brand_id: id(p.brand_id),
    })),
    links: demo.plans.map((p, i) => ({
      ...p.link,
      id: id(p.link.id),
      creator_id: id(p.link.creator_id),
      brand_id: id(p.link.brand_id),
      product_id: p.link.product_id === null ? null : id(p.link.product_id),
      amazon_ad_group_id: links[i]!.adGroupId,
    })),
    commission_terms: [],
    report_rows: [],
  }
  return {
    dataset,
    creatorId: id(demo.people.creators[0]!),
    sellerId: id(demo.people.sellers[0]!),
    links,
  }
}

/** One PRODUCTS row of a link-day, before it becomes Amazon's record. */
export interface Sale {
  asin: string
  marketplace: string
  halo: boolean
  dpv: number
  atc: number
  orders: number
  units: number
  salesCents: number
}

/** A (day, link) of traffic: its clicks (PERFORMANCE) and sales (PRODUCTS), as first reported. */
export interface LinkDay {
  link: WorldLink
  day: string
  clicks: number
  sales: Sale[]
}

/** A generator for one purpose of one (day, link): FNV-1a of the key seeds mulberry32. */
function rngFor(seed: number, ...key: (string | number)[]): Rng {
  let h = 0x811c9dc5
  for (const ch of `${seed}|${key.join('|')}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0
  return new Rng(h)
}

const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay())

/** What a link earns on a day, as Amazon first reports it; null when it has no traffic that day. */
export function linkDay(seed: number, origin: string, link: WorldLink, day: string): LinkDay | null {
  if (link.lastDay !== null && day > link.lastDay) return null
  const rng = rngFor(seed, day, link.index, 'day')
  if (!rng.chance(link.activity)) return null
  const d = daysBetween(origin, day)
  const clicksBase = Math.max(1, link.dailyClicks * (isWeekend(day) ? 1.2 : 1) * Math.max(0.3, 1 + link.trend * d))
  const sales: Sale[] = []
  const funnel = (p: Sold, marketplace: string, base: number, halo: boolean) => {
    const clicks = Math.max(1, Math.round(base * rng.range(0.5, 1.5)))
    const dpv = halo ? rng.int(1, 5) : Math.round(clicks * rng.range(0.4, 0.75))
    const atc = halo ? rng.int(1, dpv) : Math.round(dpv * rng.range(0.05, 0.25))
    const orders = halo ? rng.int(1, Math.min(2, atc)) : Math.round(atc * rng.range(0.3, 0.85))
    let units = 0
    for (let o = 0; o < orders; o++) units += rng.chance(0.15) ? 2 : 1
    sales.push({ asin: p.asin, marketplace, halo, dpv, atc, orders, units, salesCents: units * p.priceCents })
  }
  if (link.product === null) {
    // a storefront link: every sale is another product of the brand
    const k = Math.min(link.haloPool.length, rng.int(1, 3))
    const picked = new Set<Sold>()
    while (picked.size < k) picked.add(rng.pick(link.haloPool))
    for (const p of picked) funnel(p, p.marketplace, clicksBase / k, true)
  } else {
    funnel(link.product, link.product.marketplace, clicksBase, false)
    if (link.secondMarket !== null && rng.chance(0.3)) funnel(link.product, link.secondMarket, clicksBase * 0.35, false)
    if (link.haloPool.length > 0 && rng.chance(0.15)) {
      const other = rng.pick(link.haloPool)
      funnel(other, other.marketplace, clicksBase, true)
    }
  }
  // one sale per (asin, marketplace, kind): Amazon's row key
  const seen = new Set<string>()
  const unique = sales.filter((s) => {
    const k = `${s.asin}|${s.marketplace}|${s.halo}`
    return seen.has(k) ? false : (seen.add(k), true)
  })
  return { link, day, clicks: Math.max(1, Math.round(clicksBase)), sales: unique }
}

/**
 * Whether Amazon restates the link-day at `age`, and the sales as restated then: a share of the
 * link-days, each sale one unit up (a late order), one down (a return), or, before approval, all
 * returned (its row is reversed). Restatements build on each other: age 8 on age 2's figures.
 */
function restate(seed: number, ld: LinkDay, sales: Sale[], age: number): Sale[] | null {
  const rng = rngFor(seed, ld.day, ld.link.index, 'restate', age)
  if (!rng.chance(0.35)) return null
  return sales.map((s) => {
    const r = rng.float()
    const unit = s.units > 0 ? s.salesCents / s.units : 0
    if (age < 29 && r < 0.12 && s.units > 0) return { ...s, orders: 0, units: 0, salesCents: 0 }
    if (r < 0.45 && s.units > 0) {
      const units = s.units - 1
      return { ...s, units, orders: Math.min(s.orders, units), salesCents: unit * units }
    }
    if (r < 0.65 && s.units > 0)
      return { ...s, units: s.units + 1, orders: s.orders + 1, salesCents: unit * (s.units + 1) }
    return s
  })
}

/** The link-day's sales as they stand at `age`, and whether Amazon restated them exactly at `age`. */
export function salesAt(seed: number, ld: LinkDay, age: number): { sales: Sale[]; restatedNow: boolean } {
  let sales = ld.sales
  let restatedNow = false
  for (const at of RESTATED_AT) {
    if (at > age) break
    const next = restate(seed, ld, sales, at)
    if (next) sales = next
    if (at === age) restatedNow = next !== null
  }
  return { sales, restatedNow }
}

const compact = (day: string) => day.replaceAll('-', '')

/** Amazon's PRODUCTS record of a sale (the fields ingestion reads). */
export function productsRecord(ld: LinkDay, s: Sale): Record<string, string> {
  const market = marketplaceByCode(s.marketplace)!
  const digits = currencyFractionDigits(market.currency)
  const money = (s.salesCents / 10 ** digits).toFixed(digits)
  const metrics: Record<string, string> = s.halo
    ? {
        brandHaloDetailPageViewsClicks14d: String(s.dpv),
        brandHaloAttributedAddToCartClicks14d: String(s.atc),
        brandHaloAttributedPurchases14d: String(s.orders),
        brandHaloUnitsSold14d: String(s.units),
        brandHaloAttributedSales14d: money,
      }
    : {
        attributedDetailPageViewsClicks14d: String(s.dpv),
        attributedAddToCartClicks14d: String(s.atc),
        attributedPurchases14d: String(s.orders),
        unitsSold14d: String(s.units),
        attributedSales14d: money,
      }
  return {
    date: compact(ld.day),
    adGroupId: ld.link.adGroupId,
    productAsin: s.asin,
    marketplace: market.domain.toUpperCase(),
    productConversionType: s.halo ? 'Brand Halo' : 'Promoted',
    ...metrics,
  }
}

/** Amazon's PERFORMANCE record of the link-day's clicks (links to a product only). */
export function performanceRecord(ld: LinkDay): Record<string, string>[] {
  if (ld.link.product === null) return []
  return [{ date: compact(ld.day), adGroupId: ld.link.adGroupId, 'Click-throughs': String(ld.clicks) }]
}
