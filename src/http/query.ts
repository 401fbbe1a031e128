// Query-string validation that the route schemas cannot say themselves: Ajv's errors turned into
// the API's messages (each parameter's rule is in its schema: RULE, src/http/schema.ts), a query
// string that is percent-encoded UTF-8, and integer parameters written as plain digits. A plugin,
// registered for every route.
import fp from 'fastify-plugin'
import type { FastifyRequest, preValidationHookHandler } from 'fastify'
import { ApiError, type ErrorCode } from './errors.js'
import { RULE } from './schema.js'
import { URLS as HEALTH_URLS } from './health/route.js'

export interface AjvError {
  keyword: string
  instancePath: string
  params: Record<string, unknown>
  message?: string
  /** The failing (sub)schema: Ajv's `verbose` option adds it. */
  parentSchema?: Record<string, unknown>
}

const PAGINATION_PARAMS = new Set(['limit', 'cursor'])

/** invalid_pagination for the page parameters, invalid_request for every other. */
export const codeOfParam = (name: string): ErrorCode =>
  PAGINATION_PARAMS.has(name) ? 'invalid_pagination' : 'invalid_request'

/**
 * A developer-facing message and code for the first failed rule of a query string. A
 * parameter's schema states its rule in words (RULE, src/http/schema.ts); plain strings get
 * a message per keyword.
 */
export function describeQueryError(
  e: AjvError,
  query: Record<string, unknown>,
  all: readonly AjvError[] = [e],
): { code: ErrorCode; message: string } {
  if (e.keyword === 'additionalProperties') {
    const name = String(e.params.additionalProperty)
    return { code: 'invalid_request', message: `unknown query parameter ${JSON.stringify(name.slice(0, 64))}` }
  }
  if (e.keyword === 'required') {
    return { code: 'invalid_request', message: `${String(e.params.missingProperty)} is required` }
  }
  const name = e.instancePath.replace(/^\//, '').split('/')[0] ?? ''
  const code = codeOfParam(name)
  if (Array.isArray(query[name])) return { code, message: `${name} must be given only once` }
  const rule = e.parentSchema?.[RULE]
  if (typeof rule === 'string') return { code, message: `${name} ${rule}` }
  switch (e.keyword) {
    case 'maxLength':
      return { code, message: `${name} must be at most ${String(e.params.limit)} characters` }
    case 'minLength':
      return { code, message: `${name} must not be empty` }
    case 'pattern':
      return { code, message: `${name} must not contain control characters` }
    case 'const': {
      // a union of literals fails each one, then as a whole: its message lists them all
      const union = all.find((x) => x.keyword === 'anyOf' && x.instancePath === e.instancePath)
      const values = union
        ? ((union.parentSchema?.anyOf ?? []) as { const?: unknown }[]).map((b) => b.const)
        : [e.params.allowedValue]
      if (values.length === 0 || values.includes(undefined))
        return { code, message: `${name} is not one of the values the OpenAPI document lists` }
      return { code, message: `${name} must be ${values.length > 1 ? 'one of ' : ''}${values.join(', ')}` }
    }
    default:
      return { code, message: `${name} ${e.message ?? 'is invalid'}` }
  }
}

interface QuerySchema {
  properties?: Record<string, { type?: string; [RULE]?: string }>
}

/**
 * Integer query parameters must be written as plain digits: Ajv's coercion would read " 5",
 * "1e1" or "0x10" as numbers. Checked before validation (checkQuery below), only for the
 * parameters the route's own schema declares as integers, so a route without them (a health
 * check) is never refused.
 */
function badInteger(request: FastifyRequest): ApiError | null {
  const schema = request.routeOptions.schema?.querystring as QuerySchema | undefined
  const query = request.query as Record<string, unknown> | undefined
  if (!schema?.properties || !query) return null
  for (const [name, rule] of integersOf(schema)) {
    const raw = query[name]
    if (typeof raw === 'string' && !/^[0-9]{1,15}$/.test(raw)) {
      return new ApiError(codeOfParam(name), `${name} ${rule ?? 'must be a whole number'}`)
    }
  }
  return null
}

// A route's integer parameters and their rules, found once per schema rather than per request.
const integerParams = new WeakMap<QuerySchema, [string, string | undefined][]>()
function integersOf(schema: QuerySchema): [string, string | undefined][] {
  let params = integerParams.get(schema)
  if (params === undefined) {
    params = Object.entries(schema.properties ?? {})
      .filter(([, prop]) => prop.type === 'integer')
      .map(([name, prop]) => [name, prop[RULE]])
    integerParams.set(schema, params)
  }
  return params
}

/**
 * A query string that is not percent-encoded UTF-8 (`%zz`, a lone `%E9`): the parser would read
 * it as literal text, and a filter written that way would quietly match nothing.
 */
function badEncoding(url: string): ApiError | null {
  const at = url.indexOf('?')
  if (at < 0 || !url.includes('%', at)) return null
  for (const part of url.slice(at + 1).split('&')) {
    try {
      decodeURIComponent(part)
    } catch {
      return new ApiError('invalid_request', `the query string is not percent-encoded UTF-8: "${part.slice(0, 64)}"`)
    }
  }
  return null
}

const PROBES: ReadonlySet<string> = new Set(HEALTH_URLS)

// a callback hook: it never waits, and an async one costs every request a promise and a microtask
const checkQuery: preValidationHookHandler = (request, _reply, done) => {
  // probes ignore their query string entirely: a probe never fails on its URL (operations.md)
  if (PROBES.has(request.routeOptions.url ?? '')) return done()
  const err = badEncoding(request.url) ?? badInteger(request)
  if (err) return done(err)
  done()
}

export default fp(
  async (app) => {
    app.addHook('preValidation', checkQuery)
  },
  { name: 'csapi-query' },
)
