// The demo's report window: the days it has rows for, and how old a row is for its status.

import { addDays, DAY_RULE, parseDay } from '../domain/dates.js'
import { RESTATEMENT_WINDOW_DAYS } from '../domain/commission.js'

/** Number of days of report rows, ending the day before `today`. */
export const DEMO_REPORT_DAYS = 90
/** Rows at most this many days old are `pending`: Amazon may still restate them (returns); older ones `approved`. */
export const DEMO_PENDING_MAX_AGE = RESTATEMENT_WINDOW_DAYS

/** The report days, oldest first: `DEMO_REPORT_DAYS` days ending the day before `today`. */
export function reportDays(today: string): string[] {
  if (parseDay(today) === null) throw new RangeError(`today must be ${DAY_RULE}, got ${JSON.stringify(today)}`)
  const days: string[] = []
  for (let age = DEMO_REPORT_DAYS; age >= 1; age--) days.push(addDays(today, -age))
  return days
}

/** Saturday or Sunday. */
export function isWeekend(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
  return weekday === 0 || weekday === 6
}
