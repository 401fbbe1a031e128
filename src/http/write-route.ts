// A write route: a creator token with the route's scope, a JSON body checked by its TypeBox
// schema (body.ts: at most 64 KB, unknown fields refused), an optional Idempotency-Key, and the
// work done in one transaction (idempotency.ts). What each route does is in its own folder.
import type { FastifyInstance } from 'fastify'
import { Type, type Static, type TObject, type TProperties, type TSchema } from 'typebox'
import type { Queryable } from '../db/index.js'
import type { Scope } from '../domain/scopes.js'
import type { TokenOwner } from '../tokens/tokens.js'
import { BODY_LIMIT, strictValidator } from './body.js'
import { IDEMPOTENCY_HEADER, idempotencyKey, idempotent, type WriteAnswer } from './idempotency.js'
import { requireRole } from './plugins/auth.js'
import { invalidRequest } from './errors.js'
import { AUTHENTICATED_HEADERS, listErrors, RULE } from './schema.js'

export interface WriteRequest<B extends TSchema, P extends TProperties> {
  owner: TokenOwner
  body: Static<B>
  params: Static<TObject<P>>
}

export interface WriteRoute<B extends TSchema, P extends TProperties> {
  method: 'POST' | 'PATCH' | 'DELETE'
  url: string
  scope: Scope
  operationId: string
  summary: string
  description: string
  params?: TObject<P>
  /** The body's schema; a route whose body may be left out says so (an absent body is `{}`). */
  body?: B
  bodyOptional?: boolean
  /** The success answers by status (an `Ok(...)`, or a description alone for 204). */
  ok: Record<number, TSchema>
  /** 404 not_found for an id that is not the account's. */
  notFound?: boolean
  run: (tx: Queryable, r: WriteRequest<B, P>) => Promise<WriteAnswer>
}

export const IdempotencyKey = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: '^[\\x21-\\x7e]+$',
  // two headers arrive joined by ", ": the rule says once
  [RULE]: 'must be 1 to 255 printable ASCII characters without spaces (a UUID), given once',
  description:
    'A key of your choice (a UUID) that makes retrying this write safe: within 24 hours the same key ' +
    'and body answer as the first request did and change nothing more; the same key with another ' +
    'request is 409 idempotency_conflict',
})

/** The operations whose body may be left out: the OpenAPI document marks their requestBody not required. */
export const OPTIONAL_BODIES = new Set<string>()

const isEmptyObject = (v: unknown) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0

/** The header of an answer replayed for an Idempotency-Key. */
export const REPLAYED_HEADER = 'idempotent-replayed'
export const Replayed = {
  'Idempotent-Replayed': Type.Literal('true', {
    description: 'Sent when this answer repeats the first answer to its Idempotency-Key; nothing was done again',
  }),
}

export function writeRoute<B extends TSchema, P extends TProperties>(app: FastifyInstance, route: WriteRoute<B, P>) {
  const schema = {
    operationId: route.operationId,
    tags: ['creator'],
    summary: route.summary,
    description: route.description,
    ...(route.params && { params: route.params }),
    querystring: Type.Object({}, { additionalProperties: false }),
    headers: Type.Object({ [IDEMPOTENCY_HEADER]: Type.Optional(IdempotencyKey) }),
    ...(route.body && { body: route.body }),
    response: {
      // every success can be a replay: its headers say so
      ...Object.fromEntries(
        Object.entries(route.ok).map(([status, ok]) => [
          status,
          { ...ok, headers: { ...((ok as { headers?: object }).headers ?? AUTHENTICATED_HEADERS), ...Replayed } },
        ]),
      ),
      ...listErrors({
        list: false,
        body: route.body !== undefined,
        403: ['insufficient_scope'],
        ...(route.notFound && { 404: ['not_found'] }),
        409: ['idempotency_conflict'],
      }),
    },
  }
  if (route.body && route.bodyOptional) OPTIONAL_BODIES.add(route.operationId)
  app.route({
    method: route.method,
    url: route.url,
    schema,
    bodyLimit: BODY_LIMIT,
    validatorCompiler: strictValidator,
    onRequest: requireRole(['creator'], route.scope),
    // no body, where one may be left out, is an empty one; a route without a body takes none, or {}
    preValidation: (request, _reply, done) => {
      if (request.body === undefined && (route.bodyOptional || !route.body)) request.body = route.body ? {} : undefined
      if (!route.body && request.body !== undefined) {
        const empty = isEmptyObject(request.body)
        request.body = undefined
        if (!empty) return done(invalidRequest('this request takes no body (or an empty object)'))
      }
      done()
    },
    handler: async (request, reply) => {
      const owner = request.owner!
      const key = idempotencyKey(request.headers[IDEMPOTENCY_HEADER])
      const body = request.body as Static<B>
      const params = request.params as Static<TObject<P>>
      const path = request.url.split('?')[0]!
      const answer = await idempotent(app.db, owner.accountId, key, { method: route.method, path, body }, (tx) =>
        route.run(tx, { owner, body, params }),
      )
      if (answer.replayed) reply.header(REPLAYED_HEADER, 'true')
      reply.code(answer.status)
      return answer.body === undefined ? reply.send() : reply.send(answer.body)
    },
  })
}

/** Headers of a write's success answer. */
export const WRITE_HEADERS = AUTHENTICATED_HEADERS
