// Creators' links, each with a plan of how it earns report rows over the window: how often it is
// live, how many clicks it gets, and where its sales land.

import type { LinkIn, ProductIn } from '../dataset/types.js'
import type { PartnershipStatus } from '../domain/statuses.js'
import { TRACKING_CHANNELS } from './catalogue.js'
import { SHOWCASE_LINKS, type CuratedBrandKey } from './showcase.js'
import { curatedBrand, type BrandInfo } from './brands.js'
import type { Partnerships } from './partnerships.js'
import { DEMO_REPORT_DAYS } from './calendar.js'
import type { SizeConfig } from './sizes.js'
import type { Rng } from './rng.js'
import { pad } from './keys.js'
import { market } from './markets.js'

export interface LinkPlan {
  link: LinkIn
  /** null for a storefront link. */
  product: ProductIn | null
  /** The brand's other products, for halo rows (and all of them for a storefront link). */
  haloPool: ProductIn[]
  /** Another marketplace of the brand in the product's currency, for a share of the rows. */
  secondMarket: string | null
  activity: number // probability of any row on a day
  dailyClicks: number
  trend: number // daily growth factor over the window
  lastDay: number // index into the report days; rows stop after it (suspended partnerships)
}

/** The Amazon Attribution ad group id of the demo's link number `index` (15 digits, like Amazon's). */
export function demoAdGroupId(index: number): string {
  return String(144523967350812 + index * 7919)
}

export function makeLinks(
  rng: Rng,
  size: SizeConfig,
  brands: readonly BrandInfo[],
  partnerships: Partnerships,
  creators: readonly string[],
): LinkPlan[] {
  const showcase = creators[0]
  const usedCodes = new Set<string>()
  const counts = new Map<string, number>()
  return linkOwners(rng, size, creators).map((creatorId, index) => {
    const n = (counts.get(creatorId) ?? 0) + 1
    counts.set(creatorId, n)
    const statuses = partnerships.byCreator.get(creatorId) ?? new Map<BrandInfo, PartnershipStatus>()
    const showcaseLink = creatorId === showcase ? { n, of: size.showcaseLinks } : null
    const brand = linkBrand(rng, brands, statuses, showcaseLink)
    const { link, product } = makeLink(rng, { creatorId, n, index, brand, showcase: showcaseLink !== null }, usedCodes)
    return planRows(rng, link, brand, product, showcaseLink !== null, statuses.get(brand) === 'suspended')
  })
}

/** Link number `n` of a creator, `index` among all links; to a product or, now and then, a storefront. */
function makeLink(
  rng: Rng,
  at: { creatorId: string; n: number; index: number; brand: BrandInfo; showcase: boolean },
  usedCodes: Set<string>,
): { link: LinkIn; product: ProductIn | null } {
  const storefront = at.showcase ? at.n === SHOWCASE_LINKS.storefront : rng.chance(0.08)
  const product = storefront ? null : linkProduct(rng, at.brand)
  const storeUrl = storefrontUrl(rng, at.brand)
  const code = shortCode(rng, usedCodes)
  const link: LinkIn = {
    id: `link_${at.creatorId.slice(3)}_${pad(at.n, 3)}`,
    creator_id: at.creatorId,
    brand_id: at.brand.brand.id,
    product_id: product?.id ?? null,
    tracking_id: trackingId(rng),
    short_url: `https://go.example.link/${code}`,
    destination_url: product?.detail_page_url ?? storeUrl,
    // Derived from the position, not the PRNG, so every other generated value stays as it was.
    amazon_ad_group_id: demoAdGroupId(at.index),
  }
  return { link, product }
}

/**
 * Who owns each link: the showcase creator's quota first, then two for every other creator,
 * the rest by a skewed popularity so that some creators are much bigger than others.
 */
