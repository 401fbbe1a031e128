// The hand-written part of the demo: twelve brands, five creators, three sellers and one
// operator, related so that every size shows every state the API can express. The first creator,
// seller and operator are the showcase accounts the demo issues tokens for. Brands are referred
// to by key, so a relation names the brand it means whatever the table's order.

import type { BrandSpec } from './catalogue.js'
import type { PartnershipStatus, ProductStatus } from '../domain/statuses.js'

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

const BRANDS = [
  {
    key: 'northwind',
    name: 'Northwind Outdoor',
    category: 'outdoor',
    status: 'active',
    discoverable: true,
    adsConnected: true,
    regions: ['US', 'CA', 'UK'],
    rateBps: 1000,
    firstProducts: { statuses: ['active', 'active', 'active'], commissions: ['percentage', 'flat', 'none'] },
  },
  {
    key: 'lumen',
    name: 'Lumen Home',
    category: 'home',
    status: 'active',
    discoverable: true,
    adsConnected: true,
    regions: ['US', 'UK', 'DE'],
    rateBps: 1250,
    firstProducts: { statuses: ['active', 'inactive', 'archived'], commissions: ['percentage', 'flat', 'none'] },
  },
  {
    key: 'kestrel',
    name: 'Kestrel Audio',
    category: 'audio',
    status: 'active',
    discoverable: true,
    adsConnected: true,
    regions: ['DE', 'FR', 'IT'],
    rateBps: 750,
  },
  {
    key: 'juniper',
    name: 'Juniper & Pine Skincare',
    category: 'skincare',
    status: 'active',
    discoverable: false,
    adsConnected: true,
    regions: ['US', 'UK'],
    rateBps: 2000,
  },
  {
    key: 'fableworks',
    name: 'Fableworks Toys',
    category: 'toys',
    status: 'active',
    discoverable: true,
    adsConnected: false,
    regions: ['US'],
    rateBps: 800,
  },
  {
    key: 'copperleaf',
    name: 'Copperleaf Kitchen',
    category: 'kitchen',
    status: 'active',
    discoverable: true,
    adsConnected: true,
    regions: ['UK', 'DE'],
    rateBps: 1000,
  },
  {
    key: 'tidewater',
    name: 'Tidewater Pet Co.',
    category: 'pet',
    status: 'inactive',
    discoverable: true,
    adsConnected: true,
    regions: ['US', 'CA'],
    rateBps: 1500,
  },
  {
    key: 'atlas',
    name: 'Atlas Fitness',
    category: 'fitness',
    status: 'archived',
    discoverable: true,
    adsConnected: false,
    regions: ['US'],
    rateBps: 600,
  },
  {
    key: 'brightside',
    name: 'Brightside Baby',
    category: 'baby',
    status: 'active',
    discoverable: true,
    adsConnected: true,
    regions: ['US', 'UK'],
    rateBps: 900,
  },
  {
    key: 'ember',
    name: 'Ember & Oak Coffee',
    category: 'coffee',
    status: 'active',
    discoverable: true,
    adsConnected: true,
    regions: ['US'],
    rateBps: 1200,
  },
  {
    key: 'velo',
    name: 'Velo Cycle Works',
    category: 'cycling',
    status: 'active',
    discoverable: true,
    adsConnected: true,
    regions: ['DE', 'FR', 'ES'],
    rateBps: 800,
  },
  {
    key: 'marigold',
    name: 'Marigold Stationery',
    category: 'stationery',
    status: 'inactive',
    discoverable: false,
    adsConnected: true,
    regions: ['UK'],
    rateBps: 1500,
  },
] as const satisfies readonly (BrandSpec & { key: string; firstProducts?: FirstProducts })[]

export type CuratedBrandKey = (typeof BRANDS)[number]['key']

/** The first brands of every size, in this order. */
export const CURATED_BRANDS: readonly CuratedBrand[] = BRANDS

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
