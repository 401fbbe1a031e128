// Calendar days (YYYY-MM-DD): the one place that knows which dates exist and which the service
// takes. PostgreSQL's date type refuses year 0000, so the API's range starts at 0001-01-01;
// five-digit years have no YYYY-MM-DD form, so it ends at 9999-12-31 (API-DECISIONS.md).
export const FIRST_DAY = '0001-01-01'
export const LAST_DAY = '9999-12-31'

/** Report dates the platform stores (imported or ingested): Amazon's reports fall well inside. */
export const REPORT_DAYS = { first: '2000-01-01', last: '2100-12-31' } as const

/** The shape of a day in the API's range: four digits, not year 0000, month 01-12, day 01-31. */
export const DAY_PATTERN = '^(?!0000)[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'

/** The rule `parseDay` checks, in words, for messages. */
export const DAY_RULE = `a real calendar date in the form YYYY-MM-DD from ${FIRST_DAY} to ${LAST_DAY}`

const DAY_MS = 86_400_000

/** Whether y-m-d exists in the proleptic Gregorian calendar (PostgreSQL's and ISO 8601's), year ≥ 1. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || year < 1) return false
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
  return days !== undefined && Number.isInteger(day) && day >= 1 && day <= days
}

/**
 * A day as canonical YYYY-MM-DD, or null when `text` is not a real day from 0001-01-01 to
 * 9999-12-31. `compact` also takes YYYYMMDD (Amazon's reports).
 */
export function parseDay(text: string, opts: { compact?: boolean } = {}): string | null {
  const m = (opts.compact ? /^(\d{4})-?(\d{2})-?(\d{2})$/ : /^(\d{4})-(\d{2})-(\d{2})$/).exec(text)
  if (!m) return null
  return isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3])) ? `${m[1]}-${m[2]}-${m[3]}` : null
}

/** Whether `text` is a real calendar day YYYY-MM-DD from 0001-01-01 to 9999-12-31. */
export const isDay = (text: string): boolean => parseDay(text) !== null

/** Whether a day (YYYY-MM-DD) lies in a range, both ends included (the form sorts as the days do). */
export const inRange = (day: string, range: { first: string; last: string }): boolean =>
  day >= range.first && day <= range.last

/** The day `n` days after `day` (before, when negative). Days from year 1000 on. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)
}

/** Today in UTC, YYYY-MM-DD. */
export const today = (now: Date = new Date()): string => now.toISOString().slice(0, 10)

/** Days from `a` to `b` (b − a). */
export const daysBetween = (a: string, b: string): number =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS)

/**
 * A timestamptz as the API's date-time text (ISO 8601 UTC with milliseconds), in SQL, whatever the
 * session's time zone.
 */
export const timestampSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
