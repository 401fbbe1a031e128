// What every request gets: the database and the cursor codec on the app, its request id echoed,
// one log line when it is answered, and the drain state of a shutdown.
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../../db/index.js'
import type { ReadRouter } from '../../db/replicas.js'
import { Metrics } from '../metrics.js'
import { CursorCodec } from '../cursor.js'
import { ApiError } from '../errors.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The primary: writes, and reads that must see the latest state. */
    db: Db
    /** Reads spread over the replicas, else the primary (src/db/replicas.ts). */
    reads: ReadRouter
    /** Prometheus metrics, served by their own listener (src/http/metrics.ts). */
    metrics: Metrics
    cursors: CursorCodec
    /** Shutdown has begun: readiness fails and every answer closes its connection. */
    drain(): void
    /** Whether drain() was called (or the app is closing). */
    readonly draining: boolean
  }
}

/**
 * Once draining, an answer says Connection: close, and Node closes its connection after it: no
 * client sends a further request on a connection about to close. Also called by the router's own
 * errors, which run no hooks.
 */
export function closeIfDraining(reply: FastifyReply): void {
  if (reply.server.draining) reply.header('connection', 'close')
}

/**
 * Counts and logs one answered request: the onResponse hook's work, also done by the router's
 * own errors (a malformed escape in the path), which run no hooks.
 */
export function recordAnswer(request: FastifyRequest, reply: FastifyReply): void {
  const ms = Math.round(reply.elapsedTime * 10) / 10
  // the route's pattern, never the URL: label values stay bounded
  request.server.metrics.observe(
    request.routeOptions.url ?? 'unknown',
    request.method,
    reply.statusCode,
    reply.elapsedTime / 1000,
    Boolean(request.owner?.sandboxId),
  )
  request.log.info(
    { route: request.routeOptions.url ?? null, method: request.method, status: reply.statusCode, ms },
    'request',
  )
}

export interface CoreOptions {
  db: Db
  reads: ReadRouter
  /** The first signs cursors, every one verifies them. */
  cursorSecrets: string[]
}

export default fp(
  async (app: FastifyInstance, opts: CoreOptions) => {
    app.decorate('db', opts.db)
    app.decorate('reads', opts.reads)
    app.decorate('metrics', new Metrics(opts.reads))
    app.decorate('cursors', new CursorCodec(opts.cursorSecrets))
    // Once shutdown starts (serve() calls drain() on the signal), readiness fails so that a load
    // balancer stops sending traffic, and every answer, to requests already running included,
    // says Connection: close.
    let draining = false
    app.decorate('draining', { getter: () => draining })
    app.decorate('drain', () => {
      draining = true
    })
    app.addHook('preClose', async () => {
      draining = true
    })
    // Callback hooks, not async ones: these run on every request, and an async hook costs each
    // a promise and a microtask turn.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id)
      if (draining && request.routeOptions.url === '/readyz') {
        return done(new ApiError('service_unavailable', 'the service is shutting down', { 'retry-after': '1' }))
      }
      done()
    })
    app.addHook('onSend', (_request, reply, payload, done) => {
      closeIfDraining(reply)
      done(null, payload)
    })
    app.addHook('onResponse', (request, reply, done) => {
      recordAnswer(request, reply)
      done()
    })
  },
  { name: 'csapi-core' },
)
