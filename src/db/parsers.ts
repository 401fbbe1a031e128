// Both drivers parse alike: int8 to number (our counts and cents stay far below 2^53, and a
// value beyond it fails loudly), date to its 'YYYY-MM-DD' text, numeric to text.
export const INT8 = 20
export const DATE = 1082
export const NUMERIC = 1700

export function parseInt8(text: string): number {
  const n = Number(text)
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${text} is beyond 2^53`)
  return n
}

export const identity = (text: string) => text

/** PGlite's parsers option. */
export const PGLITE_PARSERS = { [INT8]: parseInt8, [DATE]: identity, [NUMERIC]: identity }
