// The hand-written part of the demo: twelve brands, five creators, three sellers and one
// operator, related so that every size shows every state the API can express. The first creator,
// seller and operator are the showcase accounts the demo issues tokens for. Brands are referred
// to by key, so a relation names the brand it means whatever the table's order.

import type { BrandSpec } from './catalogue.js'
import type { BrandStatus, PartnershipStatus, ProductStatus } from '../domain/statuses.js'

export type CommissionKind = 'percentage' | 'flat' | 'none'

/** Statuses and commission kinds forced on a brand's first products, so the seller sees them all. */
export interface FirstProducts {
  statuses: readonly ProductStatus[]
  commissions: readonly CommissionKind[]
}

export interface CuratedBrand extends BrandSpec {
  key: CuratedBrandKey
  firstProducts?: FirstProducts
}

/** A curated brand as one row of the table below: BrandSpec's fields in its order, the key first. */
type BrandRow = readonly [
  key: string,
  name: string,
  category: string,
  status: BrandStatus,
  discoverable: boolean,
  adsConnected: boolean,
  regions: readonly string[],
  rateBps: number,
]

const BRAND_ROWS = [
  ['northwind', 'Northwind Outdoor', 'outdoor', 'active', true, true, ['US', 'CA', 'UK'], 1000],
  ['lumen', 'Lumen Home', 'home', 'active', true, true, ['US', 'UK', 'DE'], 1250],
  ['kestrel', 'Kestrel Audio', 'audio', 'active', true, true, ['DE', 'FR', 'IT'], 750],
  ['juniper', 'Juniper & Pine Skincare', 'skincare', 'active', false, true, ['US', 'UK'], 2000],
  ['fableworks', 'Fableworks Toys', 'toys', 'active', true, false, ['US'], 800],
  ['copperleaf', 'Copperleaf Kitchen', 'kitchen', 'active', true, true, ['UK', 'DE'], 1000],
  ['tidewater', 'Tidewater Pet Co.', 'pet', 'inactive', true, true, ['US', 'CA'], 1500],
  ['atlas', 'Atlas Fitness', 'fitness', 'archived', true, false, ['US'], 600],
  ['brightside', 'Brightside Baby', 'baby', 'active', true, true, ['US', 'UK'], 900],
  ['ember', 'Ember & Oak Coffee', 'coffee', 'active', true, true, ['US'], 1200],
  ['velo', 'Velo Cycle Works', 'cycling', 'active', true, true, ['DE', 'FR', 'ES'], 800],
  ['marigold', 'Marigold Stationery', 'stationery', 'inactive', false, true, ['UK'], 1500],
] as const satisfies readonly BrandRow[]

export type CuratedBrandKey = (typeof BRAND_ROWS)[number][0]

const FIRST_PRODUCTS: Partial<Record<CuratedBrandKey, FirstProducts>> = {
  northwind: { statuses: ['active', 'active', 'active'], commissions: ['percentage', 'flat', 'none'] },
  lumen: { statuses: ['active', 'inactive', 'archived'], commissions: ['percentage', 'flat', 'none'] },
}

/** The first brands of every size, in this order. */
export const CURATED_BRANDS: readonly CuratedBrand[] = BRAND_ROWS.map(
  ([key, name, category, status, discoverable, adsConnected, regions, rateBps]) => {
    const firstProducts = FIRST_PRODUCTS[key]
    const brand = { key, name, category, status, discoverable, adsConnected, regions, rateBps }
    return firstProducts ? { ...brand, firstProducts } : brand
  },
)

/** The showcase creator first. */
export const CURATED_CREATORS = ['Maya Chen', 'Leo Alvarez', 'Priya Natarajan', 'Sam Okafor', 'Hannah Berg'] as const

/** The showcase seller first; each owns the brands listed. */
export const CURATED_SELLERS: readonly { name: string; key: string; brands: readonly CuratedBrandKey[] }[] = [
  { name: 'Northwind Brands LLC', key: 'northwind_brands', brands: ['northwind', 'lumen'] },
  { name: 'Kestrel Group GmbH', key: 'kestrel_group', brands: ['kestrel', 'velo', 'copperleaf'] },
  { name: 'Fableworks Inc.', key: 'fableworks', brands: ['fableworks', 'atlas'] },
]

/** The showcase operator manages more brands than any seller (and some generated ones). */
export const CURATED_OPERATOR: { name: string; key: string; brands: readonly CuratedBrandKey[] } = {
  name: 'Harbor Commerce Partners',
  key: 'harbor_commerce',
  brands: ['northwind', 'lumen', 'kestrel', 'juniper', 'fableworks', 'copperleaf', 'tidewater', 'atlas', 'brightside'],
}

/** The showcase creator's partnerships: one in every state. */
export const SHOWCASE_PARTNERSHIPS: readonly (readonly [CuratedBrandKey, PartnershipStatus])[] = [
  ['northwind', 'approved'],
  ['lumen', 'approved'],
  ['kestrel', 'approved'],
  ['juniper', 'approved'], // not discoverable: visible only through this partnership
  ['fableworks', 'pending'], // Ads not connected
  ['copperleaf', 'rejected'],
  ['tidewater', 'suspended'], // inactive brand, still visible through the partnership
  ['brightside', 'approved'],
  ['ember', 'pending'],
  ['velo', 'approved'],
]

/**
 * The showcase creator's links: the first ones go to `first` (one each), link number
 * `storefront` is a storefront link, and the last is on `last`, the suspended partnership.
 */
export const SHOWCASE_LINKS: { first: readonly CuratedBrandKey[]; storefront: number; last: CuratedBrandKey } = {
  first: ['northwind', 'lumen', 'kestrel', 'juniper'],
  storefront: 2,
  last: 'tidewater',
}
