// The dataset file (docs/dataset-format.md), one TypeBox schema per section: parse.ts validates
// items with it, types.ts types them from it, import.ts writes its fields as columns. Every
// section is optional and every item closed: unknown fields are nearly always typos.
import { Type, type Static, type TProperties, type TSchema } from 'typebox'
import { ROLES } from '../domain/roles.js'
import { SCOPES } from '../domain/scopes.js'
import * as statuses from '../domain/statuses.js'
import { marketplaceByCode, MARKETPLACES } from '../domain/marketplaces.js'
import type { CommissionTerms } from '../domain/commission.js'
import {
  AdGroupId,
  Asin,
  BasisPoints,
  Bool,
  Count,
  Currency,
  CurrencyOrEmpty,
  Description,
  Id,
  Label,
  MarketplaceCode,
  MarketplaceId,
  Name,
  optional,
  type Fields,
  type Parsed,
  ReportDay,
  RULE,
  Timestamp,
  Token,
  Url,
  Zero,
} from './rules.js'

/** An item of a section: a closed object, with `rules` between its fields. */
const item = <P extends TProperties>(fields: P, rules: TSchema[] = []) =>
  Type.Object(fields, { additionalProperties: false, ...(rules.length > 0 && { allOf: rules }) })

/**
 * A rule between fields of an object, checked apart from their own rules (in allOf) so that it
 * is reported along with theirs. Its message starts with the field it is reported at.
 */
const between = <T>(check: (fields: Partial<T>) => boolean, message: (fields: Partial<T>) => string) =>
  Type.Refine<typeof AnyObject, Partial<T>>(AnyObject, check, message)
const AnyObject = Type.Object({})

/**
 * A union whose member is named by one field, as OpenAPI's discriminator: explain.ts reports the
 * member's own problems, or that the field is missing or names no member.
 */
const byType = { discriminator: { propertyName: 'type' } }

export const Account = item({ id: Id, role: Type.Enum(ROLES), name: Name })

export const ApiToken = item({
  account_id: Id,
  token: Token, // in plain text, so that fixtures and demos can use it; only its hash is stored
  name: optional(Label, ''),
  expires_at: optional(Timestamp, null),
  revoked: optional(Bool, false),
  // read always; webhooks:write lets the token manage its account's webhook endpoints
  scopes: optional(Type.Array(Type.Enum(SCOPES), { maxItems: SCOPES.length, uniqueItems: true }), ['read']),
})

export const Brand = item({
  id: Id,
  name: Name,
  status: Type.Enum(statuses.BRAND_STATUSES),
  description: optional(Description, null),
  logo_url: optional(Url, null),
  website: optional(Url, null),
  discoverable: optional(Bool, true),
  ads_connected: optional(Bool, true),
})

export const BrandAccess = item({ account_id: Id, brand_id: Id })

// A product's terms as stored, or the API's commission object fed back as long as its extra
// fields agree with the terms.
const Percentage = item(
  {
    type: Type.Literal('percentage'),
    rate_bps: BasisPoints,
    rate: Type.Optional(Type.Number()),
    flat_cents: Type.Optional(Zero),
    currency_code: Type.Optional(CurrencyOrEmpty),
  },
  [
    between<{ rate_bps: unknown; rate: unknown }>(
      // Exact comparison is right: n / 10000 and the JSON text of that quotient round to one double.
      ({ rate_bps: bps, rate }) => typeof rate !== 'number' || !Number.isInteger(bps) || rate === Number(bps) / 10000,
      ({ rate_bps: bps }) => `rate: must equal rate_bps / 10000 (${Number(bps) / 10000})`,
    ),
  ],
)
const Flat = item({
  type: Type.Literal('flat'),
  flat_cents: Count,
  currency_code: Currency,
  rate: Type.Optional(Zero),
  rate_bps: Type.Optional(Zero),
})

/** Terms as stored; `+ 0` as parse.ts decodes an item's own fields, not the numbers inside them. */
const toTerms = (c: Static<typeof Percentage> | Static<typeof Flat> | Static<typeof TermFields>): CommissionTerms =>
  c.type === 'percentage'
    ? { type: c.type, rate_bps: c.rate_bps + 0 }
    : { type: c.type, flat_cents: c.flat_cents + 0, currency_code: c.currency_code }

const Commission = Type.Decode(
  Type.Union([Percentage, Flat], { ...byType, [RULE]: { type: 'must be an object or null' } }),
  toTerms,
)

const marketplaceById = new Map(MARKETPLACES.map((m) => [m.marketplaceId, m]))
/** The marketplaces a product's two fields name, where they name one. */
const marketplacesOf = (p: { marketplace_id?: unknown; country_code?: unknown }) => ({
  byId: typeof p.marketplace_id === 'string' ? marketplaceById.get(p.marketplace_id) : undefined,
  byCode:
    typeof p.country_code === 'string' && /^[A-Za-z]{2}$/.test(p.country_code)
      ? marketplaceByCode(p.country_code)
      : undefined,
})

