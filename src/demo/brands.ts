// Brands and their products: the curated brands first, then drawn ones up to the size's count.

import type { BrandIn, CommissionIn, ProductIn } from '../dataset/types.js'
import type { BrandStatus, ProductStatus } from '../domain/statuses.js'
import type { Marketplace } from '../domain/marketplaces.js'
import {
  BRAND_PREFIXES,
  BRAND_RATES_BPS,
  CATEGORIES,
  CATEGORY_BY_KEY,
  REGION_SETS,
  VARIANTS,
  type BrandSpec,
  type Category,
  type Item,
} from './catalogue.js'
import { CURATED_BRANDS, type CuratedBrand, type CuratedBrandKey } from './showcase.js'
import type { SizeConfig } from './sizes.js'
import type { Rng } from './rng.js'
import { pad, slug, uniqueKey } from './keys.js'
import { market, priceCents } from './markets.js'

/** A curated brand's spec carries its key and forced first products; a drawn one has neither. */
type AnySpec = BrandSpec & Partial<Pick<CuratedBrand, 'key' | 'firstProducts'>>

export interface BrandInfo {
  brand: BrandIn
  spec: AnySpec
  products: ProductIn[]
}

export function makeBrands(rng: Rng, size: SizeConfig): BrandInfo[] {
  const usedIds = new Set<string>()
  const usedAsins = new Set<string>()
  return brandSpecs(rng, size.brands).map((spec) => {
    const info = makeBrand(rng, spec, usedIds)
    info.products = makeProducts(rng, info, productCount(rng, spec, size), usedAsins)
    return info
  })
}

/** A curated brand, or undefined when the size has fewer brands than the showcase. */
export function curatedBrand(brands: readonly BrandInfo[], key: CuratedBrandKey): BrandInfo | undefined {
  return brands.find((b) => b.spec.key === key)
}

/** The brands drawn after the curated ones. */
export function generatedBrands(brands: readonly BrandInfo[]): BrandInfo[] {
  return brands.slice(CURATED_BRANDS.length)
}

function brandSpecs(rng: Rng, count: number): AnySpec[] {
  const specs: AnySpec[] = CURATED_BRANDS.slice(0, count)
  const usedNames = new Set(specs.map((b) => b.name))
  while (specs.length < count) specs.push(drawBrandSpec(rng, usedNames))
  return specs
}

function drawBrandSpec(rng: Rng, usedNames: Set<string>): BrandSpec {
  const category = rng.pick(CATEGORIES)
  const name = drawBrandName(rng, category, usedNames)
  const status = rng.weighted<BrandStatus>(['active', 'inactive', 'archived'], [80, 12, 8])
  return {
    name,
    category: category.key,
    status,
    discoverable: !rng.chance(0.12),
    adsConnected: !rng.chance(0.1),
    regions: rng.pick(REGION_SETS),
    rateBps: rng.pick(BRAND_RATES_BPS),
  }
}

/** "Cedar Ridge Outdoor": a few tries for a new name, then a number makes it unique. */
function drawBrandName(rng: Rng, category: Category, usedNames: Set<string>): string {
  let name = `${rng.pick(BRAND_PREFIXES)} ${rng.pick(category.suffixes)}`
  for (let attempt = 0; usedNames.has(name) && attempt < 20; attempt++) {
    name = `${rng.pick(BRAND_PREFIXES)} ${rng.pick(category.suffixes)}`
  }
  if (usedNames.has(name)) name = `${name} ${usedNames.size + 1}`
  usedNames.add(name)
  return name
}

function makeBrand(rng: Rng, spec: AnySpec, usedIds: Set<string>): BrandInfo {
  const domain = `${slug(spec.name, '-')}.example.com`
  const brand: BrandIn = {
    id: `brand_${uniqueKey(slug(spec.name, '_'), usedIds)}`,
    name: spec.name,
    status: spec.status,
    description: rng.pick(categoryOf(spec).descriptions).replace('{name}', spec.name),
    logo_url: `https://${domain}/assets/logo.png`,
    website: `https://${domain}`,
    discoverable: spec.discoverable,
    ads_connected: spec.adsConnected,
  }
  return { brand, spec, products: [] }
}

