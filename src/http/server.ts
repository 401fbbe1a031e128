// Opens the database, applies pending migrations and serves until SIGTERM or SIGINT.
import cluster from 'node:cluster'
import type { Server } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { buildApp, defaultLogger, type AppOptions } from './app.js'
import { isUnavailable, openDb, type Db } from '../db/index.js'
import { openAndMigrate } from '../db/open.js'
import { schemaIsCurrent } from '../db/migrate.js'
import { openReplicas, ReadRouter } from '../db/replicas.js'
import { ensureCursorSecret, readCursorSecret } from '../db/settings.js'
import { RedisStore } from './ratelimit/redis-store.js'
import { closeServer } from './shutdown.js'
import { ConfigError, type Config } from '../config.js'
import { listenMetrics, shareWithPrimary } from './metrics.js'
import { Deliverer } from '../webhooks/deliver.js'
import { renderer } from './webhooks/render.js'

export interface ServeOptions {
  port: number
  host: string
  config: Config
  /** An already open database (the demo passes the one it loaded). */
  db?: Db
}

/**
 * The cursor secrets: configured, else the one generated once in the database (read from a
 * replica when the primary does not answer).
 */
export async function cursorSecrets(db: Db, config: Config, replicas: Db[] = []): Promise<string[]> {
  if (config.cursorSecrets) return config.cursorSecrets
  try {
    return [await ensureCursorSecret(db)]
  } catch (err) {
    for (const replica of replicas) {
      const secret = await readCursorSecret(replica).catch(() => null)
      if (secret) return [secret]
    }
    throw err
  }
}

/**
 * The primary, migrated, and the replicas. When the primary does not answer at start but a
 * replica does with the schema this release knows, the instance starts anyway and serves reads
 * (the primary's pool reconnects by itself once it is back).
 */
async function openDatabases(config: Config, log: (msg: string) => void): Promise<{ db: Db; replicas: Db[] }> {
  const replicas = await openReplicas(config.replicaUrls, {
    poolSize: config.poolSize,
    statementTimeoutMs: config.statementTimeoutMs,
    connectTimeoutMs: config.dbConnectTimeoutMs,
  })
  try {
    return { db: await openAndMigrate(config), replicas }
  } catch (err) {
    if (replicas.length === 0 || !isUnavailable(err)) {
      await Promise.all(replicas.map((r) => r.close()))
      throw err
    }
    const db = await openDb(config.databaseUrl, {
      poolSize: config.poolSize,
      statementTimeoutMs: config.statementTimeoutMs,
      connectTimeoutMs: config.dbConnectTimeoutMs,
    })
    for (const replica of replicas) {
      if (await schemaIsCurrent(replica).catch(() => false)) {
        log(`the primary does not answer (${(err as Error).message}); serving reads from the replicas`)
        return { db, replicas }
      }
    }
    await Promise.all([db, ...replicas].map((d) => d.close()))
    throw err
  }
}

/** The app's protections as configured: what production runs with. */
export async function guardOptions(
  config: Config,
  dbKind: Db['kind'],
): Promise<Omit<AppOptions, 'db' | 'cursorSecrets' | 'logger'>> {
  let store: RedisStore | undefined
  if (config.redisUrl) {
    store = new RedisStore(config.redisUrl)
    try {
      await store.ready()
    } catch (err) {
      await store.close()
      throw new Error(`REDIS_URL: ${(err as Error).message}`, { cause: err })
    }
  }
  return {
    rateLimit: {
      perMinute: config.rateLimitPerMinute,
      burst: config.rateLimitBurst,
      accountPerMinute: config.accountRateLimitPerMinute,
      accountBurst: config.accountRateLimitBurst,
      authFailuresPerMinute: config.authFailuresPerMinute,
      authFailuresBurst: config.authFailuresBurst,
      store,
    },
    tokenCacheMs: config.tokenCacheMs,
    corsOrigins: config.corsOrigins,
    maxUrlLength: config.maxUrlLength,
    pressure: {
      // PGlite runs each statement on the event loop, so a loop kept busy by pages is its normal
      // state, not overload: shedding on delay refused the demo's second client.
      maxEventLoopDelayMs: dbKind === 'pglite' ? 0 : config.maxEventLoopDelayMs,
      maxEventLoopUtilization: config.maxEventLoopUtilization,
      maxHeapUsedBytes: config.maxHeapUsedBytes,
    },
    server: {
      maxHeaderBytes: config.maxHeaderBytes,
      requestTimeoutMs: config.requestTimeoutMs,
      keepAliveTimeoutMs: config.keepAliveTimeoutMs,
      trustProxy: config.trustProxy,
      connections: { total: config.maxConnections, perAddress: config.maxConnectionsPerAddress },
    },
    webhooks: { allowHosts: config.webhooks.allowHosts, maxEndpoints: config.webhooks.maxEndpoints },
  }
}

