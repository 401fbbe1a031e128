// Buckets in this process's memory: right for one instance; several instances behind a load
// balancer need the Redis store, or each would grant the full rate.
import { describe, holds, level, type Bucket, type Keyed, type RateLimitStore, type Take } from './bucket.js'

export class MemoryStore implements RateLimitStore {
  private readonly buckets = new Map<string, Bucket & { full: number }>()
  private readonly sweeper: NodeJS.Timeout

  constructor(
    sweepEveryMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {
    // A bucket that has refilled is the same as no bucket: drop it, so memory stays flat
    // however many tokens and addresses pass by.
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs)
    this.sweeper.unref()
  }

  async take(buckets: readonly Keyed[], cost: number): Promise<Take[]> {
    const now = this.now()
    const levels = buckets.map((b) => level(this.buckets.get(b.key), b.policy, now))
    const all = cost !== 0 && levels.every((l) => holds(l, cost))
    return buckets.map(({ key, policy }, i) => {
      let tokens = levels[i]!
      const allowed = holds(tokens, cost)
      if (all) {
        tokens = Math.min(policy.burst, tokens - cost)
        const full = now + ((policy.burst - tokens) / policy.perMinute) * 60_000
        this.buckets.set(key, { tokens, at: now, full })
      }
      return describe(tokens, allowed, policy)
    })
  }

  get size(): number {
    return this.buckets.size
  }

  sweep(): void {
    const now = this.now()
    for (const [key, b] of this.buckets) if (b.full <= now) this.buckets.delete(key)
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper)
    this.buckets.clear()
  }
}
