// Bearer-token authentication and role checks, run before validation so that an
// unauthenticated caller learns nothing about parameters.
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify'
import type { Role } from '../dataset/types.js'
import { findTokenOwner, type TokenOwner } from '../data/tokens.js'
import { forbidden, invalidToken } from '../errors.js'

declare module 'fastify' {
  interface FastifyRequest {
    owner: TokenOwner | null
  }
}

const MAX_TOKEN_LENGTH = 512

function bearerToken(header: string | undefined): string | null {
  if (!header) return null
  const m = /^([A-Za-z]+) +([\x21-\x7e]+) *$/.exec(header)
  if (!m || m[1]!.toLowerCase() !== 'bearer' || m[2]!.length > MAX_TOKEN_LENGTH) return null
  return m[2]!
}

/** An onRequest hook that admits tokens of the given roles and sets request.owner. */
export function requireRole(roles: readonly Role[]): onRequestHookHandler {
  const names = roles.join(' or ')
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers.authorization
    const token = bearerToken(header)
    if (!token) {
      throw invalidToken(
        header ? 'the Authorization header must be "Bearer <API token>"' : 'missing API token: send the header Authorization: Bearer <API token>',
      )
    }
    const owner = await findTokenOwner(request.server.db, token)
    if (!owner) throw invalidToken('invalid API token: it is unknown, expired or revoked')
    if (!roles.includes(owner.role)) throw forbidden(`this endpoint needs a ${names} token; this token is a ${owner.role} token`)
    request.owner = owner
  }
}
