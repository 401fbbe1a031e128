// Pieces shared by the route schemas. Each route's schema is the one source of its request
// validation, its TypeScript types, its response serializer and its OpenAPI entry.
import { Type, type TArray, type TSchema } from 'typebox'
import { ERROR_CODES, type ErrorCode } from './errors.js'
import { MAX_CURSOR_LENGTH } from './cursor.js'
import { DAY_PATTERN, DAY_RULE } from '../domain/dates.js'

/**
 * A parameter schema's rule in words (RULE): what a 400 says when its value breaks the schema
 * (`limit must be a whole number from 1 to 100`). Kept in the schema, so the error handler
 * never re-reads bounds; Ajv is told the keyword (app.ts) and the OpenAPI document carries it.
 */
import { RULE } from '../domain/rule.js'
export { RULE }

export const MAX_PARAM_LENGTH = 256

// Optional in the document (a client may leave it out); Ajv's useDefaults fills in the default
// before the handler runs, so handlers read it with `!`.
export const Limit = (def: number, max: number) =>
  Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: max,
      default: def,
      description:
        `Page size: a whole number from 1 to ${max}; default ${def}. Anything else is 400 ` +
        `invalid_pagination (never clamped). It may change from one page to the next.`,
      [RULE]: `must be a whole number from 1 to ${max}`,
    }),
  )

export const Cursor = Type.String({
  minLength: 1,
  maxLength: MAX_CURSOR_LENGTH,
  description:
    'The next_cursor of the previous page, sent exactly as received. Opaque and signed; it is ' +
    'bound to this endpoint, this token owner and every other query parameter except limit. A ' +
    'malformed, altered or foreign cursor is 400 invalid_pagination.',
  [RULE]: 'is not valid: send next_cursor exactly as received',
})

/** A plain string query parameter: given once, non-empty, at most 256 characters, no control characters. */
export const Param = (description: string, extra: object = {}) =>
  // PostgreSQL text cannot hold NUL, and no identifier holds a control character.
  Type.String({
    minLength: 1,
    maxLength: MAX_PARAM_LENGTH,
    pattern: '^[^\\u0000-\\u001f\\u007f]*$',
    description,
    ...extra,
  })

/** A calendar date query parameter (src/domain/dates.ts): the format, and the range PostgreSQL can hold. */
export const Day = (description: string) =>
  Type.String({ format: 'date', pattern: DAY_PATTERN, description, [RULE]: `must be ${DAY_RULE}` })

const MESSAGES: Record<ErrorCode, string> = {
  invalid_request: 'end must not be before start',
  invalid_pagination: 'limit must be a whole number from 1 to 100',
  invalid_api_token: 'missing or invalid API token: send Authorization: Bearer <token>',
  forbidden_resource: 'this token cannot access the requested role or resource',
  ads_not_connected:
    'the Amazon Ads account of brand brand_1 is not connected and this creator has no report rows of it',
  insufficient_scope: 'this request needs a token with the scope webhooks:write; this token has read',
  not_found: 'no route GET /api/creator/v1/brand',
  idempotency_conflict:
    'Idempotency-Key k-1 was used in the last 24 hours with another request; send a new key for a new request',
  method_not_allowed: 'method POST is not allowed on /api/creator/v1/brands; use GET',
  sandbox_busy: 'sandbox sbx_0123456789ab is advancing already: wait for that advance to answer',
  rate_limited: 'rate limit exceeded; retry after the number of seconds in Retry-After',
  internal_error: 'internal error',
  service_unavailable: 'the service is temporarily unavailable; retry after the number of seconds in Retry-After',
}

/**
 * Names a schema: the OpenAPI document lists it under components/schemas and refers to it
 * wherever it is used (src/http/plugins/openapi.ts), so that generated clients get named types.
 * Validation and serialization keep using the schema inline.
 */
export const COMPONENT = 'x-component'
const components = new Map<string, TSchema>()
export function named<T extends TSchema>(name: string, schema: T): T {
  const known = components.get(name)
  if (known && known !== schema) throw new Error(`two different schemas are named ${name}`)
  ;(schema as Record<string, unknown>)[COMPONENT] = name
  components.set(name, schema)
  return schema
}
/** Every named schema, by name. */
export const namedSchemas = (): ReadonlyMap<string, TSchema> => components

export const ErrorCodeSchema = named(
  'ErrorCode',
  Type.Unsafe<ErrorCode>({
    type: 'string',
    enum: Object.keys(ERROR_CODES),
    description: 'Machine-readable error code',
  }),
)
export const ErrorBody = named(
  'Error',
  Type.Object(
    {
      error: Type.Object({
        code: ErrorCodeSchema,
        message: Type.String({ description: 'Developer-facing message naming the parameter and the rule broken' }),
      }),
    },
    { description: 'Every error has this body; act on `code`, show `message` to the developer' },
  ),
)

// Response headers, documented so that generated clients type them.
const header = {
  requestId: Type.String({
    description:
      "The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), " +
      'else a generated one. Quote it when reporting a problem',
  }),
  rateLimit: Type.String({
    description:
      'IETF RateLimit field of the bucket with fewer requests left, the token\'s ("default") or its ' +
      'account\'s ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s',
  }),
  rateLimitPolicy: Type.String({
    description: 'IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s',
  }),
  retryAfter: Type.Integer({ minimum: 1, description: 'Seconds to wait before retrying' }),
  wwwAuthenticate: Type.String({ description: 'Always Bearer' }),
}
const REQUEST_ID = { 'X-Request-Id': header.requestId }
const RATE_LIMIT = { RateLimit: header.rateLimit, 'RateLimit-Policy': header.rateLimitPolicy }

