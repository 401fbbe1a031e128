// Turns an untrusted, already JSON.parse'd dataset file (shared/DATASET-FORMAT.md) into a typed
// `Dataset` once, or throws one DatasetError listing every problem found, each named by
// section, index and field (`products[12].status: must be one of active, inactive, archived`).
//
// Conventions: every section is optional; an optional field given as null counts as absent;
// unknown sections and fields are refused (they are nearly always typos). References between
// sections are not checked here: the importer checks them against the file and the database.

import { MARKETPLACE_CODES, MARKETPLACES, marketplaceByCode, type Marketplace } from '../marketplaces.js'
import {
  BRAND_STATUSES,
  COMMISSION_STATUSES,
  COMMISSION_TYPES,
  PARTNERSHIP_STATUSES,
  PRODUCT_STATUSES,
  ROLES,
  type CommissionIn,
  type Dataset,
} from './types.js'

const MAX_ISSUES = 50

export class DatasetError extends Error {
  readonly issues: string[]

  constructor(issues: string[]) {
    super(`invalid dataset:\n${issues.join('\n')}`)
    this.name = 'DatasetError'
    this.issues = issues
  }
}

// ---------------------------------------------------------------------------------------------
// Issues and field access

/** Keeps the first MAX_ISSUES messages and counts the rest, so a huge bad file stays cheap. */
class Issues {
  private readonly lines: string[] = []
  private overflow = 0

  add(path: string, message: string): void {
    if (this.lines.length < MAX_ISSUES) this.lines.push(`${path}: ${message}`)
    else this.overflow++
  }

  get count(): number {
    return this.lines.length + this.overflow
  }

  throwIfAny(): void {
    if (this.count === 0) return
    const more = this.overflow > 0 ? [`… and ${this.overflow} more`] : []
    throw new DatasetError([...this.lines, ...more])
  }
}

type Obj = Record<string, unknown>

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Own properties only: a missing `constructor` field must not find Object.prototype's. */
function own(obj: Obj, key: string): unknown {
  return Object.hasOwn(obj, key) ? obj[key] : undefined
}

/** `brands[0].name`, or `brands[0]["odd key"]` for a key that would make the path ambiguous. */
function fieldPath(path: string, key: string): string {
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) return path === '' ? key : `${path}.${key}`
  const shown = JSON.stringify(key.length > 64 ? `${key.slice(0, 64)}…` : key)
  return path === '' ? shown : `${path}[${shown}]`
}

/** A rule broken by a value; checks return it instead of throwing so that parsing goes on. */
class Problem {
  constructor(readonly message: string) {}
}

/** Reads one field's raw value into T, or says which rule it breaks. */
type Check<T> = (value: unknown) => T | Problem

/** Reads the fields of one item (or nested object), reporting problems under its path. */
class Fields {
  constructor(
    private readonly obj: Obj,
    readonly path: string,
    readonly issues: Issues,
    known: readonly string[],
  ) {
    for (const key of Object.keys(obj)) if (!known.includes(key)) this.report(key, 'unknown field')
  }

  report(key: string, message: string): void {
    this.issues.add(fieldPath(this.path, key), message)
  }

  raw(key: string): unknown {
    return own(this.obj, key)
  }

  /** undefined means "reported": the item is then dropped, so the gap never escapes. */
  required<T>(key: string, check: Check<T>): T | undefined {
    const value = this.raw(key)
    if (value === undefined || value === null) {
      this.report(key, 'is required')
      return undefined
    }
    return this.run(key, check, value)
  }

  optional<T, D>(key: string, check: Check<T>, fallback: D): T | D | undefined {
    const value = this.raw(key)
    if (value === undefined || value === null) return fallback
    return this.run(key, check, value)
  }

  private run<T>(key: string, check: Check<T>, value: unknown): T | undefined {
    const result = check(value)
    if (result instanceof Problem) {
      this.report(key, result.message)
      return undefined
    }
    return result
  }
}

// ---------------------------------------------------------------------------------------------
// Checks, one per kind of value

const problem = (message: string): Problem => new Problem(message)

function id(value: unknown): string | Problem {
  if (typeof value !== 'string') return problem('must be a string')
  if (value === '') return problem('must not be empty')
  if (value.length > 128) return problem('must be at most 128 characters')
  if (!/^[A-Za-z0-9_.:-]+$/.test(value)) return problem('must contain only letters, digits and _ . : -')
  return value
}

