// Bearer-token authentication, rate limits and role checks, run before validation so that an
// unauthenticated caller learns nothing about parameters.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import { aRole, type Role } from '../../domain/roles.js'
import type { ReadRouter } from '../../db/replicas.js'
import type { Metrics } from '../metrics.js'
import { findTokenOwner, hashToken, touchTokens, type TokenOwner } from '../../tokens/tokens.js'
import { forbidden, insufficientScope, invalidToken } from '../errors.js'
import type { Scope } from '../../domain/scopes.js'
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
/** Tokens remembered per instance (FIFO beyond it). */
const MAX_KNOWN = 50_000
/** How long a token that authenticated stays known: its lookups skip the address's bucket. */
const KNOWN_MS = 24 * 3600_000
/** last_used_at is written at most this often per token. */
const TOUCH_EVERY_MS = 60_000

function bearerToken(header: string | undefined): string | null {
  if (!header) return null
  const m = /^([A-Za-z]+) +([\x21-\x7e]+) *$/.exec(header)
  if (!m || m[1]!.toLowerCase() !== 'bearer' || m[2]!.length > MAX_TOKEN_LENGTH) return null
  return m[2]!
}

interface Known {
  owner: TokenOwner
  /** Until then the owner is reused without a lookup (the token cache). */
  freshUntil: number
  /** Until then a lookup of this token skips the address's bucket. */
  knownUntil: number
}

/**
 * Authentication: token lookups cached for `cacheMs` (the longest a revoked token keeps working
 * on an instance), the tokens known to this instance, the rate limiter, and last-used bookkeeping.
 *
 * A token this instance has not seen authenticate in the last day is looked up only if its
 * address's failure bucket has a unit left (a valid one gives it back): guessing from an address
 * costs the database at most that bucket's rate. A known token, cached or not, is never refused
 * for its address, so an attacker behind the same NAT cannot lock out the integrators there.
 */
export class Auth {
  // keyed by the token's hash, never the token
  private readonly known = new Map<string, Known>()
  private readonly touched = new Map<string, number>()
  private readonly pending = new Set<Promise<void>>()
  // lookups in flight, by the token's hash
  private readonly inflight = new Map<string, Promise<TokenOwner | null>>()

  constructor(
    private readonly reads: ReadRouter,
    readonly limiter: Limiter | null,
    private readonly cacheMs: number,
    private readonly metrics: Metrics,
  ) {}

  /** The token's owner; throws 401 for a missing, malformed or unknown token, 429 for a guessing address. */
  async authenticate(request: FastifyRequest, reply: FastifyReply): Promise<TokenOwner> {
    const header = request.headers.authorization
    const token = bearerToken(header)
    if (!token) {
      await this.limiter?.guard(request.ip, reply)
      throw invalidToken(
        header
          ? 'the Authorization header must be "Bearer <API token>"'
          : 'missing API token: send the header Authorization: Bearer <API token>',
      )
    }
    const hash = hashToken(token)
    const key = hash.toString('base64')
    const now = Date.now()
    const seen = this.known.get(key)
    if (seen && seen.freshUntil > now) {
      this.metrics.tokenLookups.inc({ result: 'hit' })
      return seen.owner
    }
    const known = seen !== undefined && seen.knownUntil > now
    const flying = this.inflight.get(key)
    if (flying) {
      // the same token on many connections at once (a new instance, a client's workers): one
      // lookup answers them all, and none takes a unit of its address's bucket meanwhile
      const owner = await flying.catch(() => undefined)
      if (owner) {
        this.metrics.tokenLookups.inc({ result: 'hit' })
        return owner
      }
      if (owner === null) {
        await this.limiter?.guard(request.ip, reply)
        throw invalidToken('invalid API token: it is unknown, expired or revoked')
      }
      // that lookup was refused (its address) or failed: this request goes its own way
    }
    const lookup = (async () => {
      if (!known) await this.limiter?.guard(request.ip, reply)
      return this.lookup(hash)
    })()
    this.inflight.set(key, lookup)
    const landed = () => {
      if (this.inflight.get(key) === lookup) this.inflight.delete(key)
    }
    lookup.then(landed, landed)
    const owner = await lookup
    if (!owner) {
      this.known.delete(key)
      // a known token that stopped working (revoked, expired) is a failure like any other
      if (known) await this.limiter?.guard(request.ip, reply)
      throw invalidToken('invalid API token: it is unknown, expired or revoked')
    }
    if (!known) await this.limiter?.refund(request.ip)
    this.known.delete(key) // re-inserted last: the oldest is evicted first
    if (this.known.size >= MAX_KNOWN) this.known.delete(this.known.keys().next().value!)
    this.known.set(key, { owner, freshUntil: now + this.cacheMs, knownUntil: now + KNOWN_MS })
    return owner
  }

  /**
   * On a replica, then, for a token the replica does not know yet (issued less than its lag
   * ago), on the primary while it answers. A revocation reaches a replica within its lag.
   */
  private async lookup(hash: Buffer): Promise<TokenOwner | null> {
    this.metrics.tokenLookups.inc({ result: 'miss' })
    const reader = this.reads.reader()
    const owner = await findTokenOwner(reader, hash)
    if (owner || reader.served?.role === 'primary' || !this.reads.primaryUp) return owner
    return findTokenOwner(this.reads.primary, hash)
  }

  /** Records the use, off the request's path, at most once a minute per token. */
  used(owner: TokenOwner, log: FastifyRequest['log']): void {
    const now = Date.now()
    const last = this.touched.get(owner.tokenId)
    if (last !== undefined && now - last < TOUCH_EVERY_MS) return
    if (this.touched.size >= MAX_KNOWN) this.touched.clear()
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

/**
 * An onRequest hook that admits tokens of the given roles and sets request.owner: 401 without
 * a valid token, 429 once its token's or account's bucket is empty, 403 for another role, 403
 * insufficient_scope for a token without the scope (every token reads).
 */
export function requireRole(roles: readonly Role[], scope: Scope = 'read'): onRequestAsyncHookHandler {
  const names = roles.join(' or ')
  return async function requireToken(request, reply) {
    const { auth } = request.server
    const owner = await auth.authenticate(request, reply)
    await auth.limiter?.admit(owner.tokenId, owner.accountId, reply)
    auth.used(owner, request.log)
    if (!roles.includes(owner.role))
      throw forbidden(`this endpoint needs ${aRole(names)} token; this token is ${aRole(owner.role)} token`)
    if (!owner.scopes.includes(scope))
      throw insufficientScope(
        `this request needs a token with the scope ${scope}; this token has ${owner.scopes.join(', ')} ` +
          `(csapi tokens create --scope ${scope} issues one)`,
      )
    request.owner = owner
  }
}

export interface AuthOptions {
  reads: ReadRouter
  /** Per-token, per-account and per-address rate limits; none unless given (serve() always gives them). */
  rateLimit?: RateLimitOptions
  /** How long a token lookup is reused; 0 looks every request up. */
  tokenCacheMs: number
}

/** Decorates the app with `auth` and every request with its token's `owner` (null until a route's requireRole runs). */
export default fp(
  async (app: FastifyInstance, opts: AuthOptions) => {
    const limiter = opts.rateLimit ? new Limiter(opts.rateLimit, app.metrics, app.log) : null
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
