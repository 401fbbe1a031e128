// `csapi serve --workers N`: N serving processes sharing one port through node:cluster, since
// one Node process runs JavaScript on one core. The primary applies migrations and the cursor
// secret once, forks the workers, replaces a worker that dies, and passes SIGTERM/SIGINT on.
import cluster, { type Worker } from 'node:cluster'
import { ConfigError } from '../config.js'
import { cursorSecrets, serve, type ServeOptions } from './server.js'
import { openAndMigrate } from '../db/open.js'
import { clusterMetrics, listenMetrics } from './metrics.js'

const RESTARTS_PER_MINUTE = 10

export async function serveCluster(workers: number, opts: ServeOptions): Promise<void> {
  if (cluster.isWorker) {
    await serve(opts)
    return
  }
  const url = opts.config.databaseUrl ?? ''
  if (!url.startsWith('postgres://') && !url.startsWith('postgresql://')) {
    throw new ConfigError(
      '--workers needs PostgreSQL (DATABASE_URL=postgres://…): a PGlite database belongs to one process',
    )
  }
  // Done once here, so that the workers start on an up-to-date schema and one shared secret.
  const db = await openAndMigrate(opts.config)
  try {
    await cursorSecrets(db, opts.config)
  } finally {
    await db.close()
  }

  let stopping = false
  const restarts: number[] = []
  // a worker inherits this process's environment, NODE_OPTIONS included
  const fork = () => cluster.fork()
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
      return
    }
    const now = Date.now()
    while (restarts.length > 0 && restarts[0]! < now - 60_000) restarts.shift()
    if (restarts.length >= RESTARTS_PER_MINUTE) {
      process.stderr.write(`csapi: workers keep dying (last: pid ${worker.process.pid}, ${signal ?? code}); stopping\n`)
      stop('restart limit')
      process.exitCode = 1
      return
    }
    restarts.push(now)
    process.stderr.write(`csapi: worker ${worker.process.pid} exited (${signal ?? code}); starting another\n`)
    fork()
  })
  const stop = (_why: string) => {
    if (stopping) return
    stopping = true
    const alive = Object.values(cluster.workers ?? {})
    if (alive.length === 0) process.exit(process.exitCode ?? 0)
    for (const w of alive) w?.process.kill('SIGTERM')
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
  for (let i = 0; i < workers; i++) fork()
  if (opts.config.metricsPort !== null) {
    if (opts.config.metricsPort === opts.port && opts.port !== 0)
      throw new ConfigError('CSAPI_METRICS_PORT must not be the public port')
    await listenMetrics(clusterMetrics(), opts.config.metricsPort, opts.config.metricsHost)
  }
}
