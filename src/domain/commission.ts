// Integer-only commission arithmetic. Amounts are minor units (cents) as bigint; rates are
// basis points (1 bp = 0.01 %, 10000 bp = 100 %).

/** Amazon restates a date for up to this many days; rows older than that can be approved. */
export const RESTATEMENT_WINDOW_DAYS = 28

/** Thrown when flat commission terms are in a different currency than the sales row. */
export class CommissionCurrencyError extends Error {
  readonly termsCurrency: string
  readonly rowCurrency: string

  constructor(termsCurrency: string, rowCurrency: string) {
    super(
      `Flat commission terms are in ${termsCurrency} but the sales row is in ${rowCurrency}; ` +
        'refusing to mix currencies',
    )
    this.name = 'CommissionCurrencyError'
    this.termsCurrency = termsCurrency
    this.rowCurrency = rowCurrency
  }
}

/** The terms a row earns: percentage carries rate_bps, flat carries flat_cents and its currency. */
export type CommissionTerms =
  { type: 'percentage'; rate_bps: number } | { type: 'flat'; flat_cents: number; currency_code: string }

export interface CommissionRow {
  sales_cents: bigint
  units_sold: bigint
  currency: string
}

/**
 * numerator / denominator rounded to the nearest integer, ties away from zero
 * (7/2 → 4, -7/2 → -4, 5/3 → 2). Either sign is allowed for both; a zero denominator is a
 * RangeError.
 */
export function roundHalfUpDiv(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('roundHalfUpDiv: division by zero')
  const negative = numerator < 0n !== denominator < 0n
  const n = numerator < 0n ? -numerator : numerator
  const d = denominator < 0n ? -denominator : denominator
  let q = n / d
  const r = n % d
  if (2n * r >= d) q += 1n
  return negative ? -q : q
}

function checkRateBps(rateBps: number): void {
  if (!Number.isInteger(rateBps) || rateBps < 0 || rateBps > 10000) {
    throw new RangeError(`rate_bps must be an integer in 0..10000, got ${String(rateBps)}`)
  }
}

/** round_half_up(sales * rateBps / 10000). rateBps must be an integer in 0..10000 (RangeError). */
export function percentageCommission(salesCents: bigint, rateBps: number): bigint {
  checkRateBps(rateBps)
  return roundHalfUpDiv(salesCents * BigInt(rateBps), 10000n)
}

/** flatCents * unitsSold. */
export function flatCommission(flatCents: bigint, unitsSold: bigint): bigint {
  return flatCents * unitsSold
}

/**
 * Commission for one sales row. `null` terms → 0n. Flat terms whose currency differs from the
 * row's → {@link CommissionCurrencyError}. A non-integer `flat_cents` or an out-of-range
 * `rate_bps` → RangeError.
 */
export function computeCommission(terms: CommissionTerms | null, row: CommissionRow): bigint {
  if (terms === null) return 0n
  switch (terms.type) {
    case 'percentage':
      return percentageCommission(row.sales_cents, terms.rate_bps)
    case 'flat': {
      if (terms.currency_code !== row.currency) {
        throw new CommissionCurrencyError(terms.currency_code, row.currency)
      }
      if (!Number.isSafeInteger(terms.flat_cents)) {
        throw new RangeError(`flat_cents must be a safe integer, got ${String(terms.flat_cents)}`)
      }
      return flatCommission(BigInt(terms.flat_cents), row.units_sold)
    }
    default: {
      const unknownTerms: never = terms
      throw new TypeError(`Unknown commission terms type ${JSON.stringify((unknownTerms as { type?: unknown }).type)}`)
    }
  }
}
