// Builds the Fastify app around an open database. It never listens: server.ts does, and
// tests inject requests or listen on port 0.
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { randomUUID } from 'node:crypto'
import type { Db } from './db/index.js'
import { CursorCodec } from './cursor.js'
import { invalidPagination } from './errors.js'
import { registerErrorRoutes } from './plugins/errors.js'
import { registerOpenApi } from './plugins/openapi.js'
import brandsRoute from './routes/creator/brands.js'
import reportsRoute from './routes/creator/reports.js'
import productsRoute from './routes/seller/products.js'
import healthRoutes from './routes/health.js'

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

  await registerOpenApi(app)
  registerErrorRoutes(app, API_PATHS)
  await app.register(healthRoutes)
  await app.register(brandsRoute)
  await app.register(reportsRoute)
  await app.register(productsRoute)
  return app
}
