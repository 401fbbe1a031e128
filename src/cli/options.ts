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

/** A duration option, "90d", "12h", "30m" → milliseconds. */
export function durationOf(flag: string) {
  return (text: string): number => {
    const m = /^(\d+)([dhm])$/.exec(text)
    if (!m || Number(m[1]) === 0) throw new InvalidArgumentError(`${flag} must look like 90d, 12h or 30m`)
    return Number(m[1]) * { d: 86_400_000, h: 3_600_000, m: 60_000 }[m[2] as 'd' | 'h' | 'm']
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