function linkOwners(rng: Rng, size: SizeConfig, creators: readonly string[]): string[] {
  const [showcase, ...others] = creators
  const owners: string[] = []
  for (let i = 0; i < size.showcaseLinks; i++) owners.push(showcase as string)
  const popularity = others.map(() => Math.exp(rng.normal()))
  for (const c of others) if (owners.length < size.links) owners.push(c, c)
  while (owners.length < size.links) owners.push(rng.weighted(others, popularity))
  owners.length = size.links
  return owners
}

/**
 * The showcase creator's first links go to set brands and the last to the suspended one;
 * everyone else links approved brands, occasionally a suspended one.
 */
function linkBrand(
  rng: Rng,
  brands: readonly BrandInfo[],
  statuses: ReadonlyMap<BrandInfo, PartnershipStatus>,
  showcase: { n: number; of: number } | null,
): BrandInfo {
  if (showcase !== null && showcase.n === showcase.of) return requireCurated(brands, SHOWCASE_LINKS.last)
  const first = showcase !== null ? SHOWCASE_LINKS.first[showcase.n - 1] : undefined
  if (first !== undefined) return requireCurated(brands, first)
  const partnered = (status: PartnershipStatus): BrandInfo[] =>
    [...statuses].filter(([, s]) => s === status).map(([b]) => b)
  const suspended = partnered('suspended')
  if (suspended.length > 0 && rng.chance(0.1)) return rng.pick(suspended)
  return rng.pick(partnered('approved'))
}

function requireCurated(brands: readonly BrandInfo[], key: CuratedBrandKey): BrandInfo {
  const brand = curatedBrand(brands, key)
  if (brand === undefined) throw new Error(`the demo's showcase links need the brand ${key}`)
  return brand
}

/** Mostly an active product. */
function linkProduct(rng: Rng, brand: BrandInfo): ProductIn {
  const active = brand.products.filter((p) => p.status === 'active')
  return active.length > 0 && rng.chance(0.9) ? rng.pick(active) : rng.pick(brand.products)
}

/** A storefront page on the brand's first marketplace. Drawn for every link to keep the PRNG order. */
function storefrontUrl(rng: Rng, brand: BrandInfo): string {
  const hex = (n: number): string => rng.chars('0123456789ABCDEF', n)
  const pageId = `${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}`
  const storeSlug = brand.brand.name.replace(/[^A-Za-z0-9]+/g, '')
  return `https://www.${market(brand.spec.regions[0] as string).domain}/stores/${storeSlug}/page/${pageId}`
}

function shortCode(rng: Rng, used: Set<string>): string {
  let code = ''
  while (code === '' || used.has(code)) code = rng.chars('abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789', 7)
  used.add(code)
  return code
}

/** Empty for about a third of the links, else a channel and a number: "ig-reel-07". */
function trackingId(rng: Rng): string {
  return rng.chance(0.3) ? '' : `${rng.pick(TRACKING_CHANNELS)}-${pad(rng.int(1, 40), 2)}`
}

function planRows(
  rng: Rng,
  link: LinkIn,
  brand: BrandInfo,
  product: ProductIn | null,
  showcase: boolean,
  suspended: boolean,
): LinkPlan {
  return {
    link,
    product,
    haloPool: brand.products.filter((p) => p !== product),
    secondMarket: product === null ? null : secondMarket(rng, brand, product),
    activity: rng.range(0.6, 0.8),
    dailyClicks: 25 * Math.exp(0.7 * rng.normal()) * (showcase ? 1.5 : 1),
    trend: rng.range(-0.004, 0.008),
    // A suspended partnership stops earning around the middle of the window.
    lastDay: suspended ? Math.floor(DEMO_REPORT_DAYS / 2) + rng.int(-10, 10) : DEMO_REPORT_DAYS - 1,
  }
}

/** Pan-EU selling: another marketplace of the brand with the product's currency, if any. */
function secondMarket(rng: Rng, brand: BrandInfo, product: ProductIn): string | null {
  const same = [...new Set(brand.products.map((p) => p.country_code as string))].filter(
    (r) => r !== product.country_code && market(r).currency === product.currency,
  )
  return same.length > 0 ? rng.pick(same) : null
}
