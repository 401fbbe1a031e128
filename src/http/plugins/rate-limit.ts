// Rate limits: a token bucket per API token, and one per client address for failed
// authentications, so that guessing tokens is slow. Headers follow the IETF httpapi draft
// (draft-ietf-httpapi-ratelimit-headers): RateLimit-Policy and RateLimit as structured fields.
import type { FastifyBaseLogger, FastifyReply } from 'fastify'
import { ApiError } from '../errors.js'
import type { Policy, RateLimitStore, Take } from '../ratelimit/bucket.js'
import { MemoryStore } from '../ratelimit/memory-store.js'

export interface RateLimitOptions {
  perMinute: number
  burst: number
  authFailuresPerMinute: number
  authFailuresBurst: number
  /** Default: buckets in this process. */
  store?: RateLimitStore
}

interface Named {
  name: string
  policy: Policy
  header: string
}

const named = (name: string, policy: Policy): Named => ({
  name,
  policy,
  header: `"${name}";q=${policy.perMinute};w=60`,
})

export class Limiter {
  readonly store: RateLimitStore
  private readonly tokens: Named
  private readonly failures: Named

  constructor(opts: RateLimitOptions) {
    this.store = opts.store ?? new MemoryStore()
    this.tokens = named('default', { perMinute: opts.perMinute, burst: opts.burst })
    this.failures = named('auth-failures', { perMinute: opts.authFailuresPerMinute, burst: opts.authFailuresBurst })
  }

  /**
   * Takes one request from the token's bucket, sets the headers, throws 429 when empty. A store
   * that never waits (in memory) answers at once, with no promise to wait on.
   */
  takeForToken(tokenId: string, reply: FastifyReply): void | Promise<void> {
    const key = `tok:${tokenId}`
    if (!this.store.takeNow) {
      return this.safely(reply.log, () => this.store.take(key, this.tokens.policy, 1)).then((t) => {
        if (t) this.answer(this.tokens, t, reply)
      })
    }
    let t: Take
    try {
      t = this.store.takeNow(key, this.tokens.policy, 1)
    } catch (err) {
      return letThrough(reply.log, err)
    }
    this.answer(this.tokens, t, reply)
  }

  /** Counts a failed authentication from this address; throws 429 once it failed too often. */
  async failed(ip: string, reply: FastifyReply): Promise<void> {
    const t = await this.safely(reply.log, () => this.store.take(`ip:${ip}`, this.failures.policy, 1))
    if (t && !t.allowed) this.answer(this.failures, t, reply)
  }

  close(): Promise<void> {
    return this.store.close()
  }

  private answer(n: Named, t: Take, reply: FastifyReply) {
    const headers = {
      'ratelimit-policy': n.header,
      ratelimit: `"${n.name}";r=${t.remaining};t=${t.allowed ? t.reset : t.retryAfter}`,
    }
    reply.headers(headers)
    if (!t.allowed) {
      reply.server.metrics?.rateLimited.inc({ policy: n.name })
      throw new ApiError('rate_limited', `rate limit exceeded; retry after ${t.retryAfter} seconds (see Retry-After)`, {
        ...headers,
        'retry-after': String(Math.max(1, t.retryAfter)),
      })
    }
  }

  private async safely(log: FastifyBaseLogger, fn: () => Promise<Take>): Promise<Take | null> {
    try {
      return await fn()
    } catch (err) {
      letThrough(log, err)
      return null
    }
  }
}

// A broken store must not take the API down with it: the request goes through, logged.
function letThrough(log: FastifyBaseLogger, err: unknown): void {
  log.warn({ err }, 'rate limit store unavailable; request let through')
}
