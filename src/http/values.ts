// Value sets (API-DECISIONS.md) as schema fragments: closed sets are enums, so that a generated
// client types them as unions of literals.
import { Type } from 'typebox'
import {
  BRAND_STATUSES,
  COMMISSION_STATUSES,
  COMMISSION_TYPES,
  PARTNERSHIP_STATUSES,
  PRODUCT_STATUSES,
} from '../domain/statuses.js'
import { CURRENCIES, MARKETPLACE_CODES, MARKETPLACES } from '../domain/marketplaces.js'
import { named } from './schema.js'

// A string enum with `type: string`, so OpenAPI tools show it as a string.
const StringEnum = <T extends string>(values: readonly T[], options: { description?: string } = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options })

export const BrandStatus = named('BrandStatus', StringEnum(BRAND_STATUSES, { description: "The brand's own status" }))
export const ProductStatus = named('ProductStatus', StringEnum(PRODUCT_STATUSES, { description: 'Product status' }))
export const CommissionStatus = named(
  'CommissionStatus',
  StringEnum(COMMISSION_STATUSES, {
    description:
      'pending: inside the return window, may still change; approved: locked, will be paid; ' +
      'paid; reversed: cancelled, e.g. by a return',
  }),
)
export const CommissionType = named(
  'CommissionType',
  StringEnum(COMMISSION_TYPES, { description: 'percentage or flat' }),
)
export const PartnershipStatus = Type.Unsafe<(typeof PARTNERSHIP_STATUSES)[number] | null>({
  type: ['string', 'null'],
  enum: [...PARTNERSHIP_STATUSES, null],
  description: "This creator's partnership status with the brand; null when no partnership record exists",
})
/** Amazon's country/region codes, in the marketplace table's order (marketplaces.tsv). */
export const MarketplaceCode = named(
  'MarketplaceCode',
  StringEnum(MARKETPLACE_CODES, { description: 'Amazon country/region code (UK, not GB), from the marketplace table' }),
)
/** Amazon's marketplace domains, in the same order. */
export const MarketplaceDomain = named(
  'MarketplaceDomain',
  StringEnum(
    MARKETPLACES.map((m) => m.domain),
    { description: 'Amazon marketplace domain, e.g. amazon.com' },
  ),
)
/** The currencies of Amazon's marketplaces (ISO 4217). */
export const Currency = named(
  'Currency',
  StringEnum(CURRENCIES, { description: 'ISO 4217 currency of an Amazon marketplace' }),
)
