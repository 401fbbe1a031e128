// Buckets in this process's memory: right for one instance; several instances behind a load
// balancer need the Redis store, or each would grant the full rate.
import { describe, level, type Bucket, type Policy, type RateLimitStore, type Take } from './bucket.js'

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

  async take(key: string, policy: Policy, cost: number): Promise<Take> {
    return this.takeNow(key, policy, cost)
  }

  takeNow(key: string, policy: Policy, cost: number): Take {
    const now = this.now()
    const tokens = level(this.buckets.get(key), policy, now)
    if (cost === 0) return describe(tokens, tokens >= 1, policy)
    const allowed = tokens >= cost
    const left = allowed ? tokens - cost : tokens
    const full = now + ((policy.burst - left) / policy.perMinute) * 60_000
    this.buckets.set(key, { tokens: left, at: now, full })
    return describe(left, allowed, policy)
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
