// The platform's value sets (API-DECISIONS.md, "Values"). The API's enums, the dataset's checks
// and the database's check constraints (migrations) all name these.
export const BRAND_STATUSES = ['active', 'inactive', 'archived'] as const
export type BrandStatus = (typeof BRAND_STATUSES)[number]

export const PRODUCT_STATUSES = ['active', 'inactive', 'archived'] as const
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]

export const PARTNERSHIP_STATUSES = ['approved', 'pending', 'rejected', 'suspended'] as const
export type PartnershipStatus = (typeof PARTNERSHIP_STATUSES)[number]

/** pending (may still change) → approved (locked) → paid; reversed: cancelled, e.g. by a return. */
export const COMMISSION_STATUSES = ['pending', 'approved', 'paid', 'reversed'] as const
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number]

export const COMMISSION_TYPES = ['percentage', 'flat'] as const
export type CommissionType = (typeof COMMISSION_TYPES)[number]
