// Builds the Fastify app around an open database. It never listens: server.ts does, and
// tests inject requests or listen on port 0.
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { randomUUID } from 'node:crypto'
import type { Db } from './db/index.js'
import { CursorCodec } from './cursor.js'
import { ApiError, invalidPagination } from './errors.js'
import { registerErrorRoutes } from './plugins/errors.js'
import { registerOpenApi } from './plugins/openapi.js'
import brandsRoute from './routes/creator/brands.js'
import reportsRoute from './routes/creator/reports.js'
import productsRoute from './routes/seller/products.js'
import healthRoutes from './routes/health.js'
import { Auth } from './plugins/auth.js'
import { Limiter, type RateLimitOptions } from './plugins/rate-limit.js'
import { clientErrorHandler, registerSecurity, type SecurityOptions } from './plugins/security.js'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    cursors: CursorCodec
  }
}

export interface AppOptions {
  db: Db
  /** The first signs cursors, every one verifies them. */
  cursorSecrets: string[]
  logger?: FastifyServerOptions['logger']
  /** Per-token and per-address rate limits; none unless given (serve() always gives them). */
  rateLimit?: RateLimitOptions
  /** How long a token lookup is reused; 0 (default) looks every request up. */
  tokenCacheMs?: number
  /** Origins allowed to call from a browser; default none. */
  corsOrigins?: string[]
  /** Default 4096. */
  maxUrlLength?: number
  /** Load shedding; off unless given. */
  pressure?: SecurityOptions['pressure']
  /** Node HTTP server limits, in effect when the app listens. */
  server?: { maxHeaderBytes?: number; requestTimeoutMs?: number; keepAliveTimeoutMs?: number; trustProxy?: boolean }
}

export const API_PATHS = ['/api/creator/v1/brands', '/api/creator/v1/reports', '/api/seller/v1/products']

// A client's request id is kept when it is plain and short; anything else is replaced, so a
// log line can never be forged through it.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

export function defaultLogger(level = 'info'): FastifyServerOptions['logger'] {
  return {
    level,
    // Headers are never logged; the redaction is a second line of defence.
    redact: ['req.headers.authorization', 'headers.authorization'],
    serializers: {
      req: (req) => ({ method: req.method, url: req.url }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
  }
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // one line per request, written by the onResponse hook below
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (req) => {
      const given = req.headers['x-request-id']
      return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID()
    },
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 256 },
    // No endpoint takes a body.
    bodyLimit: 1024,
    http: { maxHeaderSize: opts.server?.maxHeaderBytes ?? 16_384 },
    requestTimeout: opts.server?.requestTimeoutMs ?? 30_000,
    // Idle sockets are closed; a socket that sends nothing for this long is dropped.
    keepAliveTimeout: opts.server?.keepAliveTimeoutMs ?? 5000,
    connectionTimeout: (opts.server?.requestTimeoutMs ?? 30_000) + 5000,
    trustProxy: opts.server?.trustProxy ?? false,
    // While shutting down, requests already on an open connection are served (with
    // Connection: close), not refused: they were accepted before the signal.
    return503OnClosing: false,
    clientErrorHandler,
    ajv: {
      customOptions: {
        removeAdditional: false, // an unknown parameter is an error, not silently dropped
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: false,
      },
    },
  })
  app.decorate('db', opts.db)
  app.decorate('cursors', new CursorCodec(opts.cursorSecrets))
  const limiter = opts.rateLimit ? new Limiter(opts.rateLimit) : null
  const auth = new Auth(opts.db, limiter, opts.tokenCacheMs ?? 0)
  app.decorate('auth', auth)
  // Once shutdown starts, readiness fails so that a load balancer stops sending traffic.
  let draining = false
  app.addHook('preClose', async () => {
    draining = true
  })
  app.addHook('onRequest', async (request) => {
    if (draining && request.url === '/readyz') {
      throw new ApiError('service_unavailable', 'the service is shutting down', { 'retry-after': '1' })
    }
  })
  app.addHook('onClose', async () => {
    await auth.flush()
    await limiter?.close()
  })

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  // Ajv would read " 5" or "1e1" as a number; the contract says a whole number, so the raw text
  // must be digits.
  app.addHook('preValidation', async (request) => {
    const limit = (request.query as Record<string, unknown> | undefined)?.limit
    if (typeof limit === 'string' && !/^[0-9]{1,6}$/.test(limit)) {
      const max = (request.routeOptions.schema?.querystring as { properties?: { limit?: { maximum?: number } } } | undefined)
        ?.properties?.limit?.maximum
      throw invalidPagination(`limit must be a whole number from 1 to ${max}`)
    }
  })
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { route: request.routeOptions.url ?? null, method: request.method, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    )
  })

  // First: a route takes the error handler in force when it is added, and the plugins below
  // add routes (CORS preflight, /docs) that must answer errors in the API's body too.
  registerErrorRoutes(app, API_PATHS)
  await registerSecurity(app, {
    corsOrigins: opts.corsOrigins ?? [],
    maxUrlLength: opts.maxUrlLength ?? 4096,
    pressure: opts.pressure ?? false,
  })
  await registerOpenApi(app)
  await app.register(healthRoutes)
  await app.register(brandsRoute)
  await app.register(reportsRoute)
  await app.register(productsRoute)
  return app
}
