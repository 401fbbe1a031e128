import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { currencyFractionDigits, formatMinor, MoneyParseError, parseDecimalToMinor } from '../../src/domain/money.js'
import { MARKETPLACES } from '../../src/domain/marketplaces.js'

const RUNS = { numRuns: 2000 }

/** Exact decimal text of n / 10^d, e.g. (-5n, 2) → "-0.05", (1234n, 0) → "1234". */
function formatScaled(n: bigint, d: number): string {
  const negative = n < 0n
  const digits = (negative ? -n : n).toString().padStart(d + 1, '0')
  const intPart = digits.slice(0, digits.length - d)
  const fracPart = digits.slice(digits.length - d)
  return (negative ? '-' : '') + intPart + (d > 0 ? '.' + fracPart : '')
}

/**
 * Reference: the decimal string read as the exact rational num / 10^k, scaled by 10^digits and
 * rounded half away from zero via floor((2|x| + 1) / 2) computed as floor((2a + b) / 2b).
 */
function referenceMinor(sign: string, intDigits: string, fracDigits: string, digits: number): bigint {
  const num = BigInt((intDigits === '' ? '0' : intDigits) + fracDigits) * 10n ** BigInt(digits)
  const den = 10n ** BigInt(fracDigits.length)
  const magnitude = (2n * num + den) / (2n * den)
  return sign === '-' ? -magnitude : magnitude
}

function assertParseError(input: string, reasonPattern?: RegExp): void {
  assert.throws(
    () => parseDecimalToMinor(input, 2),
    (err: unknown) => {
      assert.ok(
        err instanceof MoneyParseError,
        `expected MoneyParseError for ${JSON.stringify(input)}, got ${String(err)}`,
      )
      assert.ok(err instanceof Error)
      assert.equal(err.name, 'MoneyParseError')
      assert.ok(err.message.includes(JSON.stringify(input)), `message should quote the input: ${err.message}`)
      if (reasonPattern) assert.match(err.message, reasonPattern)
      return true
    },
  )
}

const digitString = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), minLength, maxLength })

describe('parseDecimalToMinor: examples', () => {
  const cases: Array<[string, number, bigint]> = [
    ['191.95999999999998', 2, 19196n],
    ['0.005', 2, 1n],
    ['-0.005', 2, -1n],
    ['0.00499999', 2, 0n],
    ['-0.00499999', 2, 0n],
    ['2.675', 2, 268n],
    ['-2.675', 2, -268n],
    ['1.005', 2, 101n],
    ['1234.5', 0, 1235n],
    ['1234.4999', 0, 1234n],
    ['-1234.5', 0, -1235n],
    ['0', 2, 0n],
    ['-0', 2, 0n],
    ['0.0', 2, 0n],
    ['12', 2, 1200n],
    ['12', 0, 12n],
    ['12', 3, 12000n],
    ['-3.5', 2, -350n],
    ['+3.5', 2, 350n],
    ['1.2345', 3, 1235n],
    ['1.2344', 3, 1234n],
    ['0.9995', 3, 1000n],
    ['9.995', 2, 1000n],
    ['99.5', 0, 100n],
    ['.5', 2, 50n],
    ['5.', 2, 500n],
    ['007.10', 2, 710n],
    ['  42.42\n', 2, 4242n],
    ['\t-0.01 ', 2, -1n],
    ['0.00000000000000000005', 2, 0n],
    ['0.0050000000000000000000000001', 2, 1n],
    ['123456789012345678901234567890.125', 2, 12345678901234567890123456789013n],
    ['-123456789012345678901234567890.125', 2, -12345678901234567890123456789013n],
    ['9007199254740993.00', 2, 900719925474099300n],
    ['90071992547409.93', 2, 9007199254740993n],
  ]
  for (const [input, digits, expected] of cases) {
    it(`${JSON.stringify(input)} with ${digits} digits → ${expected}n`, () => {
      assert.equal(parseDecimalToMinor(input, digits), expected)
    })
  }

  it('keeps values beyond 2^53 exact', () => {
    const big = 2n ** 80n + 7n
    assert.equal(parseDecimalToMinor(formatScaled(big, 2), 2), big)
    assert.equal(parseDecimalToMinor(big.toString() + '.995', 2), big * 100n + 100n)
    assert.ok(big > BigInt(Number.MAX_SAFE_INTEGER))
  })

  it('never returns negative zero-like values', () => {
    assert.equal(parseDecimalToMinor('-0.001', 2), 0n)
    assert.equal(Object.is(parseDecimalToMinor('-0.001', 2), 0n), true)
  })
})