/** Headers of an authenticated answer: RateLimit fields once the token's buckets were consulted. */
export const AUTHENTICATED_HEADERS = { ...REQUEST_ID, ...RATE_LIMIT }

/** The error response for one status: the Error body, its headers, and an example per code it can carry here. */
export function ErrorResponse(
  codes: ErrorCode[],
  description: string,
  headers: Record<string, TSchema> = REQUEST_ID,
): TSchema {
  return {
    ...ErrorBody,
    description,
    headers,
    // named media-type examples in the OpenAPI document, one per code
    'x-examples': Object.fromEntries(
      codes.map((code) => [code, { summary: code, value: { error: { code, message: MESSAGES[code] } } }]),
    ),
  } as TSchema
}

/** A 200 body: a named page schema, documented with its description and headers. */
export function Ok<T extends TSchema>(
  schema: T,
  description: string,
  headers: Record<string, TSchema> = AUTHENTICATED_HEADERS,
): T {
  return { ...schema, 'x-response-description': description, headers } as T
}

/** The error responses every authenticated endpoint can give, by status; lists also invalid_pagination. */
export function listErrors(
  extra: { 403?: ErrorCode[]; 404?: ErrorCode[]; 409?: ErrorCode[]; list?: boolean; body?: boolean } = {},
) {
  const forbidden: ErrorCode[] = ['forbidden_resource', ...(extra[403] ?? [])]
  const paged = extra.list ?? true
  return {
    400: ErrorResponse(
      paged ? ['invalid_request', 'invalid_pagination'] : ['invalid_request'],
      (extra.body
        ? 'Invalid body (not JSON, an unknown field, a wrong type, over 64 KB, a rule broken) or parameters'
        : paged
          ? 'Invalid request or pagination parameters'
          : 'Invalid request parameters') +
        ' (also: a URL longer than 4,096 characters, or one that cannot be decoded)',
      AUTHENTICATED_HEADERS,
    ),
    401: ErrorResponse(['invalid_api_token'], 'Missing or invalid API token; carries WWW-Authenticate: Bearer', {
      ...REQUEST_ID,
      'WWW-Authenticate': header.wwwAuthenticate,
    }),
    403: ErrorResponse(forbidden, 'The token cannot access the requested role or resource', AUTHENTICATED_HEADERS),
    ...(extra[404] ? { 404: ErrorResponse(extra[404], 'No such resource for this token', AUTHENTICATED_HEADERS) } : {}),
    ...(extra[409]
      ? {
          409: ErrorResponse(
            extra[409],
            'The Idempotency-Key was used in the last 24 hours with another request',
            AUTHENTICATED_HEADERS,
          ),
        }
      : {}),
    429: ErrorResponse(
      ['rate_limited'],
      'Too many requests for this token (or too many failed authentications from this address); ' +
        'wait Retry-After seconds',
      { ...REQUEST_ID, ...RATE_LIMIT, 'Retry-After': header.retryAfter },
    ),
    431: ErrorResponse(
      ['invalid_request'],
      'The request headers are larger than the server accepts (16 KB by default)',
    ),
    500: ErrorResponse(['internal_error'], 'Unexpected failure; no detail is given'),
    503: ErrorResponse(
      ['service_unavailable'],
      'The database is unreachable or the instance is overloaded; retry after Retry-After seconds',
      {
        ...REQUEST_ID,
        'Retry-After': header.retryAfter,
      },
    ),
  }
}

/** Errors of the health checks: only an unavailable database. */
export const healthErrors = () => ({
  503: ErrorResponse(['service_unavailable'], 'The database does not answer, or the instance is shutting down', {
    ...REQUEST_ID,
    'Retry-After': header.retryAfter,
  }),
})

const NextCursor = Type.Union([Type.String(), Type.Null()], {
  description: 'Cursor of the next page; null when no more results',
})

/** A list page: `{ "<items>": [Item], "next_cursor": string | null }`, named for the OpenAPI document. */
export function PageOf<Items extends string, Item extends TSchema>(name: string, items: Items, item: Item) {
  return named(
    name,
    Type.Object({ [items]: Type.Array(item), next_cursor: NextCursor } as { [K in Items]: TArray<Item> } & {
      next_cursor: typeof NextCursor
    }),
  )
}

/** A date-time of the API: UTC, ISO 8601 with milliseconds (`2026-11-23T09:12:00.123Z`). */
export const Timestamp = (description: string) => Type.String({ format: 'date-time', description })

/** A calendar date of the API's answers, YYYY-MM-DD (a query's date is a Day). */
export const CalendarDate = (description: string) => Type.String({ format: 'date', description })

/** The SQL of a Timestamp (domain/dates.ts: the webhooks' event times use it too). */
export { timestampSql } from '../domain/dates.js'

/** The X-Request-Id header alone, for answers outside authentication (health checks). */
export const PLAIN_HEADERS = REQUEST_ID
