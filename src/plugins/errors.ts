// One place that turns every failure into the API's error body. 4xx messages speak to the
// developer; 5xx never carry detail (it goes to the log with the request id instead).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ApiError, type ErrorCode } from '../errors.js'
import { isUnavailable } from '../db/index.js'
import { MAX_PARAM_LENGTH } from '../schemas/common.js'

interface AjvError {
  keyword: string
  instancePath: string
  params: Record<string, unknown>
  message?: string
}

const PAGINATION_PARAMS = new Set(['limit', 'cursor'])

/** A developer-facing message and code for the first failed rule of a query string. */
export function describeQueryError(
  e: AjvError,
  query: Record<string, unknown>,
  querySchema: { properties?: Record<string, { maximum?: number }> } | undefined,
): { code: ErrorCode; message: string } {
  if (e.keyword === 'additionalProperties') {
    const name = String(e.params.additionalProperty)
    return { code: 'invalid_request', message: `unknown query parameter "${name.slice(0, 64)}"` }
  }
  if (e.keyword === 'required') {
    return { code: 'invalid_request', message: `${String(e.params.missingProperty)} is required` }
  }
  const name = e.instancePath.replace(/^\//, '').split('/')[0] ?? ''
  const code: ErrorCode = PAGINATION_PARAMS.has(name) ? 'invalid_pagination' : 'invalid_request'
  if (Array.isArray(query[name])) return { code, message: `${name} must be given only once` }
  if (name === 'limit') {
    return { code, message: `limit must be a whole number from 1 to ${querySchema?.properties?.limit?.maximum}` }
  }
  if (name === 'cursor') return { code, message: 'cursor is not valid: send next_cursor exactly as received' }
  switch (e.keyword) {
    case 'format':
      return { code, message: `${name} must be a real calendar date in the form YYYY-MM-DD` }
    case 'maxLength':
      return { code, message: `${name} must be at most ${MAX_PARAM_LENGTH} characters` }
    case 'minLength':
      return { code, message: `${name} must not be empty` }
    default:
      return { code, message: `${name} ${e.message ?? 'is invalid'}` }
  }
}

function send(reply: FastifyReply, status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}) {
  reply.code(status).headers(headers).send({ error: { code, message } })
}

export function errorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof ApiError) return send(reply, err.status, err.code, err.message, err.headers)
  if (err.validation) {
    const { code, message } = describeQueryError(
      err.validation[0] as AjvError,
      (request.query ?? {}) as Record<string, unknown>,
      request.routeOptions.schema?.querystring as never,
    )
    return send(reply, 400, code, message)
  }
  if (isUnavailable(err)) {
    request.log.warn({ err }, 'database unavailable')
    return send(reply, 503, 'service_unavailable', 'the service is temporarily unavailable; retry after the number of seconds in Retry-After', {
      'retry-after': '1',
    })
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    // Fastify's own 4xx (bad URL encoding, oversized header…): the client's fault, no internals.
    return send(reply, 400, 'invalid_request', 'the request could not be read: check the URL encoding and headers')
  }
  request.log.error({ err }, 'unexpected error')
  return send(reply, 500, 'internal_error', 'internal error')
}

export function registerErrorRoutes(app: FastifyInstance, knownPaths: string[]) {
  app.setErrorHandler(errorHandler)
  app.setNotFoundHandler((request, reply) => {
    send(reply, 404, 'not_found', `no route ${request.method} ${request.url.split('?')[0]!.slice(0, 200)}`)
  })
  for (const url of knownPaths) {
    app.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE'],
      url,
      schema: { hide: true },
      handler: (request, reply) => {
        send(reply, 405, 'method_not_allowed', `method ${request.method} is not allowed on ${url}; use GET`, { allow: 'GET, HEAD' })
      },
    })
  }
}