describe('parseDecimalToMinor: rejects malformed input', () => {
  it('rejects empty and blank text', () => {
    assertParseError('', /empty/)
    assertParseError('   ', /empty/)
  })
  it('rejects NaN and Infinity', () => {
    for (const s of ['NaN', 'nan', 'Infinity', '-Infinity', '+Infinity', 'inf']) assertParseError(s, /finite/)
  })
  it('rejects exponent notation', () => {
    for (const s of ['1e3', '1E3', '1.5e-3', '-2e+2', '.5e1']) assertParseError(s, /exponent/)
  })
  it('rejects multiple dots', () => {
    for (const s of ['1.2.3', '1..2', '..']) assertParseError(s, /decimal point/)
  })
  it('rejects signs anywhere but the start', () => {
    for (const s of ['1-2', '12-', '1.5+', '--1', '+-1', '- 1']) assertParseError(s)
    for (const s of ['1-2', '12-', '--1', '+-1']) assertParseError(s, /sign/)
  })
  it('rejects thousand separators', () => {
    for (const s of ['1,234.56', '1 234.56', '1_234', '1,5']) assertParseError(s, /separator/)
  })
  it('rejects sign or dot without digits and other junk', () => {
    for (const s of ['-', '+', '.', '-.', 'abc', '$12', '12USD', '0x10', '١٢', '1/2']) assertParseError(s)
  })
  it('rejects bad fractionDigits with RangeError', () => {
    assert.throws(() => parseDecimalToMinor('1', -1), RangeError)
    assert.throws(() => parseDecimalToMinor('1', 1.5), RangeError)
    assert.throws(() => parseDecimalToMinor('1', Number.NaN), RangeError)
  })
})

describe('parseDecimalToMinor: properties', () => {
  it('(1) round-trips exact decimal text of n / 10^d', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.integer({ min: 0, max: 6 }),
        (n, d) => parseDecimalToMinor(formatScaled(n, d), d) === n,
      ),
      RUNS,
    )
  })

  it('(1b) trailing zeros, padding and extra precision do not change the value', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 5 }),
        (n, d, extraDigits, trailingZeros) => {
          let text = formatScaled(n, d)
          if (trailingZeros > 0) text += (d === 0 ? '.' : '') + '0'.repeat(trailingZeros)
          return parseDecimalToMinor(` ${text} `, d + extraDigits) === n * 10n ** BigInt(extraDigits)
        },
      ),
      RUNS,
    )
  })

  it('(1c) parses JS float text of whole cents back to the same cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 15), max: 10 ** 15 }), (cents) => {
        return parseDecimalToMinor(String(cents / 100), 2) === BigInt(cents)
      }),
      RUNS,
    )
  })

  it('(2) rounding agrees with exact rational arithmetic (0–20 fraction digits)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('', '-', '+'),
        digitString(0, 25),
        digitString(0, 20),
        fc.integer({ min: 0, max: 4 }),
        (sign, intDigits, fracDigits, digits) => {
          fc.pre(intDigits !== '' || fracDigits !== '')
          const text = sign + intDigits + (fracDigits === '' && intDigits !== '' ? '' : '.' + fracDigits)
          return parseDecimalToMinor(text, digits) === referenceMinor(sign, intDigits, fracDigits, digits)
        },
      ),
      RUNS,
    )
  })

  it('(2b) exact ties round away from zero, near-ties do not', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('', '-'),
        digitString(1, 18),
        digitString(0, 3),
        fc.integer({ min: 0, max: 10 }),
        fc.constantFrom('5', '4', '49999', '50001', '6'),
        (sign, intDigits, kept, zeros, tail) => {
          const digits = kept.length
          const fracDigits = kept + tail + '0'.repeat(zeros)
          const text = `${sign}${intDigits}.${fracDigits}`
          const expected = referenceMinor(sign, intDigits, fracDigits, digits)
          const truncated = BigInt(intDigits + kept)
          // Direct statement of the rule, independent of the reference: a dropped part >= 0.5 bumps the magnitude.
          const bump = tail.startsWith('5') || tail === '6' ? 1n : 0n
          const direct = sign === '-' ? -(truncated + bump) : truncated + bump
          const actual = parseDecimalToMinor(text, digits)
          return actual === expected && actual === direct
        },
      ),
      RUNS,
    )
  })

  it('only ever throws MoneyParseError for arbitrary strings', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(...'0123456789.-+eE, _'.split('')) })),
        (s) => {
          try {
            const v = parseDecimalToMinor(s, 2)
            return typeof v === 'bigint' && /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/.test(s)
          } catch (err) {
            return err instanceof MoneyParseError && err.message.includes(JSON.stringify(s))
          }
        },
      ),
      RUNS,
    )
  })
})

