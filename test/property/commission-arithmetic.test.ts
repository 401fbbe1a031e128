import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import {
  CommissionCurrencyError,
  computeCommission,
  flatCommission,
  percentageCommission,
  roundHalfUpDiv,
} from '../../src/domain/commission.js'

const RUNS = { numRuns: 2000 }

const abs = (v: bigint): bigint => (v < 0n ? -v : v)

/**
 * Reference for round-half-away-from-zero division, built differently from the implementation:
 * take the floor and the ceiling of the exact quotient and pick the one whose product is
 * nearer to the numerator; on a tie pick the one farther from zero.
 */
function referenceRoundDiv(num: bigint, den: bigint): bigint {
  let n = num
  let d = den
  if (d < 0n) {
    n = -n
    d = -d
  }
  // Floor division for positive d (bigint `/` truncates toward zero).
  const floor = n >= 0n ? n / d : -((-n + d - 1n) / d)
  const ceil = floor * d === n ? floor : floor + 1n
  const distFloor = abs(n - floor * d)
  const distCeil = abs(ceil * d - n)
  if (distFloor < distCeil) return floor
  if (distCeil < distFloor) return ceil
  return abs(floor) > abs(ceil) ? floor : ceil
}

const bigAmount = fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n })
const rate = fc.integer({ min: 0, max: 10000 })

describe('roundHalfUpDiv', () => {
  it('rounds examples half away from zero', () => {
    const cases: Array<[bigint, bigint, bigint]> = [
      [7n, 2n, 4n],
      [-7n, 2n, -4n],
      [7n, -2n, -4n],
      [-7n, -2n, 4n],
      [5n, 3n, 2n],
      [4n, 3n, 1n],
      [-5n, 3n, -2n],
      [-4n, 3n, -1n],
      [1n, 2n, 1n],
      [-1n, 2n, -1n],
      [1n, 3n, 0n],
      [-1n, 3n, 0n],
      [0n, 5n, 0n],
      [10n, 5n, 2n],
      [-10n, 5n, -2n],
      [14999n, 10000n, 1n],
      [15000n, 10000n, 2n],
      [-15000n, 10000n, -2n],
      [2n ** 100n + 1n, 2n, 2n ** 99n + 1n],
    ]
    for (const [n, d, expected] of cases) {
      assert.equal(roundHalfUpDiv(n, d), expected, `${n}/${d}`)
    }
  })

  it('throws RangeError on division by zero', () => {
    assert.throws(() => roundHalfUpDiv(1n, 0n), RangeError)
  })

  it('(3) agrees with the reference and stays within half a denominator', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(2n ** 128n), max: 2n ** 128n }),
        fc.oneof(fc.bigInt({ min: -1000n, max: 1000n }), fc.bigInt({ min: -(2n ** 96n), max: 2n ** 96n })),
        (num, den) => {
          fc.pre(den !== 0n)
          const q = roundHalfUpDiv(num, den)
          assert.equal(q, referenceRoundDiv(num, den))
          assert.ok(2n * abs(q * den - num) <= abs(den), `|q*den - num| > |den|/2 for ${num}/${den}`)
        },
      ),
      RUNS,
    )
  })

  it('(3b) exact ties go away from zero', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.boolean(),
        (k, half, negateDen) => {
          // num / den = k + 1/2 exactly (or -(k + 1/2) when den is negated)
          const den = 2n * half
          const num = (2n * k + 1n) * half
          const q = roundHalfUpDiv(num, negateDen ? -den : den)
          const expected = num > 0n ? k + 1n : k
          assert.equal(q, negateDen ? -expected : expected)
        },
      ),
      RUNS,
    )
  })

  it('is odd: f(-n, d) = -f(n, d)', () => {
    fc.assert(
      fc.property(bigAmount, fc.bigInt({ min: 1n, max: 10n ** 9n }), (n, d) => {
        return roundHalfUpDiv(-n, d) === -roundHalfUpDiv(n, d)
      }),
      RUNS,
    )
  })
})

