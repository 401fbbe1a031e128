// The dataset file that `csapi import` loads (shared/DATASET-FORMAT.md), as typed values.
// `parseDataset` turns raw JSON into these once; everything after it trusts them.

export const ROLES = ['creator', 'seller', 'operator'] as const
export type Role = (typeof ROLES)[number]

export const BRAND_STATUSES = ['active', 'inactive', 'archived'] as const
export type BrandStatus = (typeof BRAND_STATUSES)[number]

export const PRODUCT_STATUSES = ['active', 'inactive', 'archived'] as const
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]

export const PARTNERSHIP_STATUSES = ['approved', 'pending', 'rejected', 'suspended'] as const
export type PartnershipStatus = (typeof PARTNERSHIP_STATUSES)[number]

export const COMMISSION_STATUSES = ['pending', 'approved', 'paid', 'reversed'] as const
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number]

export const COMMISSION_TYPES = ['percentage', 'flat'] as const
export type CommissionType = (typeof COMMISSION_TYPES)[number]

export interface AccountIn {
  id: string
  role: Role
  name: string
}

export interface ApiTokenIn {
  account_id: string
  token: string
  name: string
  expires_at: Date | null
  revoked: boolean
}

export interface BrandIn {
  id: string
  name: string
  status: BrandStatus
  description: string | null
  logo_url: string | null
  website: string | null
  discoverable: boolean
  ads_connected: boolean
}

export interface BrandAccessIn {
  account_id: string
  brand_id: string
}

/** Commission terms as stored: percentage carries rate_bps, flat carries flat_cents + currency. */
export type CommissionIn =
  | { type: 'percentage'; rate_bps: number }
  | { type: 'flat'; flat_cents: number; currency_code: string }

export interface ProductIn {
  id: string
  brand_id: string
  asin: string
  title: string
  status: ProductStatus
  commission: CommissionIn | null
  image_url: string | null
  detail_page_url: string | null
  marketplace_id: string | null
  country_code: string | null
  price_cents: number | null
  currency: string | null
}

export interface PartnershipIn {
  creator_id: string
  brand_id: string
  status: PartnershipStatus
}

export interface LinkIn {
  id: string
  creator_id: string
  brand_id: string
  product_id: string | null
  tracking_id: string
  short_url: string
  destination_url: string
  /** Amazon Attribution ad group id: how ingested Amazon reports find the link. */
  amazon_ad_group_id: string | null
}

/** One entry of a product's commission history; creator_id set means creator-specific terms. */
export interface CommissionTermIn {
  product_id: string
  creator_id: string | null
  effective_from: string // YYYY-MM-DD
  terms: CommissionIn
}

export interface ReportRowIn {
  date: string // YYYY-MM-DD, a real calendar day
  link_id: string
  product_id: string
  marketplace: string // upper-case code from marketplaces.tsv
  currency: string
  sales_cents: number
  commission_cents: number
  commission_status: CommissionStatus
  orders: number
  units_sold: number
  clicks: number
  detail_page_views: number
  add_to_carts: number
}

export interface Dataset {
  accounts: AccountIn[]
  api_tokens: ApiTokenIn[]
  brands: BrandIn[]
  brand_access: BrandAccessIn[]
  products: ProductIn[]
  partnerships: PartnershipIn[]
  links: LinkIn[]
  commission_terms: CommissionTermIn[]
  report_rows: ReportRowIn[]
}

/** The order in which sections are loaded: every reference points to an earlier section. */
export const SECTIONS = [
  'accounts',
  'api_tokens',
  'brands',
  'brand_access',
  'products',
  'partnerships',
  'links',
  'commission_terms',
  'report_rows',
] as const satisfies readonly (keyof Dataset)[]
