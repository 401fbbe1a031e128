// The kinds of value a dataset file holds, as TypeBox schemas built from the domain's
// vocabulary. A schema's rule in words (RULE) is what a refused value is told, e.g.
// `products[12].asin: must be 10 upper-case letters or digits`; what parsing turns a value into
// (an upper-case code, a Date, 0 for -0) is its Type.Decode.
import { Type, type StaticDecode, type TProperties, type TSchema } from 'typebox'
import { CURRENCIES, MARKETPLACE_CODES, MARKETPLACES } from '../domain/marketplaces.js'
import { inRange, isCalendarDay, isDay, REPORT_DAYS } from '../domain/dates.js'

/**
 * A schema's rule in words (RULE): one message for whatever it refuses, or one per JSON Schema
 * keyword (`{ pattern: '…' }`), the others then worded from the keyword (explain.ts).
 */
import { RULE } from '../domain/rule.js'
export { RULE }

/**
 * An optional field: absent (or null, parse.ts) means `fallback`. The default is in the schema,
 * where both the parser and the parsed type read it.
 */
export function optional<T extends TSchema, const D>(schema: T, fallback: D) {
  return Object.assign(Type.Optional(schema), { default: fallback })
}

/** An item as parsing gives it: decoded fields, an absent optional one as its default. */
export type Parsed<T extends Fields> = { -readonly [K in keyof T['properties']]-?: ParsedField<T['properties'][K]> }
/** An object schema, refined or not. */
export type Fields = TSchema & { properties: TProperties }
type ParsedField<S> = S extends TSchema ? StaticDecode<S> | (S extends { default: infer D } ? D : never) : never

/** Discards JSON's -0, which would otherwise survive and differ from 0 under Object.is. */
const noNegativeZero = (n: number): number => n + 0

export const Id = Type.String({
  minLength: 1,
  maxLength: 128,
  pattern: '^[A-Za-z0-9_.:-]+$',
  [RULE]: { pattern: 'must contain only letters, digits and _ . : -' },
})

// \S rather than minLength: a name of spaces is empty too.
export const Name = Type.String({ pattern: '\\S', maxLength: 1000, [RULE]: { pattern: 'must not be empty' } })
/** A token's name, a link's tracking id: "" is their default. */
export const Label = Type.String({ maxLength: 1000 })
export const Description = Type.String({ maxLength: 10000 })

export const Url = Type.Refine(Type.String({ maxLength: 2048 }), isHttpUrl, () => 'must be an http or https URL')

function isHttpUrl(value: string): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  // new URL quietly strips whitespace, which would then be stored and served as given.
  return (url.protocol === 'http:' || url.protocol === 'https:') && !/\s/.test(value)
}

export const Bool = Type.Boolean()

/** Counts and amounts in minor units: integers only, never strings or fractions. */
export const Count = Type.Decode(
  Type.Integer({
    minimum: 0,
    maximum: Number.MAX_SAFE_INTEGER,
    [RULE]: { type: 'must be a non-negative integer', minimum: 'must be a non-negative integer' },
  }),
  noNegativeZero,
)

export const BasisPoints = Type.Integer({ minimum: 0, maximum: 10000, [RULE]: 'must be an integer from 0 to 10000' })

/** What the API's commission object carries in the fields the other type does not use. */
export const Zero = Type.Literal(0, { [RULE]: 'must be 0 or absent' })

const CURRENCY_RULE = `must be the currency of an Amazon marketplace: ${CURRENCIES.join(', ')}`
// The API's currency fields are a closed set: the currencies of Amazon's marketplaces.
export const Currency = Type.Enum(CURRENCIES, { [RULE]: CURRENCY_RULE })
/** A percentage commission from the API carries the product's currency, or "" when none. */
export const CurrencyOrEmpty = Type.Enum(['', ...CURRENCIES], { [RULE]: `${CURRENCY_RULE}, or empty` })

export const Asin = Type.String({ pattern: '^[A-Z0-9]{10}$', [RULE]: 'must be 10 upper-case letters or digits' })

const anyCase = (code: string) => code.replace(/[A-Z]/g, (c) => `[${c}${c.toLowerCase()}]`)

/**
 * A country/region code of marketplaces.tsv in any case, stored upper-case. Spelled out letter
 * by letter, as toUpperCase would map the long s to S (`ſe` would become `SE`).
 */
export const MarketplaceCode = Type.Decode(
  Type.String({
    pattern: `^(${MARKETPLACE_CODES.map(anyCase).join('|')})$`,
    [RULE]: `must be one of ${MARKETPLACE_CODES.join(', ')}`,
  }),
  (code) => code.toUpperCase(),
)

export const MarketplaceId = Type.Enum(
  MARKETPLACES.map((m) => m.marketplaceId),
  { [RULE]: 'must be a known Amazon marketplace id such as ATVPDKIKX0DER' },
)

export const Token = Type.String({
  pattern: '^[\\x21-\\x7E]{16,256}$',
  [RULE]: 'must be 16 to 256 printable ASCII characters without spaces',
})

const YYYY_MM_DD = 'must be a date YYYY-MM-DD'
/** A report date (YYYY-MM-DD): a real calendar day in REPORT_DAYS. */
export const ReportDay = Type.Refine(
  Type.Refine(
    Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', [RULE]: { type: YYYY_MM_DD, pattern: YYYY_MM_DD } }),
    isDay,
    () => 'must be a real calendar day',
  ),
  (day) => inRange(day, REPORT_DAYS),
  () => `must be between ${REPORT_DAYS.first} and ${REPORT_DAYS.last}`,
)

/** An ISO 8601 timestamp that names its time zone (Z or ±hh:mm): a local time is ambiguous. */
export const Timestamp = Type.Decode(
  Type.Refine(
    Type.String({ [RULE]: 'must be an ISO 8601 timestamp with a time zone, e.g. 2027-01-01T00:00:00Z' }),
    (text) => parseTimestamp(text) !== null,
  ),
  (text) => parseTimestamp(text) as Date,
)

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:Z|([+-])(\d{2}):(\d{2}))$/i

function parseTimestamp(text: string): Date | null {
  const m = TIMESTAMP.exec(text)
  if (m === null) return null
  const part = (i: number): number => Number(m[i] ?? 0) // absent seconds and offset are 0
  const [year, month, day, hour, minute, second] = [part(1), part(2), part(3), part(4), part(5), part(6)]
  const millis = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3)) // finer digits are dropped
  const [offsetHours, offsetMinutes] = [part(9), part(10)]
  if (!isCalendarDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return null
  if (offsetHours > 23 || offsetMinutes > 59) return null
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  date.setUTCHours(hour, minute, second, millis)
  const offset = (m[8] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes)
  return new Date(date.getTime() - offset * 60_000)
}

/** Amazon ad group ids are long numbers; a JSON number is accepted only while it is exact. */
const ExactId = Type.Integer({
  minimum: 1,
  maximum: Number.MAX_SAFE_INTEGER,
  [RULE]: 'must be a string (a number only up to 2^53)',
})
export const AdGroupId = Type.Decode(Type.Union([Id, ExactId], { [RULE]: { type: 'must be a string' } }), (id) =>
  String(id),
)
