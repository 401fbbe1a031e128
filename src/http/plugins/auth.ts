// Bearer-token authentication, rate limits and role checks, run before validation so that an
// unauthenticated caller learns nothing about parameters.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify'
import type { Role } from '../../domain/roles.js'
import type { ReadRouter } from '../../db/replicas.js'
import type { Metrics } from '../metrics.js'
import { findTokenOwner, hashToken, touchTokens, type TokenOwner } from '../../tokens/tokens.js'
import { forbidden, invalidToken } from '../errors.js'
import { Limiter, type RateLimitOptions } from './rate-limit.js'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyRequest {
    owner: TokenOwner | null
  }
  interface FastifyInstance {
    auth: Auth
  }
}

const MAX_TOKEN_LENGTH = 512
const MAX_CACHED = 10_000
/** last_used_at is written at most this often per token. */
const TOUCH_EVERY_MS = 60_000

// the cache holds a token's hash, never the token
const cacheKey = (token: string) => hashToken(token).toString('base64')

function bearerToken(header: string | undefined): string | null {
  if (!header) return null
  const m = /^([A-Za-z]+) +([\x21-\x7e]+) *$/.exec(header)
  if (!m || m[1]!.toLowerCase() !== 'bearer' || m[2]!.length > MAX_TOKEN_LENGTH) return null
  return m[2]!
}

/**
 * Token lookups cached for `cacheMs` (the longest a revoked token keeps working on an
 * instance), the rate limiter, and last-used bookkeeping.
 */
export class Auth {
  private readonly cache = new Map<string, { owner: TokenOwner; until: number }>()
  private readonly touched = new Map<string, number>()
  private readonly pending = new Set<Promise<void>>()

  constructor(
    private readonly reads: ReadRouter,
    readonly limiter: Limiter | null,
    private readonly cacheMs: number,
    private readonly metrics: Metrics,
  ) {}

  /**
   * The token's owner from the database, or null; kept in the cache when it has one. Only known
   * tokens are cached, so a new token works at once. Called when `cached` had none.
   */
  async load(token: string): Promise<TokenOwner | null> {
    const owner = await this.lookup(token)
    if (owner && this.cacheMs > 0) {
      if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value!)
      this.cache.set(cacheKey(token), { owner, until: Date.now() + this.cacheMs })
    }
    return owner
  }

  /** The token's owner from the cache, or undefined when the cache does not hold it (or is off). */
  cached(token: string): TokenOwner | undefined {
    if (this.cacheMs === 0) return undefined
    const key = cacheKey(token)
    const hit = this.cache.get(key)
    if (hit && hit.until > Date.now()) {
      this.metrics.tokenLookups.inc({ result: 'hit' })
      return hit.owner
    }
    if (hit) this.cache.delete(key)
    return undefined
  }

  /**
   * On a replica, then, for a token the replica does not know yet (issued less than its lag
   * ago), on the primary while it answers. A revocation reaches a replica within its lag.
   */
  private async lookup(token: string): Promise<TokenOwner | null> {
    this.metrics.tokenLookups.inc({ result: 'miss' })
    const reader = this.reads.reader()
    const owner = await findTokenOwner(reader, token)
    if (owner || reader.served?.role === 'primary' || !this.reads.primaryUp) return owner
    return findTokenOwner(this.reads.primary, token)
  }

  /** Records the use, off the request's path, at most once a minute per token. */
  used(owner: TokenOwner, log: FastifyRequest['log']): void {
    const now = Date.now()
    const last = this.touched.get(owner.tokenId)
    if (last !== undefined && now - last < TOUCH_EVERY_MS) return
    if (this.touched.size >= MAX_CACHED) this.touched.clear()
    this.touched.set(owner.tokenId, now)
    // a write: skipped while the primary is down (reads go on from the replicas)
    if (!this.reads.primaryUp) return
    const p = touchTokens(this.reads.primary, [owner.tokenId])
      .catch((err: unknown) => log.warn({ err }, 'could not record token use'))
      .finally(() => this.pending.delete(p))
    this.pending.add(p)
  }

  /** Waits for last-used writes still running (before the database closes). */
  async flush(): Promise<void> {
    await Promise.all([...this.pending])
  }
}

/** 401, or 429 once this address has failed too often (counted per address, slowing guessers). */
async function refuse(request: FastifyRequest, reply: FastifyReply, message: string): Promise<never> {
  await request.server.auth.limiter?.failed(request.ip, reply)
  throw invalidToken(message)
}

/**
 * An onRequest hook that admits tokens of the given roles and sets request.owner. A token the
 * cache holds, with buckets in this process, is admitted without waiting on anything: a
 * callback hook, not an async one, so that the request goes on in the same turn with no promise
 * to settle (docs/performance.md, "Taking our features away one at a time").
 */
export function requireRole(roles: readonly Role[]): onRequestHookHandler {
  const names = roles.join(' or ')
  // the token's bucket, the last-used bookkeeping and the role: throws 429 or 403
  const admit = (request: FastifyRequest, reply: FastifyReply, owner: TokenOwner): void | Promise<void> => {
    const taken = request.server.auth.limiter?.takeForToken(owner.tokenId, reply)
    if (taken) return taken.then(() => settle(request, owner))
    settle(request, owner)
  }
  const settle = (request: FastifyRequest, owner: TokenOwner) => {
    request.server.auth.used(owner, request.log)
    if (!roles.includes(owner.role))
      throw forbidden(`this endpoint needs a ${names} token; this token is a ${owner.role} token`)
    request.owner = owner
  }
  // A valid token is never refused for its address's failures: behind a NAT or a proxy, one
  // misconfigured client must not lock out every integrator sharing the address. Failures
  // from an address that failed too often get 429 instead of 401, which slows guessing; a
  // right guess is not hidden, but tokens carry 256 random bits, so there is none to make.
  const authenticate = async (request: FastifyRequest, reply: FastifyReply, token: string | null) => {
    const header = request.headers.authorization
    if (!token) {
      return refuse(
        request,
        reply,
        header
          ? 'the Authorization header must be "Bearer <API token>"'
          : 'missing API token: send the header Authorization: Bearer <API token>',
      )
    }
    const owner = await request.server.auth.load(token)
    if (!owner) return refuse(request, reply, 'invalid API token: it is unknown, expired or revoked')
    await admit(request, reply, owner)
  }
  return function requireToken(request, reply, done) {
    const token = bearerToken(request.headers.authorization)
    const owner = token === null ? undefined : request.server.auth.cached(token)
    let waiting: void | Promise<void>
    try {
      waiting = owner === undefined ? authenticate(request, reply, token) : admit(request, reply, owner)
    } catch (err) {
      return done(err as Error)
    }
    if (waiting) waiting.then(() => done(), done)
    else done()
  }
}

export interface AuthOptions {
  reads: ReadRouter
  /** Per-token and per-address rate limits; none unless given (serve() always gives them). */
  rateLimit?: RateLimitOptions
  /** How long a token lookup is reused; 0 looks every request up. */
  tokenCacheMs: number
}

/** Decorates the app with `auth` and every request with its token's `owner` (null until a route's requireRole runs). */
export default fp(
  async (app: FastifyInstance, opts: AuthOptions) => {
    const limiter = opts.rateLimit ? new Limiter(opts.rateLimit) : null
    const auth = new Auth(opts.reads, limiter, opts.tokenCacheMs, app.metrics)
    app.decorate('auth', auth)
    app.decorateRequest('owner', null)
    app.addHook('onClose', async () => {
      await auth.flush()
      await limiter?.close()
    })
  },
  { name: 'csapi-auth' },
)
