// Errors thrown by the client. Every one is an ApiError, so one `instanceof ApiError` catches
// them all; the subclass says what kind of failure it was.

export interface ApiErrorInit {
  status: number
  code: string
  message: string
  requestId?: string | null
  headers?: Headers
}

export class ApiError extends Error {
  /** HTTP status; 0 when no response arrived (ConnectionError, TimeoutError). */
  readonly status: number
  /** The API's machine-readable code, such as invalid_request or invalid_api_token. */
  readonly code: string
  /** The response's X-Request-Id: quote it when you report a problem. */
  readonly requestId: string | null
  /** The response headers, when there was a response. */
  readonly headers: Headers | null

  constructor(init: ApiErrorInit) {
    super(init.message)
    this.name = new.target.name
    this.status = init.status
    this.code = init.code
    this.requestId = init.requestId ?? null
    this.headers = init.headers ?? null
  }
}

/** 400: a bad parameter (invalid_request) or page size or cursor (invalid_pagination). */
export class InvalidRequestError extends ApiError {}
/** 401: the token is missing, unknown, expired or revoked. */
export class AuthenticationError extends ApiError {}
/** 403: the token cannot access this role or resource (forbidden_resource, ads_not_connected). */
export class PermissionError extends ApiError {}
/** 404: no such path (an old client or a wrong baseUrl). */
export class NotFoundError extends ApiError {}
/** 409: idempotency_conflict (the Idempotency-Key was used with another request) or sandbox_busy. */
export class ConflictError extends ApiError {}
/** 429: too many requests. `retryAfterMs` is the server's Retry-After, when given. */
export class RateLimitError extends ApiError {
  readonly retryAfterMs: number | null
  constructor(init: ApiErrorInit & { retryAfterMs?: number | null }) {
    super(init)
    this.retryAfterMs = init.retryAfterMs ?? null
  }
}
/** 5xx: the service failed or is unavailable. */
export class ServerError extends ApiError {}
/** No response: the connection failed (DNS, refused, reset, CORS in a browser). */
export class ConnectionError extends ApiError {
  constructor(message: string, options?: { cause?: unknown }) {
    super({ status: 0, code: 'connection_error', message })
    if (options?.cause !== undefined) (this as { cause?: unknown }).cause = options.cause
  }
}
/** No response within timeoutMs. */
export class TimeoutError extends ConnectionError {
  constructor(message: string) {
    super(message)
    ;(this as { code: string }).code = 'timeout'
  }
}

/** The error for an HTTP error response, by status. */
export function errorFor(init: ApiErrorInit & { retryAfterMs?: number | null }): ApiError {
  const s = init.status
  if (s === 400) return new InvalidRequestError(init)
  if (s === 401) return new AuthenticationError(init)
  if (s === 403) return new PermissionError(init)
  if (s === 404) return new NotFoundError(init)
  if (s === 409) return new ConflictError(init)
  if (s === 429) return new RateLimitError(init)
  if (s >= 500) return new ServerError(init)
  return new ApiError(init)
}
