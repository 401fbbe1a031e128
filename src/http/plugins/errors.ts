// One place that turns every failure into the API's error body. 4xx messages speak to the
// developer; 5xx never carry detail (it goes to the log with the request id instead).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ApiError, type ErrorCode } from '../errors.js'
import { isUnavailable } from '../../db/index.js'
import { describeQueryError, type AjvError } from '../query.js'
import { BODY_ERRORS, describeBodyError } from '../body.js'
import fp from 'fastify-plugin'
import { securityHeaders } from './security.js'
import { closeIfDraining, recordAnswer } from './core.js'

// Control and invisible formatting characters (NUL, newlines, bidi overrides…) that a message
// echoes from the request: percent-encoded, as in a URL, so that no log or terminal shows them raw.
const UNPRINTABLE = /[\p{Cc}\p{Cf}]/gu

function send(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
) {
  const printable = message.replace(UNPRINTABLE, (c) => encodeURIComponent(c))
  reply
    .code(status)
    .headers(headers)
    .send({ error: { code, message: printable } })
}

export function errorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof ApiError) return send(reply, err.status, err.code, err.message, err.headers)
  if (err.validation) {
    if (err.validationContext === 'body')
      return send(reply, 400, 'invalid_request', describeBodyError(err.validation[0] as AjvError))
    const { code, message } = describeQueryError(
      err.validation[0] as AjvError,
      (request.query ?? {}) as Record<string, unknown>,
      err.validation as AjvError[],
    )
    return send(reply, 400, code, message)
  }
  const bodyMessage = BODY_ERRORS[err.code]
  if (bodyMessage) return send(reply, 400, 'invalid_request', bodyMessage)
  if (isUnavailable(err)) {
    request.log.warn({ err }, 'database unavailable')
    return send(
      reply,
      503,
      'service_unavailable',
      'the service is temporarily unavailable; retry after the number of seconds in Retry-After',
      {
        'retry-after': '1',
      },
    )
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    // Fastify's own 4xx (bad URL encoding, oversized header…): the client's fault, no internals.
    return send(reply, 400, 'invalid_request', 'the request could not be read: check the URL encoding and headers')
  }
  request.log.error({ err }, 'unexpected error')
  return send(reply, 500, 'internal_error', 'internal error')
}

/**
 * Errors the router raises before any route runs. A path segment longer than the router takes
 * (an id no resource has) is the same 404 as an unknown id; a malformed URL is a 400.
 */
export function frameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-request-id', request.id)
  securityHeaders(request, reply)
  closeIfDraining(reply)
  reply.raw.once('finish', () => recordAnswer(request, reply))
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return send(
      reply,
      404,
      'not_found',
      `no resource at this path: a path segment is longer than ${MAX_PARAM_LENGTH} characters`,
    )
  return errorHandler(err, request, reply)
}

/** The longest path parameter the router reads (app.ts). */
export const MAX_PARAM_LENGTH = 256

/**
 * The error handler, 404 for unknown paths, and 405 with Allow for every other method on a
 * known path. OPTIONS is a 405 too; with CORS on, @fastify/cors answers preflights before it.
 */
export default fp(
  async (app: FastifyInstance, opts: { paths: ServedPath[] }) => {
    registerErrorRoutes(app, opts.paths)
  },
  { name: 'csapi-errors' },
)

/** A path of the API and the methods it answers (GET also answers HEAD). */
export interface ServedPath {
  url: string
  methods: readonly string[]
}

function registerErrorRoutes(app: FastifyInstance, knownPaths: ServedPath[]) {
  app.setErrorHandler(errorHandler)
  app.setNotFoundHandler((request, reply) => {
    send(reply, 404, 'not_found', `no route ${request.method} ${request.url.split('?')[0]!.slice(0, 200)}`)
  })
  for (const { url, methods } of knownPaths) {
    const allowed = methods.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]))
    // OPTIONS too when CORS is on: @fastify/cors answers a preflight in its onRequest hook before
    // this handler runs, so what reaches it is an OPTIONS that is no preflight
    const served = new Set(allowed)
    const use = methods.join(' or ')
    // the path as the OpenAPI document writes it: /webhook-endpoints/{endpoint_id}
    const path = url.replace(/:(\w+)/g, '{$1}')
    app.route({
      method: app.supportedMethods.filter((m) => !served.has(m)),
      url,
      schema: { hide: true },
      handler: (request, reply) => {
        send(reply, 405, 'method_not_allowed', `method ${request.method} is not allowed on ${path}; use ${use}`, {
          allow: allowed.join(', '),
        })
      },
    })
  }
}