/** The showcase seller's brands have a fixed, larger count; the others a drawn one. */
function productCount(rng: Rng, spec: AnySpec, size: SizeConfig): number {
  if (spec.firstProducts !== undefined) return Math.max(6, size.avgProductsPerBrand + 1)
  return rng.int(3, 2 * size.avgProductsPerBrand - 3)
}

function makeProducts(rng: Rng, info: BrandInfo, count: number, usedAsins: Set<string>): ProductIn[] {
  const { spec } = info
  const items = rng.shuffled(categoryOf(spec).items)
  const variants = rng.shuffled(VARIANTS)
  const products: ProductIn[] = []
  for (let i = 0; i < count; i++) {
    const item = items[i % items.length] as Item
    const title = productTitle(spec.name, item, variants, Math.floor(i / items.length))
    // Every region gets a product first, then the rest at random.
    const mp = market(i < spec.regions.length ? (spec.regions[i] as string) : rng.pick(spec.regions))
    const asin = drawAsin(rng, usedAsins)
    const price = priceCents(item.usd * rng.range(0.9, 1.15), mp.currency)
    const status = productStatus(rng, spec, i)
    const commission = commissionTerms(rng, spec, i, price, mp)
    products.push({
      id: `${info.brand.id.replace(/^brand_/, 'prod_')}_${pad(i + 1, 2)}`,
      brand_id: info.brand.id,
      asin,
      title,
      status,
      commission,
      image_url: `https://images.example.com/products/${asin}.jpg`,
      detail_page_url: `https://www.${mp.domain}/dp/${asin}`,
      marketplace_id: mp.marketplaceId,
      country_code: mp.code,
      price_cents: price,
      currency: mp.currency,
    })
  }
  return products
}

/** Past the end of the items, the same items again as variants: "…, Forest Green". */
function productTitle(brandName: string, item: Item, variants: readonly string[], round: number): string {
  if (round === 0) return `${brandName} ${item.title}`
  return `${brandName} ${item.title}, ${variants[(round - 1) % variants.length] as string}`
}

function drawAsin(rng: Rng, used: Set<string>): string {
  let asin = ''
  while (asin === '' || used.has(asin)) asin = `B0${rng.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 8)}`
  used.add(asin)
  return asin
}

/** A product of an archived or inactive brand is never active; the first few may be forced. */
function productStatus(rng: Rng, spec: AnySpec, index: number): ProductStatus {
  let status: ProductStatus
  if (spec.status === 'archived') status = 'archived'
  else if (spec.status === 'inactive') status = rng.chance(0.8) ? 'inactive' : 'archived'
  else status = rng.weighted<ProductStatus>(['active', 'inactive', 'archived'], [78, 12, 10])
  return spec.firstProducts?.statuses[index] ?? status
}

/** Mostly the brand's rate, sometimes a flat bounty per unit, sometimes none. */
function commissionTerms(rng: Rng, spec: AnySpec, index: number, price: number, mp: Marketplace): CommissionIn | null {
  const drawn = rng.weighted(['percentage', 'flat', 'none'] as const, [64, 18, 18])
  const kind = spec.firstProducts?.commissions[index] ?? drawn
  if (kind === 'percentage') {
    const rate = rng.chance(0.7) ? spec.rateBps : spec.rateBps + rng.pick([-250, 250, 500])
    return { type: 'percentage', rate_bps: Math.min(2000, Math.max(500, rate)) }
  }
  if (kind === 'flat') {
    // About 5–15 % of the price, in 50-cent steps.
    const flat = Math.max(50, Math.round((price * rng.range(0.05, 0.15)) / 50) * 50)
    return { type: 'flat', flat_cents: flat, currency_code: mp.currency }
  }
  return null
}

function categoryOf(spec: BrandSpec): Category {
  const category = CATEGORY_BY_KEY.get(spec.category)
  if (category === undefined) throw new Error(`unknown demo category ${spec.category}`)
  return category
}
