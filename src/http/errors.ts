// Every error the API answers with: one status and one machine-readable code each.
// Bodies are always { "error": { "code", "message" } }.

export const ERROR_CODES = {
  invalid_request: 400,
  invalid_pagination: 400,
  invalid_api_token: 401,
  forbidden_resource: 403,
  ads_not_connected: 403,
  insufficient_scope: 403,
  not_found: 404,
  method_not_allowed: 405,
  idempotency_conflict: 409,
  sandbox_busy: 409,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const
export type ErrorCode = keyof typeof ERROR_CODES

export class ApiError extends Error {
  readonly status: number
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.status = ERROR_CODES[code]
  }
}

export const invalidRequest = (message: string) => new ApiError('invalid_request', message)
export const invalidPagination = (message: string) => new ApiError('invalid_pagination', message)
export const invalidToken = (message: string) =>
  new ApiError('invalid_api_token', message, { 'www-authenticate': 'Bearer' })
export const forbidden = (message: string) => new ApiError('forbidden_resource', message)
export const insufficientScope = (message: string) => new ApiError('insufficient_scope', message)
export const notFound = (message: string) => new ApiError('not_found', message)
