// Opens the database, applies pending migrations and serves until SIGTERM or SIGINT.
import type { FastifyInstance } from 'fastify'
import { buildApp, defaultLogger } from './app.js'
import { openDb, type Db } from './db/index.js'
import { migrate } from './db/migrate.js'
import { ensureCursorSecret } from './data/settings.js'
import type { Config } from './config.js'

export interface ServeOptions {
  port: number
  host: string
  config: Config
  /** An already open database (the demo passes the one it loaded). */
  db?: Db
}

export async function openAndMigrate(config: Config): Promise<Db> {
  const db = await openDb(config.databaseUrl, { poolSize: config.poolSize, statementTimeoutMs: config.statementTimeoutMs })
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

export async function serve(opts: ServeOptions): Promise<FastifyInstance> {
  const db = opts.db ?? (await openAndMigrate(opts.config))
  const app = await buildApp({ db, cursorSecrets: await cursorSecrets(db, opts.config), logger: defaultLogger(opts.config.logLevel) })
  app.addHook('onClose', async () => {
    await db.close()
  })
  await app.listen({ port: opts.port, host: opts.host })
  app.log.info({ database: db.description }, 'serving')

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing requests in flight')
    const force = setTimeout(() => {
      app.log.error('requests still in flight after the grace period; exiting')
      process.exit(1)
    }, 10_000)
    force.unref()
    app.close().then(
      () => process.exit(0),
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
