// The parsed dataset's types, read off the section schemas (schema.ts): what parseDataset
// returns and importDataset loads. The demo generator and tests build values of them.
import type { CommissionTerms } from '../domain/commission.js'
import type { SECTIONS, SectionName } from './schema.js'

export type Dataset = { [K in SectionName]: ReturnType<(typeof SECTIONS)[K]['finish']>[] }

/** Commission terms as stored: percentage carries rate_bps, flat carries flat_cents + currency. */
export type CommissionIn = CommissionTerms

export type AccountIn = Dataset['accounts'][number]
export type ApiTokenIn = Dataset['api_tokens'][number]
export type BrandIn = Dataset['brands'][number]
export type BrandAccessIn = Dataset['brand_access'][number]
export type ProductIn = Dataset['products'][number]
export type PartnershipIn = Dataset['partnerships'][number]
export type LinkIn = Dataset['links'][number]
/** One entry of a product's commission history; creator_id set means creator-specific terms. */
export type CommissionTermIn = Dataset['commission_terms'][number]
export type ReportRowIn = Dataset['report_rows'][number]
