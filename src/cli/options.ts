// Option values checked as commander parses them: a bad one is a usage error (exit 2) that
// names the option, the value and what it takes.
import { InvalidArgumentError } from 'commander'
import { ConfigError } from '../config.js'
import { isDay } from '../domain/dates.js'

/** A whole number from min to max. */
export function integer(flag: string, min: number, max: number) {
  return (raw: string): number => {
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      throw new InvalidArgumentError(`${flag} must be a number from ${min} to ${max}`)
    }
    return Number(raw)
  }
}

export const port = integer('--port', 0, 65535)

/** --port, else PORT, else 3000; a bad PORT is a configuration error. */
export function portOrEnv(given: number | undefined, env: Record<string, string | undefined>): number {
  if (given !== undefined) return given
  const raw = env.PORT
  if (raw === undefined || raw === '') return 3000
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    throw new ConfigError(`PORT must be a number from 0 to 65535 (got "${raw}")`)
  }
  return Number(raw)
}

const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000 }
/** The longest duration an option takes: a time that far ahead is still one the database can store. */
export const MAX_DURATION_DAYS = 36_500

/** A duration option, "90d", "12h", "30m" → milliseconds; at most MAX_DURATION_DAYS. */
export function durationOf(flag: string) {
  return (text: string): number => {
    const m = /^(\d+)([dhm])$/.exec(text)
    if (!m || Number(m[1]) === 0) throw new InvalidArgumentError(`${flag} must look like 90d, 12h or 30m`)
    const ms = Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS]
    if (ms > MAX_DURATION_DAYS * UNIT_MS.d)
      throw new InvalidArgumentError(`${flag} must be at most ${MAX_DURATION_DAYS}d (100 years)`)
    return ms
  }
}

export const duration = durationOf('--expires-in')

/** A calendar day, YYYY-MM-DD. */
export function day(flag: string) {
  return (raw: string): string => {
    if (!isDay(raw)) throw new InvalidArgumentError(`${flag} must be a day YYYY-MM-DD`)
    return raw
  }
}