function text(max: number, { nonEmpty }: { nonEmpty: boolean }): Check<string> {
  return (value) => {
    if (typeof value !== 'string') return problem('must be a string')
    if (nonEmpty && value.trim() === '') return problem('must not be empty')
    if (value.length > max) return problem(`must be at most ${max} characters`)
    return value
  }
}

const name = text(1000, { nonEmpty: true })
const label = text(1000, { nonEmpty: false }) // token name, tracking id: "" is their default
const description = text(10000, { nonEmpty: false })

function httpUrl(value: unknown): string | Problem {
  if (typeof value !== 'string') return problem('must be a string')
  if (value.length > 2048) return problem('must be at most 2048 characters')
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return problem('must be an http or https URL')
  }
  // new URL quietly strips whitespace, which would then be stored and served as given.
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || /\s/.test(value)) {
    return problem('must be an http or https URL')
  }
  return value
}

function oneOf<T extends string>(values: readonly T[]): Check<T> {
  const message = `must be one of ${values.join(', ')}`
  return (value) => (values as readonly unknown[]).includes(value) ? (value as T) : problem(message)
}

function bool(value: unknown): boolean | Problem {
  return typeof value === 'boolean' ? value : problem('must be true or false')
}

/** Counts and amounts in minor units: integers only, never strings or fractions. */
function count(value: unknown): number | Problem {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    return problem('must be a non-negative integer')
  }
  if (!Number.isSafeInteger(value)) return problem(`must be at most ${Number.MAX_SAFE_INTEGER}`)
  return value + 0 // JSON's -0 would otherwise survive and differ from 0 under Object.is
}

function basisPoints(value: unknown): number | Problem {
  const isBps = typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 10000
  return isBps ? value + 0 : problem('must be an integer from 0 to 10000')
}

function zero(value: unknown): 0 | Problem {
  return value === 0 ? 0 : problem('must be 0 or absent')
}

function currencyCode(value: unknown): string | Problem {
  if (typeof value === 'string' && /^[A-Z]{3}$/.test(value)) return value
  return problem('must be a three-letter upper-case currency code such as USD')
}

/** A percentage commission from the API carries the product's currency, or "" when none. */
function currencyCodeOrEmpty(value: unknown): string | Problem {
  if (value === '') return value
  const code = currencyCode(value)
  return code instanceof Problem ? problem(`${code.message}, or empty`) : code
}

function asin(value: unknown): string | Problem {
  if (typeof value === 'string' && /^[A-Z0-9]{10}$/.test(value)) return value
  return problem('must be 10 upper-case letters or digits')
}

function marketplaceCode(value: unknown): Marketplace | Problem {
  // The letter check keeps toUpperCase's Unicode mappings out (`ſe` would become `SE`).
  const found = typeof value === 'string' && /^[A-Za-z]{2}$/.test(value) ? marketplaceByCode(value) : undefined
  return found ?? problem(`must be one of ${MARKETPLACE_CODES.join(', ')}`)
}

const marketplacesById = new Map(MARKETPLACES.map((m) => [m.marketplaceId, m]))

function marketplaceId(value: unknown): Marketplace | Problem {
  const found = typeof value === 'string' ? marketplacesById.get(value) : undefined
  return found ?? problem('must be a known Amazon marketplace id such as ATVPDKIKX0DER')
}

function token(value: unknown): string | Problem {
  if (typeof value === 'string' && /^[\x21-\x7E]{16,256}$/.test(value)) return value
  return problem('must be 16 to 256 printable ASCII characters without spaces')
}

// Computed by hand: Date.UTC maps years 0-99 to 19xx and Date.parse accepts 2026-02-30.
function isCalendarDay(year: number, month: number, day: number): boolean {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
  return days !== undefined && day >= 1 && day <= days
}

function reportDate(value: unknown): string | Problem {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null
  if (m === null) return problem('must be a date YYYY-MM-DD')
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (!isCalendarDay(year, month, day)) return problem('must be a real calendar day')
  if (year < 2000 || year > 2100) return problem('must be between 2000-01-01 and 2100-12-31')
  return m[0]
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:Z|([+-])(\d{2}):(\d{2}))$/i

