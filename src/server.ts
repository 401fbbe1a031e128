// Opens the database, applies pending migrations and serves until SIGTERM or SIGINT.
import cluster from 'node:cluster'
import type { FastifyInstance } from 'fastify'
import { buildApp, defaultLogger, type AppOptions } from './app.js'
import { openDb, type Db } from './db/index.js'
import { migrate } from './db/migrate.js'
import { ensureCursorSecret } from './data/settings.js'
import { RedisStore } from './ratelimit/redis-store.js'
import type { Config } from './config.js'

export interface ServeOptions {
  port: number
  host: string
  config: Config
  /** An already open database (the demo passes the one it loaded). */
  db?: Db
}

export async function openAndMigrate(config: Config): Promise<Db> {
  const db = await openDb(config.databaseUrl, {
    poolSize: config.poolSize,
    statementTimeoutMs: config.statementTimeoutMs,
    connectTimeoutMs: config.dbConnectTimeoutMs,
  })
  try {
    await migrate(db)
  } catch (err) {
    await db.close().catch(() => {})
    throw err
  }
  return db
}

export async function cursorSecrets(db: Db, config: Config): Promise<string[]> {
  return config.cursorSecrets ?? [await ensureCursorSecret(db)]
}

/** The app's protections as configured: what production runs with. */
export async function guardOptions(config: Config): Promise<Omit<AppOptions, 'db' | 'cursorSecrets' | 'logger'>> {
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
      authFailuresPerMinute: config.authFailuresPerMinute,
      authFailuresBurst: config.authFailuresBurst,
      store,
    },
    tokenCacheMs: config.tokenCacheMs,
    corsOrigins: config.corsOrigins,
    maxUrlLength: config.maxUrlLength,
    pressure: {
      maxEventLoopDelayMs: config.maxEventLoopDelayMs,
      maxEventLoopUtilization: config.maxEventLoopUtilization,
      maxHeapUsedBytes: config.maxHeapUsedBytes,
    },
    server: {
      maxHeaderBytes: config.maxHeaderBytes,
      requestTimeoutMs: config.requestTimeoutMs,
      keepAliveTimeoutMs: config.keepAliveTimeoutMs,
      trustProxy: config.trustProxy,
    },
  }
}

export async function serve(opts: ServeOptions): Promise<FastifyInstance> {
  const db = opts.db ?? (await openAndMigrate(opts.config))
  const app = await buildApp({
    db,
    cursorSecrets: await cursorSecrets(db, opts.config),
    logger: defaultLogger(opts.config.logLevel),
    ...(await guardOptions(opts.config)),
  })
  app.addHook('onClose', async () => {
    await db.close()
  })
  await app.listen({ port: opts.port, host: opts.host })
  app.log.info({ database: db.description, rateLimitStore: opts.config.redisUrl ? 'redis' : 'memory' }, 'serving')
  if (cluster.isWorker && !opts.config.redisUrl) {
    app.log.warn('rate limits are kept per worker process: each grants the full rate; set REDIS_URL to share them')
  }

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    const grace = opts.config.shutdownGraceMs
    app.log.info({ signal, graceMs: grace }, 'shutting down: no new connections; finishing requests in flight')
    const force = setTimeout(() => {
      app.log.error('requests still in flight after the grace period; exiting')
      process.exit(1)
    }, grace)
    force.unref()
    // close() stops listening, closes idle keep-alive sockets, lets requests in flight finish
    // (answered with Connection: close), then closes the database.
    app.close().then(
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
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))
  return app
}
