// Value sets (API-DECISIONS.md) as schema fragments.
import { Type } from 'typebox'
import {
  BRAND_STATUSES,
  COMMISSION_STATUSES,
  COMMISSION_TYPES,
  PARTNERSHIP_STATUSES,
  PRODUCT_STATUSES,
} from '../dataset/types.js'
import { MARKETPLACE_CODES } from '../marketplaces.js'

// A string enum with `type: string`, so OpenAPI tools show it as a string.
const StringEnum = <T extends string>(values: readonly T[], options: { description?: string } = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options })

export const BrandStatus = StringEnum(BRAND_STATUSES, { description: 'The brand\'s own status' })
export const ProductStatus = StringEnum(PRODUCT_STATUSES, { description: 'Product status' })
export const CommissionStatus = StringEnum(COMMISSION_STATUSES, {
  description:
    'pending: inside the return window, may still change; approved: locked, will be paid; paid; reversed: cancelled, e.g. by a return',
})
export const CommissionType = StringEnum(COMMISSION_TYPES)
export const PartnershipStatus = Type.Unsafe<(typeof PARTNERSHIP_STATUSES)[number] | null>({
  type: ['string', 'null'],
  enum: [...PARTNERSHIP_STATUSES, null],
  description: 'This creator\'s partnership status with the brand; null when no partnership record exists',
})
export const MarketplaceCode = Type.String({
  pattern: '^[A-Z]{2}$',
  description: `Amazon country/region code: ${MARKETPLACE_CODES.join(', ')}`,
})
export const DateString = Type.String({ format: 'date', description: 'Calendar date YYYY-MM-DD' })