export const Product = item(
  {
    id: Id,
    brand_id: Id,
    asin: Asin,
    title: Name,
    status: Type.Enum(statuses.PRODUCT_STATUSES),
    commission: optional(Commission, null),
    image_url: optional(Url, null),
    detail_page_url: optional(Url, null),
    // Either one names the marketplace; parsing fills in the other (withMarketplace).
    marketplace_id: optional(MarketplaceId, null),
    country_code: optional(MarketplaceCode, null),
    price_cents: optional(Count, null),
    currency: optional(Currency, null),
  },
  [
    between<{ marketplace_id: unknown; country_code: unknown }>(
      (p) => {
        const { byId, byCode } = marketplacesOf(p)
        return !byId || !byCode || byId === byCode
      },
      (p) => {
        const { byId, byCode } = marketplacesOf(p)
        return `marketplace_id: ${byId?.marketplaceId} is the ${byId?.code} marketplace, not ${byCode?.code}`
      },
    ),
  ],
)

export const Partnership = item({ creator_id: Id, brand_id: Id, status: Type.Enum(statuses.PARTNERSHIP_STATUSES) })

export const Link = item({
  id: Id,
  creator_id: Id,
  brand_id: Id,
  product_id: optional(Id, null),
  tracking_id: optional(Label, ''),
  short_url: Url,
  destination_url: Url,
  /** Amazon Attribution ad group id: how ingested Amazon reports find the link. */
  amazon_ad_group_id: optional(AdGroupId, null),
})

const absentFor = (type: string) => Type.Optional(Type.Never({ [RULE]: `must be absent for ${type} terms` }))

/** Which of a history entry's terms fields each type takes, and their rules. */
const TermFields = Type.Union(
  [
    Type.Object({
      type: Type.Literal('percentage'),
      rate_bps: BasisPoints,
      flat_cents: absentFor('percentage'),
      currency_code: absentFor('percentage'),
    }),
    Type.Object({
      type: Type.Literal('flat'),
      flat_cents: Count,
      currency_code: Currency,
      rate_bps: absentFor('flat'),
    }),
  ],
  byType,
)

/** A product's commission history entry, general or for one creator, its terms as flat fields. */
export const CommissionTerm = item(
  {
    product_id: Id,
    creator_id: optional(Id, null),
    effective_from: ReportDay,
    type: Type.Enum(statuses.COMMISSION_TYPES),
    // Their rules are the type's (TermFields), checked once the type is known.
    rate_bps: Type.Optional(Type.Unknown()),
    flat_cents: Type.Optional(Type.Unknown()),
    currency_code: Type.Optional(Type.Unknown()),
  },
  [TermFields],
)

export const ReportRow = item({
  date: ReportDay,
  link_id: Id,
  product_id: Id,
  marketplace: MarketplaceCode,
  currency: Currency,
  sales_cents: Count,
  commission_cents: Count,
  commission_status: Type.Enum(statuses.COMMISSION_STATUSES),
  orders: Count,
  units_sold: Count,
  clicks: Count,
  detail_page_views: Count,
  add_to_carts: Count,
})

/** The names of a section's fields, in the file's order. */
export const fieldsOf = (schema: Fields): string[] => Object.keys(schema.properties)

interface Section<S extends Fields, Item> {
  schema: S
  /** The fields that identify an item within its section: the upsert key. */
  key: readonly (keyof Parsed<S> & string)[]
  /** The parsed item from its decoded fields, where a section adds to them. */
  finish: (fields: Parsed<S>) => Item
}

const section = <S extends Fields, Item = Parsed<S>>(
  schema: S,
  key: Section<S, Item>['key'],
  finish: (fields: Parsed<S>) => Item = (fields) => fields as Item,
): Section<S, Item> => ({ schema, key, finish })

// Either marketplace field names the marketplace; the other is filled in from the table.
function withMarketplace(p: Parsed<typeof Product>): Parsed<typeof Product> {
  const { byId, byCode } = marketplacesOf(p)
  const m = byId ?? byCode
  return { ...p, marketplace_id: m?.marketplaceId ?? null, country_code: m?.code ?? null }
}

// The entry's terms fields as typed terms; TermFields checked them.
function withTerms({ type, rate_bps, flat_cents, currency_code, ...entry }: Parsed<typeof CommissionTerm>) {
  return { ...entry, terms: toTerms({ type, rate_bps, flat_cents, currency_code } as Static<typeof TermFields>) }
}

/** The sections in the order they are read and reported: every reference points to an earlier one. */
export const SECTIONS = {
  accounts: section(Account, ['id']),
  api_tokens: section(ApiToken, ['token']),
  brands: section(Brand, ['id']),
  brand_access: section(BrandAccess, ['account_id', 'brand_id']),
  products: section(Product, ['id'], withMarketplace),
  partnerships: section(Partnership, ['creator_id', 'brand_id']),
  links: section(Link, ['id']),
  commission_terms: section(CommissionTerm, ['product_id', 'creator_id', 'effective_from'], withTerms),
  report_rows: section(ReportRow, ['date', 'link_id', 'product_id', 'marketplace']),
}
export type SectionName = keyof typeof SECTIONS
