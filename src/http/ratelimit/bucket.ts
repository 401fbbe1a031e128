// Token bucket arithmetic shared by the stores: a bucket holds at most `burst` units and
// refills continuously at `perMinute` units a minute. A request takes one unit.

export interface Policy {
  /** Sustained rate: units added per minute. */
  perMinute: number
  /** Bucket size: how many requests may come at once after a quiet spell. */
  burst: number
}

export interface Take {
  /** Whether this bucket held the cost (for cost 0: at least one unit). */
  allowed: boolean
  /** Whole units left after the take (or now, when nothing was taken). */
  remaining: number
  /** Seconds until the next unit is available (0 when one is now). */
  retryAfter: number
  /** Seconds until the bucket is full again. */
  reset: number
}

export interface Bucket {
  tokens: number
  /** When `tokens` was computed, in ms. */
  at: number
}

/** One bucket of a take: its key in the store and its policy. */
export interface Keyed {
  key: string
  policy: Policy
}

export interface RateLimitStore {
  /**
   * Takes `cost` units from every bucket if each holds that many, else from none; one answer per
   * bucket, in order. Cost 0 only looks; a negative cost gives units back (never above the burst).
   */
  take(buckets: readonly Keyed[], cost: number): Promise<Take[]>
  close(): Promise<void>
}

export const perMs = (p: Policy) => p.perMinute / 60_000

/** The bucket's level at `now`, refilled since it was last written. */
export function level(b: Bucket | undefined, p: Policy, now: number): number {
  if (!b) return p.burst
  return Math.min(p.burst, b.tokens + Math.max(0, now - b.at) * perMs(p))
}

/** Whether a bucket at `tokens` units holds `cost` (for cost 0: at least one unit). */
export const holds = (tokens: number, cost: number) => tokens >= (cost === 0 ? 1 : cost)

/** The answer for a bucket left at `tokens` units. */
export function describe(tokens: number, allowed: boolean, p: Policy): Take {
  const rate = perMs(p)
  return {
    allowed,
    remaining: Math.max(0, Math.floor(tokens)),
    retryAfter: tokens >= 1 ? 0 : Math.ceil((1 - tokens) / rate / 1000),
    reset: Math.ceil((p.burst - tokens) / rate / 1000),
  }
}