describe('currencyFractionDigits', () => {
  it('knows every marketplace currency', () => {
    const expected: Record<string, number> = {
      USD: 2,
      CAD: 2,
      MXN: 2,
      BRL: 2,
      GBP: 2,
      EUR: 2,
      SEK: 2,
      PLN: 2,
      JPY: 0,
      AUD: 2,
      INR: 2,
      AED: 2,
      SAR: 2,
      SGD: 2,
      TRY: 2,
      EGP: 2,
      ZAR: 2,
    }
    for (const [code, digits] of Object.entries(expected)) assert.equal(currencyFractionDigits(code), digits, code)
    for (const m of MARKETPLACES) assert.equal(typeof currencyFractionDigits(m.currency), 'number', m.currency)
  })
  it('has three-digit and zero-digit currencies', () => {
    assert.equal(currencyFractionDigits('KWD'), 3)
    assert.equal(currencyFractionDigits('BHD'), 3)
    assert.equal(currencyFractionDigits('KRW'), 0)
  })
  it('throws for unknown codes', () => {
    for (const code of ['XXX', '', 'usd', 'US', 'toString', '__proto__', 'constructor']) {
      assert.throws(() => currencyFractionDigits(code), /Unknown currency/, code)
    }
  })
  it('combines with parseDecimalToMinor', () => {
    assert.equal(parseDecimalToMinor('1234.5', currencyFractionDigits('JPY')), 1235n)
    assert.equal(parseDecimalToMinor('1.2345', currencyFractionDigits('KWD')), 1235n)
    assert.equal(parseDecimalToMinor('191.95999999999998', currencyFractionDigits('USD')), 19196n)
  })
})

describe('formatMinor', () => {
  it("writes minor units in the currency's digits", () => {
    assert.equal(formatMinor(12345, 'USD'), '123.45')
    assert.equal(formatMinor(5n, 'EUR'), '0.05')
    assert.equal(formatMinor(-5, 'EUR'), '-0.05')
    assert.equal(formatMinor(500, 'JPY'), '500')
    assert.equal(formatMinor(1234n, 'KWD'), '1.234')
  })
  it('parseDecimalToMinor reads back exactly what formatMinor wrote (property)', () => {
    const codes = ['USD', 'JPY', 'KWD', 'EUR']
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }),
        fc.constantFrom(...codes),
        (n, c) => parseDecimalToMinor(formatMinor(n, c), currencyFractionDigits(c)) === n,
      ),
      RUNS,
    )
  })
})