/** An ISO 8601 timestamp that names its time zone (Z or ±hh:mm): a local time is ambiguous. */
function timestamp(value: unknown): Date | Problem {
  const invalid = problem('must be an ISO 8601 timestamp with a time zone, e.g. 2027-01-01T00:00:00Z')
  const m = typeof value === 'string' ? TIMESTAMP.exec(value) : null
  if (m === null) return invalid
  const part = (i: number): number => Number(m[i] ?? 0) // absent seconds and offset are 0
  const [year, month, day, hour, minute, second] = [part(1), part(2), part(3), part(4), part(5), part(6)]
  const millis = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3)) // finer digits are dropped
  const [offsetHours, offsetMinutes] = [part(9), part(10)]
  if (!isCalendarDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return invalid
  if (offsetHours > 23 || offsetMinutes > 59) return invalid
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  date.setUTCHours(hour, minute, second, millis)
  const offset = (m[8] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes)
  return new Date(date.getTime() - offset * 60_000)
}

// ---------------------------------------------------------------------------------------------
// Commission

const COMMISSION_FIELDS = ['type', 'rate_bps', 'rate', 'flat_cents', 'currency_code']

/**
 * Stored terms only. The API's commission object (with `rate`, `flat_cents: 0`, `currency_code`
 * or `rate: 0`, `rate_bps: 0`) is accepted too, so a response can be fed back, as long as its
 * extra fields agree with the terms.
 */
function readCommission(product: Fields): CommissionIn | null | undefined {
  const raw = product.raw('commission')
  if (raw === undefined || raw === null) return null
  if (!isObject(raw)) {
    product.report('commission', 'must be an object or null')
    return undefined
  }
  const c = new Fields(raw, fieldPath(product.path, 'commission'), product.issues, COMMISSION_FIELDS)
  const type = c.required('type', oneOf(COMMISSION_TYPES))
  if (type === 'percentage') {
    const rate_bps = c.required('rate_bps', basisPoints)
    const rate = c.optional('rate', finiteNumber, null)
    // Exact comparison is right: n / 10000 and the JSON text of that quotient round to one double.
    if (rate_bps !== undefined && rate !== undefined && rate !== null && rate !== rate_bps / 10000) {
      c.report('rate', `must equal rate_bps / 10000 (${rate_bps / 10000})`)
    }
    c.optional('flat_cents', zero, null)
    c.optional('currency_code', currencyCodeOrEmpty, null)
    return rate_bps === undefined ? undefined : { type, rate_bps }
  }
  if (type === 'flat') {
    const flat_cents = c.required('flat_cents', count)
    const currency_code = c.required('currency_code', currencyCode)
    c.optional('rate', zero, null)
    c.optional('rate_bps', zero, null)
    return flat_cents === undefined || currency_code === undefined ? undefined : { type, flat_cents, currency_code }
  }
  return undefined
}

/** A commission_terms entry carries its terms as flat fields: type, rate_bps or flat_cents + currency_code. */
function readTerms(f: Fields): CommissionIn | undefined {
  const type = f.required('type', oneOf(COMMISSION_TYPES))
  if (type === 'percentage') {
    const rate_bps = f.required('rate_bps', basisPoints)
    if (f.raw('flat_cents') != null) f.report('flat_cents', 'must be absent for percentage terms')
    if (f.raw('currency_code') != null) f.report('currency_code', 'must be absent for percentage terms')
    return rate_bps === undefined ? undefined : { type, rate_bps }
  }
  if (type === 'flat') {
    const flat_cents = f.required('flat_cents', count)
    const currency_code = f.required('currency_code', currencyCode)
    if (f.raw('rate_bps') != null) f.report('rate_bps', 'must be absent for flat terms')
    return flat_cents === undefined || currency_code === undefined ? undefined : { type, flat_cents, currency_code }
  }
  return undefined
}

/** Amazon ad group ids are long numbers; a JSON number is accepted only while it is exact. */
function adGroupId(value: unknown): string | Problem {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value > 0 ? String(value) : problem('must be a string (a number only up to 2^53)')
  }
  return id(value)
}

function finiteNumber(value: unknown): number | Problem {
  return typeof value === 'number' && Number.isFinite(value) ? value : problem('must be a number')
}

// ---------------------------------------------------------------------------------------------
// Sections

