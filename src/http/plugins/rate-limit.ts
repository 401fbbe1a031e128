// Rate limits: a token bucket per API token and one per account (so that an account's many tokens
// share one budget), and one per client address for the lookups of tokens this instance does not
// know, so that guessing tokens is slow. Headers follow the IETF httpapi draft
// (draft-ietf-httpapi-ratelimit-headers): RateLimit-Policy and RateLimit as structured fields.
import type { FastifyBaseLogger, FastifyReply } from 'fastify'
import { isIPv6 } from 'node:net'
import { ApiError } from '../errors.js'
import type { Metrics } from '../metrics.js'
import type { Keyed, Policy, RateLimitStore, Take } from '../ratelimit/bucket.js'
import { MemoryStore } from '../ratelimit/memory-store.js'

export interface RateLimitOptions {
  perMinute: number
  burst: number
  /** The budget every token of one account shares. */
  accountPerMinute: number
  accountBurst: number
  authFailuresPerMinute: number
  authFailuresBurst: number
  /** Default: buckets in this process. */
  store?: RateLimitStore
}

interface Named extends Policy {
  name: string
  header: string
}

const named = (name: string, perMinute: number, burst: number): Named => ({
  name,
  perMinute,
  burst,
  header: `"${name}";q=${perMinute};w=60`,
})

/**
 * The failure bucket's key for a client address: an IPv6 client is its /64, which one subscriber
 * or site usually holds whole (a bucket per address would give it 2^64 buckets); an IPv4-mapped
 * address is its IPv4 address.
 */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return `ip:${ip}`
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return `ip:${mapped[1]}`
  const [head = '', tail = ''] = ip.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : []
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
  return `ip6:${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`
}

/** After a store error, the in-process buckets answer alone this long before the store is tried again. */
const RETRY_STORE_MS = 1000

export class Limiter {
  private readonly store: RateLimitStore
  /** Answers while the store does not (and always, when the store is this one). */
  private readonly local = new MemoryStore()
  private readonly token: Named
  private readonly account: Named
  private readonly failures: Named
  /** Set while the store fails: the time it is tried again. */
  private storeDownUntil: number | null = null

  constructor(
    opts: RateLimitOptions,
    private readonly metrics: Metrics,
    private readonly log: FastifyBaseLogger,
  ) {
    this.store = opts.store ?? this.local
    this.token = named('default', opts.perMinute, opts.burst)
    this.account = named('account', opts.accountPerMinute, opts.accountBurst)
    this.failures = named('auth-failures', opts.authFailuresPerMinute, opts.authFailuresBurst)
  }

  /** The token's bucket, as GET /api/v1/me shows it. */
  get tokenPolicy(): { limit: number; window_seconds: number } {
    return { limit: this.token.perMinute, window_seconds: 60 }
  }

  /**
   * Takes one request from the token's bucket and its account's (from both or neither), sets the
   * headers of the one nearer to empty, and throws 429 when either is empty.
   */
  async admit(tokenId: string, accountId: string, reply: FastifyReply): Promise<void> {
    const policies = [this.token, this.account]
    const takes = await this.take(
      [
        { key: `tok:${tokenId}`, policy: this.token },
        { key: `acct:${accountId}`, policy: this.account },
      ],
      1,
    )
    const refused = takes.findIndex((t) => !t.allowed)
    // refused: the bucket that refused; else the one with fewer requests left (the token's on a tie)
    const shown = refused >= 0 ? refused : takes[1]!.remaining < takes[0]!.remaining ? 1 : 0
    this.answer(policies[shown]!, takes[shown]!, reply)
  }

  /**
   * Takes one unit from the address's bucket before a token this instance does not know is looked
   * up (or for a request with no usable token); throws 429 when it is empty.
   */
  async guard(ip: string, reply: FastifyReply): Promise<void> {
    const [t] = await this.take([{ key: addressKey(ip), policy: this.failures }], 1)
    if (!t!.allowed) this.answer(this.failures, t!, reply)
  }

  /** Gives back the unit `guard` took, once the token turned out valid: only failures count. */
  async refund(ip: string): Promise<void> {
    await this.take([{ key: addressKey(ip), policy: this.failures }], -1)
  }

  async close(): Promise<void> {
    await this.store.close()
    await this.local.close()
  }

  /**
   * From the store, else from this process's buckets: a limiter that fails must neither take
   * the API down nor let every request through. Each instance then grants the full rate.
   */
  private async take(buckets: Keyed[], cost: number): Promise<Take[]> {
    if (this.store === this.local || (this.storeDownUntil !== null && Date.now() < this.storeDownUntil)) {
      if (this.store !== this.local) this.metrics.rateLimitFallbackChecks.inc()
      return this.local.take(buckets, cost)
    }
    try {
      const takes = await this.store.take(buckets, cost)
      if (this.storeDownUntil !== null) {
        this.storeDownUntil = null
        this.metrics.rateLimitFallback.set(0)
        this.log.info('rate limit store answers again: limits are shared again')
      }
      return takes
    } catch (err) {
      if (this.storeDownUntil === null) {
        this.metrics.rateLimitFallback.set(1)
        this.log.warn({ err }, 'rate limit store unavailable: limits are kept in this process until it answers')
      }
      this.storeDownUntil = Date.now() + RETRY_STORE_MS
      this.metrics.rateLimitFallbackChecks.inc()
      return this.local.take(buckets, cost)
    }
  }

  private answer(n: Named, t: Take, reply: FastifyReply) {
    const headers = {
      'ratelimit-policy': n.header,
      ratelimit: `"${n.name}";r=${t.remaining};t=${t.allowed ? t.reset : t.retryAfter}`,
    }
    reply.headers(headers)
    if (!t.allowed) {
      this.metrics.rateLimited.inc({ policy: n.name })
      throw new ApiError('rate_limited', `rate limit exceeded; retry after ${t.retryAfter} seconds (see Retry-After)`, {
        ...headers,
        'retry-after': String(Math.max(1, t.retryAfter)),
      })
    }
  }
}
