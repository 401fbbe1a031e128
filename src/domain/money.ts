// Exact money handling: Amazon reports money as decimal text (often float noise such as
// "191.95999999999998"). Everything here works on strings and bigints only; no value ever
// passes through a float multiplication.

/** Thrown when a money string is not a plain decimal number. The message quotes the input. */
export class MoneyParseError extends Error {
  readonly input: string

  constructor(input: string, reason: string) {
    super(`Invalid money amount ${JSON.stringify(input)}: ${reason}`)
    this.name = 'MoneyParseError'
    this.input = input
  }
}

// Optional sign, then digits with at most one dot. At least one digit is checked separately,
// so "5.", ".5" and "-0.50" are accepted while "." and "-" are not.
const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?$/

/**
 * Converts decimal text to integer minor units (`fractionDigits` 2 → cents, 0 → whole yen),
 * rounding half away from zero: "0.005" → 1n, "-0.005" → -1n, "2.675" → 268n.
 *
 * Accepted: surrounding whitespace, an optional leading `+`/`-`, digits with at most one `.`.
 * Rejected with {@link MoneyParseError}: empty text, `NaN`, `Infinity`, exponent notation
 * (`1e3` — decided: never silently expand), thousand separators, several dots, a sign anywhere
 * but the front, and any other character. A non-integer or negative `fractionDigits` is a
 * RangeError. Negative zero results are plain `0n`.
 */
export function parseDecimalToMinor(text: string, fractionDigits: number): bigint {
  if (!Number.isSafeInteger(fractionDigits) || fractionDigits < 0) {
    throw new RangeError(`fractionDigits must be a non-negative integer, got ${String(fractionDigits)}`)
  }
  if (typeof text !== 'string') {
    throw new MoneyParseError(String(text), 'expected a string')
  }
  const trimmed = text.trim()
  if (trimmed === '') throw new MoneyParseError(text, 'empty')

  const m = DECIMAL_RE.exec(trimmed)
  if (m === null) {
    let reason = 'not a plain decimal number'
    if (/^[+-]?(nan|infinity|inf)$/i.test(trimmed)) reason = 'not a finite number'
    else if (/^[+-]?(\d+\.?\d*|\.\d+)[eE][+-]?\d+$/.test(trimmed)) reason = 'exponent notation is not supported'
    else if (trimmed.includes(',') || /\s/.test(trimmed) || trimmed.includes('_'))
      reason = 'digit group separators are not allowed'
    else if ((trimmed.match(/\./g) ?? []).length > 1) reason = 'more than one decimal point'
    else if (/.[+-]/.test(trimmed)) reason = 'a sign is only allowed at the start'
    throw new MoneyParseError(text, reason)
  }

  const negative = m[1] === '-'
  const intDigits = m[2] ?? ''
  const fracDigits = m[3] ?? ''
  if (intDigits === '' && fracDigits === '') throw new MoneyParseError(text, 'no digits')

  // Minor units before rounding: integer digits followed by the first `fractionDigits` fraction
  // digits (right-padded with zeros). The first dropped digit decides rounding: the dropped
  // remainder is >= one half exactly when that digit is >= 5.
  const kept = fracDigits.slice(0, fractionDigits).padEnd(fractionDigits, '0')
  const firstDropped = fracDigits.charAt(fractionDigits)
  let magnitude = BigInt((intDigits === '' ? '0' : intDigits) + kept)
  if (firstDropped !== '' && firstDropped >= '5') magnitude += 1n
  return negative ? -magnitude : magnitude
}

// ISO 4217 minor units. Covers every Amazon marketplace currency plus common others; anything
// missing throws rather than guessing 2.
const FRACTION_DIGITS: Readonly<Record<string, number>> = Object.freeze({
  // Amazon marketplaces
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
  // Other two-digit currencies
  CHF: 2,
  CNY: 2,
  HKD: 2,
  NZD: 2,
  NOK: 2,
  DKK: 2,
  CZK: 2,
  HUF: 2,
  RON: 2,
  ILS: 2,
  THB: 2,
  MYR: 2,
  PHP: 2,
  IDR: 2,
  TWD: 2,
  COP: 2,
  ARS: 2,
  PEN: 2,
  NGN: 2,
  QAR: 2,
  // Zero-digit currencies
  KRW: 0,
  CLP: 0,
  VND: 0,
  ISK: 0,
  UGX: 0,
  PYG: 0,
  XOF: 0,
  XAF: 0,
  XPF: 0,
  RWF: 0,
  KMF: 0,
  GNF: 0,
  DJF: 0,
  BIF: 0,
  VUV: 0,
  // Three-digit currencies
  KWD: 3,
  BHD: 3,
  OMR: 3,
  JOD: 3,
  TND: 3,
  LYD: 3,
  IQD: 3,
})

/** ISO 4217 minor units of a currency code (`USD` → 2, `JPY` → 0, `KWD` → 3). Unknown → throws. */
export function currencyFractionDigits(currency: string): number {
  if (typeof currency === 'string' && Object.hasOwn(FRACTION_DIGITS, currency)) {
    const digits = FRACTION_DIGITS[currency]
    if (digits !== undefined) return digits
  }
  throw new RangeError(`Unknown currency code ${JSON.stringify(currency)}`)
}

/** Minor units as decimal text in the currency's digits: 12345 USD → "123.45", 500 JPY → "500". */
export function formatMinor(minor: number | bigint, currency: string): string {
  const digits = currencyFractionDigits(currency)
  const v = BigInt(minor)
  const neg = v < 0n
  const s = (neg ? -v : v).toString().padStart(digits + 1, '0')
  const whole = digits === 0 ? s : s.slice(0, -digits)
  const frac = digits === 0 ? '' : `.${s.slice(-digits)}`
  return `${neg ? '-' : ''}${whole}${frac}`
}