/** An item as read: a field is undefined where a problem was reported. */
type Draft<T> = { [K in keyof T]: T[K] | undefined }

interface Section<T> {
  fields: readonly string[]
  /** Fields whose values identify an item within its section (the upsert key). */
  key: readonly (keyof T & string)[]
  read: (f: Fields) => Draft<T>
}

type Sections = { [K in keyof Dataset]: Section<Dataset[K][number]> }

const SECTIONS: Sections = {
  accounts: {
    fields: ['id', 'role', 'name'],
    key: ['id'],
    read: (f) => ({
      id: f.required('id', id),
      role: f.required('role', oneOf(ROLES)),
      name: f.required('name', name),
    }),
  },
  api_tokens: {
    fields: ['account_id', 'token', 'name', 'expires_at', 'revoked'],
    key: ['token'],
    read: (f) => ({
      account_id: f.required('account_id', id),
      token: f.required('token', token),
      name: f.optional('name', label, ''),
      expires_at: f.optional('expires_at', timestamp, null),
      revoked: f.optional('revoked', bool, false),
    }),
  },
  brands: {
    fields: ['id', 'name', 'status', 'description', 'logo_url', 'website', 'discoverable', 'ads_connected'],
    key: ['id'],
    read: (f) => ({
      id: f.required('id', id),
      name: f.required('name', name),
      status: f.required('status', oneOf(BRAND_STATUSES)),
      description: f.optional('description', description, null),
      logo_url: f.optional('logo_url', httpUrl, null),
      website: f.optional('website', httpUrl, null),
      discoverable: f.optional('discoverable', bool, true),
      ads_connected: f.optional('ads_connected', bool, true),
    }),
  },
  brand_access: {
    fields: ['account_id', 'brand_id'],
    key: ['account_id', 'brand_id'],
    read: (f) => ({
      account_id: f.required('account_id', id),
      brand_id: f.required('brand_id', id),
    }),
  },
  products: {
    fields: [
      'id', 'brand_id', 'asin', 'title', 'status', 'commission', 'image_url', 'detail_page_url',
      'marketplace_id', 'country_code', 'price_cents', 'currency',
    ],
    key: ['id'],
    read: (f) => {
      // Read in file order so that issues come out in the order of the fields.
      const head = {
        id: f.required('id', id),
        brand_id: f.required('brand_id', id),
        asin: f.required('asin', asin),
        title: f.required('title', name),
        status: f.required('status', oneOf(PRODUCT_STATUSES)),
        commission: readCommission(f),
        image_url: f.optional('image_url', httpUrl, null),
        detail_page_url: f.optional('detail_page_url', httpUrl, null),
      }
      const byId = f.optional('marketplace_id', marketplaceId, null)
      const byCode = f.optional('country_code', marketplaceCode, null)
      if (byId && byCode && byId !== byCode) {
        f.report('marketplace_id', `${byId.marketplaceId} is the ${byId.code} marketplace, not ${byCode.code}`)
      }
      // Either one names the marketplace; the other is filled in from the table.
      const marketplace = byId ?? byCode
      return {
        ...head,
        marketplace_id: marketplace?.marketplaceId ?? null,
        country_code: marketplace?.code ?? null,
        price_cents: f.optional('price_cents', count, null),
        currency: f.optional('currency', currencyCode, null),
      }
    },
  },
  partnerships: {
    fields: ['creator_id', 'brand_id', 'status'],
    key: ['creator_id', 'brand_id'],
    read: (f) => ({
      creator_id: f.required('creator_id', id),
      brand_id: f.required('brand_id', id),
      status: f.required('status', oneOf(PARTNERSHIP_STATUSES)),
    }),
  },
  links: {
    fields: ['id', 'creator_id', 'brand_id', 'product_id', 'tracking_id', 'short_url', 'destination_url', 'amazon_ad_group_id'],
    key: ['id'],
    read: (f) => ({
      id: f.required('id', id),
      creator_id: f.required('creator_id', id),
      brand_id: f.required('brand_id', id),
      product_id: f.optional('product_id', id, null),
      tracking_id: f.optional('tracking_id', label, ''),
      short_url: f.required('short_url', httpUrl),
      destination_url: f.required('destination_url', httpUrl),
      amazon_ad_group_id: f.optional('amazon_ad_group_id', adGroupId, null),
    }),
  },
  commission_terms: {
    fields: ['product_id', 'creator_id', 'effective_from', 'type', 'rate_bps', 'flat_cents', 'currency_code'],
    key: ['product_id', 'creator_id', 'effective_from'],
    read: (f) => ({
      product_id: f.required('product_id', id),
      creator_id: f.optional('creator_id', id, null),
      effective_from: f.required('effective_from', reportDate),
      terms: readTerms(f),
    }),
  },
  report_rows: {
    fields: [
      'date', 'link_id', 'product_id', 'marketplace', 'currency', 'sales_cents', 'commission_cents',
      'commission_status', 'orders', 'units_sold', 'clicks', 'detail_page_views', 'add_to_carts',
    ],
    key: ['date', 'link_id', 'product_id', 'marketplace'],
    read: (f) => ({
      date: f.required('date', reportDate),
      link_id: f.required('link_id', id),
      product_id: f.required('product_id', id),
      marketplace: f.required('marketplace', marketplaceCode)?.code,
      currency: f.required('currency', currencyCode),
      sales_cents: f.required('sales_cents', count),
      commission_cents: f.required('commission_cents', count),
      commission_status: f.required('commission_status', oneOf(COMMISSION_STATUSES)),
      orders: f.required('orders', count),
      units_sold: f.required('units_sold', count),
      clicks: f.required('clicks', count),
      detail_page_views: f.required('detail_page_views', count),
      add_to_carts: f.required('add_to_carts', count),
    }),
  },
}

