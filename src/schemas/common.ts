// Pieces shared by the route schemas. Each route's schema is the one source of its request
// validation, its TypeScript types, its response serializer and its OpenAPI entry.
import { Type, type TSchema } from 'typebox'
import { ERROR_CODES, type ErrorCode } from '../errors.js'
import { MAX_CURSOR_LENGTH } from '../cursor.js'

export const MAX_PARAM_LENGTH = 256

// Optional in the document (a client may leave it out); Ajv's useDefaults fills in the default
// before the handler runs, so handlers read it with `!`.
export const Limit = (def: number, max: number) =>
  Type.Optional(Type.Integer({
    minimum: 1,
    maximum: max,
    default: def,
    description: `Page size: a whole number from 1 to ${max}; default ${def}. Anything else is 400 invalid_pagination (never clamped). It may change from one page to the next.`,
  }))

export const Cursor = Type.String({
  minLength: 1,
  maxLength: MAX_CURSOR_LENGTH,
  description:
    'The next_cursor of the previous page, sent exactly as received. Opaque and signed; it is bound to this endpoint, this token owner and every other query parameter except limit. A malformed, altered or foreign cursor is 400 invalid_pagination.',
})

/** A plain string query parameter: given once, non-empty, at most 256 characters. */
export const Param = (description: string, extra: object = {}) =>
  Type.String({ minLength: 1, maxLength: MAX_PARAM_LENGTH, description, ...extra })

const MESSAGES: Record<ErrorCode, string> = {
  invalid_request: 'end must not be before start',
  invalid_pagination: 'limit must be a whole number from 1 to 100',
  invalid_api_token: 'missing or invalid API token: send Authorization: Bearer <token>',
  forbidden_resource: 'this token cannot access the requested role or resource',
  ads_not_connected: 'the Amazon Ads account of brand brand_1 is not connected, so it has no attribution reports',
  not_found: 'no route GET /api/creator/v1/brand',
  method_not_allowed: 'method POST is not allowed on /api/creator/v1/brands; use GET',
  rate_limited: 'rate limit exceeded; retry after the number of seconds in Retry-After',
  internal_error: 'internal error',
  service_unavailable: 'the service is temporarily unavailable; retry after the number of seconds in Retry-After',
}

/** The error body for one status, with an example per code that status can carry here. */
export function ErrorResponse(codes: ErrorCode[], description: string): TSchema {
  return Type.Object(
    {
      error: Type.Object({
        code: Type.String({ enum: codes, description: 'Machine-readable error code' }),
        message: Type.String({ description: 'Developer-facing message naming the parameter and the rule broken' }),
      }),
    },
    {
      description,
      // named media-type examples in the OpenAPI document, one per code
      'x-examples': Object.fromEntries(
        codes.map((code) => [code, { summary: code, value: { error: { code, message: MESSAGES[code] } } }]),
      ),
    },
  )
}

/** The error responses every authenticated list endpoint can give, by status. */
export function listErrors(extra: { 403?: ErrorCode[] } = {}) {
  const forbidden: ErrorCode[] = ['forbidden_resource', ...(extra[403] ?? [])]
  return {
    400: ErrorResponse(['invalid_request', 'invalid_pagination'], 'Invalid request or pagination parameters'),
    401: ErrorResponse(['invalid_api_token'], 'Missing or invalid API token; carries WWW-Authenticate: Bearer'),
    403: ErrorResponse(forbidden, 'The token cannot access the requested role or resource'),
    429: ErrorResponse(['rate_limited'], 'Too many requests for this token (or too many failed authentications from this address); carries Retry-After, RateLimit and RateLimit-Policy'),
    500: ErrorResponse(['internal_error'], 'Unexpected failure; no detail is given'),
    503: ErrorResponse(['service_unavailable'], 'The database is unreachable; retry after Retry-After seconds'),
  }
}

export const codesOfStatus = (status: number) =>
  (Object.keys(ERROR_CODES) as ErrorCode[]).filter((c) => ERROR_CODES[c] === status)
