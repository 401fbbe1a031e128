// Defences around every route: response headers for a JSON API, an allow-list CORS policy,
// a URL length limit, load shedding under pressure, bounds on open connections, and the error
// body for requests that Node refuses before Fastify sees them (oversized headers, timeouts).
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify'
import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import proxyAddr from '@fastify/proxy-addr'
import { getHeapStatistics } from 'node:v8'
import { randomUUID } from 'node:crypto'
import cors from '@fastify/cors'
import fp from 'fastify-plugin'
import underPressure from '@fastify/under-pressure'
import { ApiError, invalidRequest } from '../errors.js'
import type { Metrics } from '../metrics.js'
import type { TrustProxy } from '../../config.js'

export interface SecurityOptions {
  /** Exact origins allowed to call from a browser; empty: no cross-origin access. */
  corsOrigins: string[]
  maxUrlLength: number
  /** Load shedding; false turns it off (tests that must not depend on the machine's load). */
  pressure: { maxEventLoopDelayMs: number; maxHeapUsedBytes: number; maxEventLoopUtilization?: number } | false
  /** Bounds on open connections; none unless given. */
  connections?: ConnectionBounds
  /** The proxies whose connections the per-address bound spares. */
  trustProxy: TrustProxy
}

export interface ConnectionBounds {
  /** Open connections in all; more are closed as they arrive. */
  total: number
  /** Open connections from one peer address that is not a trusted proxy; 0: no bound. */
  perAddress: number
}

/**
 * Fastify's trustProxy for ours: an address list as it is (proxy-addr); a hop count as a function,
 * since Fastify 5 ignores a number (it trusts no hop then). The client's address is then the entry
 * the nearest untrusted hop appended, never one the client wrote.
 */
export function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust
  return trust
}

/** Whether a peer is one of the trusted proxies (with a hop count, every peer is one). */
function trustedPeer(trust: TrustProxy): (address: string) => boolean {
  if (trust === false) return () => false
  if (typeof trust === 'number') return () => true
  const match = proxyAddr.compile(trust)
  return (address) => match(address, 0)
}

/**
 * Bounds the open connections: in all (Node's maxConnections: the kernel's backlog is not the
 * limit, open descriptors are), and per peer address, so that one client cannot hold them all.
 * A balancer's connections are not bound per address (bound clients there instead).
 */
function boundConnections(server: Server, bounds: ConnectionBounds, trust: TrustProxy, metrics: Metrics) {
  server.maxConnections = bounds.total
  server.on('drop', () => metrics.connectionsRefused.inc({ bound: 'total' }))
  if (bounds.perAddress === 0) return
  const trusted = trustedPeer(trust)
  const open = new Map<string, number>()
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress
    if (address === undefined || trusted(address)) return
    const n = (open.get(address) ?? 0) + 1
    if (n > bounds.perAddress) {
      metrics.connectionsRefused.inc({ bound: 'per_address' })
      socket.destroy()
      return
    }
    open.set(address, n)
    socket.once('close', () => {
      const left = open.get(address)! - 1
      if (left > 0) open.set(address, left)
      else open.delete(address)
    })
  })
}

/** The headers of every answer; also set by the router's own errors, which run no hooks. */
export function securityHeaders(request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-content-type-options', 'nosniff')
  reply.header('referrer-policy', 'no-referrer')
  if (!request.url.startsWith('/docs')) {
    // Responses hold one caller's data: no shared cache may keep them, no page may frame them.
    reply.header('cache-control', 'no-store')
    reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    reply.header('x-frame-options', 'DENY')
  }
}

const SAMPLE_MS = 250
const UNAVAILABLE = 'the service is overloaded; retry after the number of seconds in Retry-After'

export default fp(
  async (app: FastifyInstance, opts: SecurityOptions) => {
    // Hooks that never wait take a callback: an async one costs every request a promise and a
    // microtask turn (hooks.ts in fastify), and these run on every request.
    app.addHook('onRequest', (request, reply, done) => {
      securityHeaders(request, reply)
      // RFC 9112 §3.2: a server must answer 400 to an HTTP/1.1 request without Host
      if (request.headers.host === undefined && request.raw.httpVersion === '1.1') {
        reply.header('connection', 'close')
        return done(invalidRequest('the Host header is required (HTTP/1.1)'))
      }
      if (request.url.length > opts.maxUrlLength) {
        return done(invalidRequest(`the URL is longer than ${opts.maxUrlLength} characters`))
      }
      done()
    })

    if (opts.connections) boundConnections(app.server, opts.connections, opts.trustProxy, app.metrics)

    if (opts.corsOrigins.length > 0) {
      const allowed = new Set(opts.corsOrigins)
      await app.register(cors, {
        origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
        // reads only: a token that may write (webhooks:write) belongs on a server, not in a page
        methods: ['GET', 'HEAD'],
        allowedHeaders: ['Authorization', 'X-Request-Id'],
        exposedHeaders: ['RateLimit', 'RateLimit-Policy', 'Retry-After', 'X-Request-Id', 'Changes-Cursor'],
        credentials: false,
        maxAge: 600,
        // an OPTIONS without Access-Control-Request-Method from an allowed origin is taken as a
        // preflight (browsers always send it); strict mode answered it 400 in plain text, not the
        // API's error body. One from elsewhere is no preflight: the 405 route answers it.
        strictPreflight: false,
      })
    }

    if (opts.pressure) {
      const heapLimit = opts.pressure.maxHeapUsedBytes || Math.floor(getHeapStatistics().heap_size_limit * 0.9)
      // The samples taken until the loop is free after ready measure the start (plugins loaded,
      // schemas compiled), not load: without this, a new instance refused its first requests.
      let shedsFrom = Infinity
      app.addHook('onReady', async () => {
        setImmediate(() => (shedsFrom = Date.now() + 2 * SAMPLE_MS))
      })
      await app.register(underPressure, {
        // Delay is the signal: a loop a second behind means requests wait longer than any client
        // will. Utilization (optional) would also refuse work a merely busy loop can still do.
        maxEventLoopUtilization: opts.pressure.maxEventLoopUtilization ?? 0,
        eventLoopUtilizationMode: 'interval',
        maxEventLoopDelay: opts.pressure.maxEventLoopDelayMs,
        maxHeapUsedBytes: heapLimit,
        retryAfter: 2,
        sampleInterval: SAMPLE_MS,
        // A rejection goes to the error handler, which writes the API's error body.
        pressureHandler: async (request) => {
          // Liveness stays green: a busy process is not a dead one, and restarting it sheds nothing.
          if (request.routeOptions.url === '/healthz' || Date.now() < shedsFrom) return
          request.server.metrics.shed.inc()
          throw new ApiError('service_unavailable', UNAVAILABLE, { 'retry-after': '2' })
        },
      })
    }
  },
  { name: 'csapi-security' },
)

/**
 * Answers requests that Node's HTTP parser refuses (a header block over the limit, a request
 * that arrives too slowly) with the API's error body instead of Fastify's default, then closes
 * the socket as Node does. Ending it instead waited for a client that may never close its side,
 * and kept the descriptor open as long as the client lived.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (!socket.writable) return socket.destroy()
  const [status, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'invalid_request', 'the request headers are too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'invalid_request', 'the request took too long to arrive']
        : [400, 'invalid_request', 'the request could not be read']
  const body = JSON.stringify({ error: { code, message } })
  const reason = status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'
  socket.write(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nX-Request-Id: ${randomUUID()}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  )
  socket.destroy()
}
