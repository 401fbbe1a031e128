// Maps one Amazon Attribution report row (PRODUCTS or PERFORMANCE) to a typed staging row.
// A row that cannot be read is an IngestFileError naming the file and row: the run is refused
// whole. Rows that read well but match nothing on the platform are counted later, in SQL.
import { currencyFractionDigits, MoneyParseError, parseDecimalToMinor } from '../domain/money.js'
import { marketplaceByDomain } from '../domain/marketplaces.js'
import { inRange, parseDay, REPORT_DAYS } from '../domain/dates.js'
import { IngestFileError, type RawRecord } from './read.js'

export interface StageRow {
  kind: 'P' | 'C' // PRODUCTS (conversions) or PERFORMANCE (clicks)
  date: string // YYYY-MM-DD
  adGroupId: string
  asin: string | null
  marketplace: string | null // code, e.g. US
  currency: string | null
  halo: boolean
  detailPageViews: number
  addToCarts: number
  orders: number
  unitsSold: number
  salesCents: bigint
  clicks: number
}

const PROMOTED = {
  detailPageViews: 'attributedDetailPageViewsClicks14d',
  addToCarts: 'attributedAddToCartClicks14d',
  orders: 'attributedPurchases14d',
  unitsSold: 'unitsSold14d',
  sales: 'attributedSales14d',
} as const
const HALO = {
  detailPageViews: 'brandHaloDetailPageViewsClicks14d',
  addToCarts: 'brandHaloAttributedAddToCartClicks14d',
  orders: 'brandHaloAttributedPurchases14d',
  unitsSold: 'brandHaloUnitsSold14d',
  sales: 'brandHaloAttributedSales14d',
} as const

const MAX_COUNT = 2_147_483_647 // integer columns

export class RowMapper {
  constructor(private readonly file: string) {}

  private fail(rowNo: number, message: string): never {
    throw new IngestFileError(`${this.file} row ${rowNo}: ${message}`)
  }

  private text(r: RawRecord, rowNo: number, key: string): string {
    const v = Object.hasOwn(r, key) ? r[key] : undefined
    if (typeof v === 'string' && v.trim() !== '') return v.trim()
    if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v)
    return this.fail(
      rowNo,
      v === undefined || v === null || v === '' ? `${key} is missing` : `${key} must be text, got ${JSON.stringify(v)}`,
    )
  }

  /** Counts arrive as strings ("3") or numbers; absent or empty means 0. */
  private count(r: RawRecord, rowNo: number, key: string): number {
    const v = Object.hasOwn(r, key) ? r[key] : undefined
    if (v === undefined || v === null || v === '') return 0
    const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : ''
    const m = /^(\d+)(?:\.0*)?$/.exec(s)
    if (!m || Number(m[1]) > MAX_COUNT)
      this.fail(rowNo, `${key} must be a non-negative whole number, got ${JSON.stringify(v)}`)
    return Number(m[1])
  }

  private date(r: RawRecord, rowNo: number): string {
    const raw = this.text(r, rowNo, 'date')
    const day = parseDay(raw, { compact: true })
    if (day === null || !inRange(day, REPORT_DAYS))
      this.fail(rowNo, `date must be a day YYYYMMDD, got ${JSON.stringify(raw)}`)
    return day
  }

  private adGroupId(r: RawRecord, rowNo: number): string {
    const id = this.text(r, rowNo, 'adGroupId')
    // Also what keeps the COPY text safe: no tabs, newlines or backslashes.
    if (!/^[A-Za-z0-9_.:-]{1,128}$/.test(id))
      this.fail(rowNo, `adGroupId must be an id such as 144523967350812, got ${JSON.stringify(id)}`)
    return id
  }

  map(r: RawRecord, rowNo: number): StageRow {
    if (Object.hasOwn(r, 'productAsin')) return this.product(r, rowNo)
    if (Object.hasOwn(r, 'Click-throughs')) {
      return {
        kind: 'C',
        date: this.date(r, rowNo),
        adGroupId: this.adGroupId(r, rowNo),
        asin: null,
        marketplace: null,
        currency: null,
        halo: false,
        detailPageViews: 0,
        addToCarts: 0,
        orders: 0,
        unitsSold: 0,
        salesCents: 0n,
        clicks: this.count(r, rowNo, 'Click-throughs'),
      }
    }
    return this.fail(rowNo, 'neither a PRODUCTS row (productAsin) nor a PERFORMANCE row (Click-throughs)')
  }

  private product(r: RawRecord, rowNo: number): StageRow {
    const date = this.date(r, rowNo)
    const adGroupId = this.adGroupId(r, rowNo)
    const asin = this.text(r, rowNo, 'productAsin').toUpperCase()
    if (!/^[A-Z0-9]{10}$/.test(asin))
      this.fail(rowNo, `productAsin must be 10 letters or digits, got ${JSON.stringify(asin)}`)
    const domain = this.text(r, rowNo, 'marketplace')
    const market = marketplaceByDomain(domain)
    if (!market)
      this.fail(
        rowNo,
        `marketplace ${JSON.stringify(domain)} is not an Amazon marketplace of the marketplace table (e.g. AMAZON.COM)`,
      )
    const conversion = this.text(r, rowNo, 'productConversionType')
    if (conversion !== 'Promoted' && conversion !== 'Brand Halo')
      this.fail(rowNo, `productConversionType must be Promoted or Brand Halo, got ${JSON.stringify(conversion)}`)
    const halo = conversion === 'Brand Halo'
    const keys = halo ? HALO : PROMOTED
    const salesRaw = Object.hasOwn(r, keys.sales) ? r[keys.sales] : undefined
    let salesCents = 0n
    if (salesRaw !== undefined && salesRaw !== null && salesRaw !== '') {
      // A JSON number is taken by its shortest decimal text, which is what Amazon sent.
      const text = typeof salesRaw === 'number' ? String(salesRaw) : typeof salesRaw === 'string' ? salesRaw : ''
      try {
        salesCents = parseDecimalToMinor(text, currencyFractionDigits(market.currency))
      } catch (err) {
        if (err instanceof MoneyParseError) this.fail(rowNo, `${keys.sales}: ${err.message}`)
        throw err
      }
      if (salesCents < 0n) this.fail(rowNo, `${keys.sales} must not be negative, got ${JSON.stringify(salesRaw)}`)
      if (salesCents > BigInt(Number.MAX_SAFE_INTEGER)) this.fail(rowNo, `${keys.sales} is too large`)
    }
    return {
      kind: 'P',
      date,
      adGroupId,
      asin,
      marketplace: market.code,
      currency: market.currency,
      halo,
      detailPageViews: this.count(r, rowNo, keys.detailPageViews),
      addToCarts: this.count(r, rowNo, keys.addToCarts),
      orders: this.count(r, rowNo, keys.orders),
      unitsSold: this.count(r, rowNo, keys.unitsSold),
      salesCents,
      clicks: 0, // brand-halo and product rows carry no clicks; clicks come from PERFORMANCE rows
    }
  }
}
