// Builds the Fastify app around an open database. It never listens: server.ts does, and
// tests inject requests or listen on port 0.
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { randomUUID } from 'node:crypto'
import type { Ajv } from 'ajv'
import type { Db } from '../db/index.js'
import { ReadRouter } from '../db/replicas.js'
import { COMPONENT, RULE } from './schema.js'
import { ROUTES, servedPaths } from './routes.js'
import core from './plugins/core.js'
import errors, { frameworkError, MAX_PARAM_LENGTH } from './plugins/errors.js'
import query from './query.js'
import body from './body.js'
import security, {
  clientErrorHandler,
  fastifyTrustProxy,
  type ConnectionBounds,
  type SecurityOptions,
} from './plugins/security.js'
import auth from './plugins/auth.js'
import openapi, { DOC_PATHS } from './plugins/openapi.js'
import type { RateLimitOptions } from './plugins/rate-limit.js'
import type { TrustProxy } from '../config.js'

export interface AppOptions {
  /** The primary database. */
  db: Db
  /** Reads over replicas; default: every read on `db`. */
  reads?: ReadRouter
  /** The first signs cursors, every one verifies them. */
  cursorSecrets: string[]
  logger?: FastifyServerOptions['logger']
  /** Per-token, per-account and per-address rate limits; none unless given (serve() always gives them). */
  rateLimit?: RateLimitOptions
  /** How long a token lookup is reused; 0 (default) looks every request up. */
  tokenCacheMs?: number
  /** Origins allowed to call from a browser; default none. */
  corsOrigins?: string[]
  /** Default 4096. */
  maxUrlLength?: number
  /** Webhook endpoints made through the API: hosts exempt from the address rules, endpoints per account (10). */
  webhooks?: { allowHosts?: string[]; maxEndpoints?: number }
  /** Load shedding; off unless given. */
  pressure?: SecurityOptions['pressure']
  /** Node HTTP server limits, in effect when the app listens. */
  server?: {
    maxHeaderBytes?: number
    requestTimeoutMs?: number
    keepAliveTimeoutMs?: number
    /** Which X-Forwarded-For entries give the client's address; default none. */
    trustProxy?: TrustProxy
    /** Bounds on open connections; none unless given. */
    connections?: ConnectionBounds
  }
}

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
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkError,
    // Only the writes take a body; each of them says how large (body.ts).
    bodyLimit: 1024,
    // Node enforces the request timeout in a sweep this often (its default, 30 s, let a slow
    // client keep a connection that long past the timeout). Given here, not only to Fastify: set
    // after the server is made, a request whose body stops came due at headersTimeout (60 s).
    http: {
      // Node's own refusal of an HTTP/1.1 request without Host is an empty 400; the security
      // plugin refuses it with the API's error body instead
      requireHostHeader: false,
      maxHeaderSize: opts.server?.maxHeaderBytes ?? 16_384,
      connectionsCheckingInterval: 1000,
      requestTimeout: opts.server?.requestTimeoutMs ?? 30_000,
      headersTimeout: opts.server?.requestTimeoutMs ?? 30_000,
    },
    requestTimeout: opts.server?.requestTimeoutMs ?? 30_000,
    // Idle sockets are closed; a socket that sends nothing for this long is dropped.
    keepAliveTimeout: opts.server?.keepAliveTimeoutMs ?? 5000,
    connectionTimeout: (opts.server?.requestTimeoutMs ?? 30_000) + 5000,
    trustProxy: fastifyTrustProxy(opts.server?.trustProxy ?? false),
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
        verbose: true, // errors carry their schema, whose RULE is the message
      },
      plugins: [
        (ajv: Ajv) =>
          ajv
            .addKeyword({ keyword: RULE, schemaType: 'string' })
            .addKeyword({ keyword: COMPONENT, schemaType: 'string' }),
      ],
    },
  })
  const reads = opts.reads ?? new ReadRouter(opts.db, [], { maxLagMs: 0, checkEveryMs: 1000 })
  await app.register(core, { db: opts.db, reads, cursorSecrets: opts.cursorSecrets })
  // Before the routes: a route takes the error handler in force when it is added, and the
  // plugins below add routes (CORS preflight, /docs) that must answer errors in the API's body.
  await app.register(errors, { paths: [...servedPaths(), ...DOC_PATHS] })
  await app.register(query)
  await app.register(body)
  await app.register(security, {
    corsOrigins: opts.corsOrigins ?? [],
    maxUrlLength: opts.maxUrlLength ?? 4096,
    pressure: opts.pressure ?? false,
    connections: opts.server?.connections,
    trustProxy: opts.server?.trustProxy ?? false,
  })
  await app.register(auth, { reads, rateLimit: opts.rateLimit, tokenCacheMs: opts.tokenCacheMs ?? 0 })
  await app.register(openapi)
  app.decorate('webhookRules', {
    allowHosts: opts.webhooks?.allowHosts ?? [],
    maxPerAccount: opts.webhooks?.maxEndpoints ?? 10,
  })
  for (const route of ROUTES) await app.register(route.plugin)
  return app
}
