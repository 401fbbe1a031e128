// Bearer-token authentication, rate limits and role checks, run before validation so that an
// unauthenticated caller learns nothing about parameters.
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify'
import type { Role } from '../dataset/types.js'
import type { Db } from '../db/index.js'
import { findTokenOwner, hashToken, touchTokens, type TokenOwner } from '../data/tokens.js'
import { forbidden, invalidToken } from '../errors.js'
import type { Limiter } from './rate-limit.js'

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
    private readonly db: Db,
    readonly limiter: Limiter | null,
    private readonly cacheMs: number,
  ) {}

  /** The token's owner, or null. Only known tokens are cached, so a new token works at once. */
  async owner(token: string): Promise<TokenOwner | null> {
    const hash = hashToken(token)
    if (this.cacheMs === 0) return findTokenOwner(this.db, token)
    const key = hash.toString('base64')
    const now = Date.now()
    const hit = this.cache.get(key)
    if (hit && hit.until > now) return hit.owner
    this.cache.delete(key)
    const owner = await findTokenOwner(this.db, token)
    if (owner) {
      if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value!)
      this.cache.set(key, { owner, until: now + this.cacheMs })
    }
    return owner
  }

  /** Records the use, off the request's path, at most once a minute per token. */
  used(owner: TokenOwner, log: FastifyRequest['log']): void {
    const now = Date.now()
    const last = this.touched.get(owner.tokenId)
    if (last !== undefined && now - last < TOUCH_EVERY_MS) return
    if (this.touched.size >= MAX_CACHED) this.touched.clear()
    this.touched.set(owner.tokenId, now)
    const p = touchTokens(this.db, [owner.tokenId])
      .catch((err: unknown) => log.warn({ err }, 'could not record token use'))
      .finally(() => this.pending.delete(p))
    this.pending.add(p)
  }

  /** Waits for last-used writes still running (before the database closes). */
  async flush(): Promise<void> {
    await Promise.all([...this.pending])
  }
}

async function refuse(request: FastifyRequest, reply: FastifyReply, message: string): Promise<never> {
  await request.server.auth.limiter?.failed(request.ip, reply)
  throw invalidToken(message)
}

/** An onRequest hook that admits tokens of the given roles and sets request.owner. */
export function requireRole(roles: readonly Role[]): onRequestHookHandler {
  const names = roles.join(' or ')
  return async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const auth = request.server.auth
    // An address that failed too often is refused before its token is even looked at, so a
    // guesser cannot tell a right guess from a wrong one until the bucket refills.
    await auth.limiter?.checkAddress(request.ip, reply)
    const header = request.headers.authorization
    const token = bearerToken(header)
    if (!token) {
      return refuse(
        request,
        reply,
        header ? 'the Authorization header must be "Bearer <API token>"' : 'missing API token: send the header Authorization: Bearer <API token>',
      )
    }
    const owner = await auth.owner(token)
    if (!owner) return refuse(request, reply, 'invalid API token: it is unknown, expired or revoked')
    await auth.limiter?.takeForToken(owner.tokenId, reply)
    auth.used(owner, request.log)
    if (!roles.includes(owner.role)) throw forbidden(`this endpoint needs a ${names} token; this token is a ${owner.role} token`)
    request.owner = owner
  }
}