describe('percentageCommission', () => {
  it('computes examples', () => {
    assert.equal(percentageCommission(19196n, 1000), 1920n) // 1919.6 → 1920
    assert.equal(percentageCommission(19196n, 400), 768n) // 767.84 → 768
    assert.equal(percentageCommission(125n, 400), 5n)
    assert.equal(percentageCommission(50n, 100), 1n) // 0.5 → 1
    assert.equal(percentageCommission(-50n, 100), -1n) // -0.5 → -1
    assert.equal(percentageCommission(49n, 100), 0n)
    assert.equal(percentageCommission(12345n, 0), 0n)
    assert.equal(percentageCommission(12345n, 10000), 12345n)
    assert.equal(percentageCommission(2n ** 70n, 5000), 2n ** 69n)
  })

  it('rejects rates outside 0..10000 or non-integers', () => {
    for (const r of [-1, 10001, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      assert.throws(() => percentageCommission(100n, r), RangeError, String(r))
    }
  })

  it('agrees with the exact rational reference', () => {
    fc.assert(
      fc.property(bigAmount, rate, (sales, r) => {
        const num = abs(sales) * BigInt(r)
        const magnitude = (2n * num + 10000n) / 20000n
        return percentageCommission(sales, r) === (sales < 0n ? -magnitude : magnitude)
      }),
      RUNS,
    )
  })

  it('(4a) is monotonic in sales', () => {
    fc.assert(
      fc.property(bigAmount, bigAmount, rate, (a, b, r) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a]
        return percentageCommission(lo, r) <= percentageCommission(hi, r)
      }),
      RUNS,
    )
  })

  it('(4a) is monotonic in sales for neighbouring values', () => {
    fc.assert(
      fc.property(bigAmount, rate, (s, r) => percentageCommission(s, r) <= percentageCommission(s + 1n, r)),
      RUNS,
    )
  })

  it('(4b) is monotonic in rate (non-decreasing for sales ≥ 0, non-increasing for refunds)', () => {
    fc.assert(
      fc.property(bigAmount, rate, rate, (sales, r1, r2) => {
        const [lo, hi] = r1 <= r2 ? [r1, r2] : [r2, r1]
        const a = percentageCommission(sales, lo)
        const b = percentageCommission(sales, hi)
        return sales >= 0n ? a <= b : a >= b
      }),
      RUNS,
    )
  })

  it('(4c) equals sales at 10000 bps and 0 at 0 bps, and never exceeds |sales|', () => {
    fc.assert(
      fc.property(bigAmount, rate, (sales, r) => {
        assert.equal(percentageCommission(sales, 10000), sales)
        assert.equal(percentageCommission(sales, 0), 0n)
        assert.ok(abs(percentageCommission(sales, r)) <= abs(sales))
      }),
      RUNS,
    )
  })
})

describe('flatCommission', () => {
  it('multiplies', () => {
    assert.equal(flatCommission(250n, 4n), 1000n)
    assert.equal(flatCommission(250n, 0n), 0n)
    assert.equal(flatCommission(250n, -2n), -500n)
    assert.equal(flatCommission(2n ** 60n, 2n ** 10n), 2n ** 70n)
  })
  it('is flat * units for random values', () => {
    fc.assert(
      fc.property(bigAmount, fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }), (f, u) => {
        const v = flatCommission(f, u)
        return v === u * f && (u === 0n || v / u === f)
      }),
      RUNS,
    )
  })
})

describe('computeCommission', () => {
  const row = { sales_cents: 19196n, units_sold: 3n, currency: 'USD' }

  it('returns 0n for null terms', () => {
    assert.equal(computeCommission(null, row), 0n)
  })

  it('applies percentage terms', () => {
    assert.equal(computeCommission({ type: 'percentage', rate_bps: 1000 }, row), 1920n)
    assert.equal(computeCommission({ type: 'percentage', rate_bps: 10000 }, row), 19196n)
    assert.throws(() => computeCommission({ type: 'percentage', rate_bps: 10001 }, row), RangeError)
  })

  it('applies flat terms in the same currency', () => {
    assert.equal(computeCommission({ type: 'flat', flat_cents: 250, currency_code: 'USD' }, row), 750n)
    assert.equal(
      computeCommission(
        { type: 'flat', flat_cents: 100, currency_code: 'JPY' },
        { ...row, currency: 'JPY', units_sold: 0n },
      ),
      0n,
    )
    assert.throws(() => computeCommission({ type: 'flat', flat_cents: 2.5, currency_code: 'USD' }, row), RangeError)
  })

  it('refuses flat terms in a different currency, naming both', () => {
    assert.throws(
      () => computeCommission({ type: 'flat', flat_cents: 250, currency_code: 'EUR' }, row),
      (err: unknown) => {
        assert.ok(err instanceof CommissionCurrencyError)
        assert.ok(err instanceof Error)
        assert.match(err.message, /EUR/)
        assert.match(err.message, /USD/)
        return true
      },
    )
  })

  it('percentage terms ignore the row currency; flat terms match flatCommission', () => {
    fc.assert(
      fc.property(
        bigAmount,
        fc.bigInt({ min: 0n, max: 10n ** 6n }),
        rate,
        fc.integer({ min: 0, max: 100000 }),
        fc.constantFrom('USD', 'JPY', 'EUR', 'KWD'),
        (sales, units, r, flat, currency) => {
          const rowX = { sales_cents: sales, units_sold: units, currency }
          assert.equal(computeCommission({ type: 'percentage', rate_bps: r }, rowX), percentageCommission(sales, r))
          assert.equal(
            computeCommission({ type: 'flat', flat_cents: flat, currency_code: currency }, rowX),
            flatCommission(BigInt(flat), units),
          )
        },
      ),
      RUNS,
    )
  })
})