function readSection<T>(sectionName: string, raw: unknown, section: Section<T>, issues: Issues): T[] {
  if (raw === undefined) return []
  if (!Array.isArray(raw)) {
    issues.add(sectionName, 'must be an array')
    return []
  }
  const items: T[] = []
  const seen = new Map<string, number>()
  raw.forEach((item: unknown, index) => {
    const path = `${sectionName}[${index}]`
    if (!isObject(item)) {
      issues.add(path, 'must be an object')
      return
    }
    const before = issues.count
    const draft = section.read(new Fields(item, path, issues, section.fields))

    const parts = section.key.map((k) => draft[k])
    // Only items whose key fields were read; ids cannot hold \0, so the joined key is unambiguous.
    if (parts.every((p) => p !== undefined)) {
      const key = parts.join('\0')
      const first = seen.get(key)
      if (first === undefined) seen.set(key, index)
      else if (section.key.length === 1) issues.add(fieldPath(path, section.key[0] ?? ''), `duplicate of ${sectionName}[${first}]`)
      else issues.add(path, `duplicate of ${sectionName}[${first}] (same ${listed(section.key)})`)
    }

    // No new issue means every field was read, so no field of the draft is undefined.
    if (issues.count === before) items.push(draft as unknown as T)
  })
  return items
}

/** ['a', 'b', 'c'] → "a, b and c" */
function listed(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}

export function parseDataset(raw: unknown): Dataset {
  if (!isObject(raw)) throw new DatasetError(['dataset: must be a JSON object'])
  const issues = new Issues()
  for (const key of Object.keys(raw)) {
    if (!Object.hasOwn(SECTIONS, key)) issues.add(fieldPath('', key), 'unknown section')
  }
  const dataset: Dataset = {
    accounts: readSection('accounts', own(raw, 'accounts'), SECTIONS.accounts, issues),
    api_tokens: readSection('api_tokens', own(raw, 'api_tokens'), SECTIONS.api_tokens, issues),
    brands: readSection('brands', own(raw, 'brands'), SECTIONS.brands, issues),
    brand_access: readSection('brand_access', own(raw, 'brand_access'), SECTIONS.brand_access, issues),
    products: readSection('products', own(raw, 'products'), SECTIONS.products, issues),
    partnerships: readSection('partnerships', own(raw, 'partnerships'), SECTIONS.partnerships, issues),
    links: readSection('links', own(raw, 'links'), SECTIONS.links, issues),
    commission_terms: readSection('commission_terms', own(raw, 'commission_terms'), SECTIONS.commission_terms, issues),
    report_rows: readSection('report_rows', own(raw, 'report_rows'), SECTIONS.report_rows, issues),
  }
  issues.throwIfAny()
  return dataset
}