export async function serve(opts: ServeOptions): Promise<FastifyInstance> {
  const warnings: string[] = []
  const { db, replicas } = opts.db
    ? { db: opts.db, replicas: [] }
    : await openDatabases(opts.config, (m) => warnings.push(m))
  const reads = new ReadRouter(db, replicas, {
    maxLagMs: opts.config.replicaMaxLagMs,
    checkEveryMs: opts.config.replicaCheckMs,
  })
  await reads.start()
  const app = await buildApp({
    db,
    reads,
    cursorSecrets: await cursorSecrets(db, opts.config, replicas),
    logger: defaultLogger(opts.config.logLevel),
    ...(await guardOptions(opts.config, db.kind)),
  })
  for (const w of warnings) app.log.warn(w)
  app.addHook('onClose', async () => {
    await reads.close()
    await db.close()
  })
  // every instance delivers webhooks; claims never overlap (src/webhooks/deliver.ts)
  const deliverer = opts.config.webhooks.deliver
    ? new Deliverer({
        db,
        config: opts.config.webhooks,
        render: renderer(db, app.cursors),
        log: app.log,
        onOutcome: (outcome) => app.metrics.webhookDeliveries.inc({ outcome }),
      })
    : null
  if (deliverer) app.addHook('preClose', () => deliverer.stop())
  // hooks cannot be added once listening: the metrics listener's close is registered now
  let metricsServer: Server | null = null
  app.addHook(
    'onClose',
    () => new Promise<void>((resolve) => (metricsServer ? metricsServer.close(() => resolve()) : resolve())),
  )
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    const grace = opts.config.shutdownGraceMs
    app.log.info(
      { signal, graceMs: grace },
      'shutting down: taking the connections already queued, then finishing requests in flight',
    )
    app.drain()
    const force = setTimeout(() => {
      // Connections idle now were kept alive longer than the grace period: close them. Anything
      // still open a second later (a request running, a connection that never sent one) makes
      // the exit 1.
      app.server.closeIdleConnections()
      setTimeout(() => {
        app.log.error('connections still open after the grace period; exiting')
        process.exit(1)
      }, 1000).unref()
    }, grace)
    force.unref()
    // Stop listening once the queued connections are taken (for at most half the grace period,
    // leaving the other half to answer them), wait until every connection has closed
    // (src/http/shutdown.ts), then close the app: its hooks close the database.
    const stopped = () =>
      app.server.getConnections((_, open) => app.log.info({ openConnections: open }, 'stopped listening'))
    closeServer(app.server, grace / 2, stopped)
      .then(() => app.close())
      .then(
        () => {
          app.log.info('shut down cleanly')
          process.exit(0)
        },
        (err) => {
          app.log.error({ err }, 'shutdown failed')
          process.exit(1)
        },
      )
  }
  // The handlers are in place before listen: Fastify logs "Server listening" before its listen
  // resolves, and a signal sent on that line ended the process by default, unanswered (seen in
  // CI twice, the second time with the handlers installed right after listen). A signal that
  // comes before listening has finished is acted on once it has.
  let listening = false
  let early: string | null = null
  const onSignal = (signal: string) => (listening ? shutdown(signal) : (early ??= signal))
  // `on`, not `once`: a repeated signal (Ctrl-C forwarded by npm as well) must not end the
  // process by default in the middle of the shutdown; shutdown runs once
  process.on('SIGTERM', () => onSignal('SIGTERM'))
  process.on('SIGINT', () => onSignal('SIGINT'))
  await app.listen({ port: opts.port, host: opts.host })
  listening = true
  if (early) {
    shutdown(early)
    return app
  }
  deliverer?.start()
  // a worker's metrics are served by the primary (cluster.ts), summed over the workers
  if (cluster.isWorker) shareWithPrimary(app.metrics)
  if (opts.config.metricsPort !== null && !cluster.isWorker) {
    if (opts.config.metricsPort === opts.port && opts.port !== 0)
      throw new ConfigError('CSAPI_METRICS_PORT must not be the public port')
    metricsServer = await listenMetrics(app.metrics, opts.config.metricsPort, opts.config.metricsHost)
    const address = metricsServer.address()
    const metricsPort = typeof address === 'object' && address ? address.port : ''
    app.log.info({ metrics: `http://${opts.config.metricsHost}:${metricsPort}/metrics` }, 'metrics listening')
  }
  app.log.info(
    {
      database: db.description,
      replicas: replicas.map((r) => r.description),
      rateLimitStore: opts.config.redisUrl ? 'redis' : 'memory',
    },
    'serving',
  )
  if (cluster.isWorker && !opts.config.redisUrl) {
    app.log.warn('rate limits are kept per worker process: each grants the full rate; set REDIS_URL to share them')
  }

  return app
}
