// `csapi serve`: applies pending migrations and serves in this process until SIGTERM or SIGINT;
// --workers N forks N serving processes on one port (src/http/cluster.ts).
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { Command } from 'commander'
import { ConfigError, loadConfig, type Config } from '../../config.js'
import type { Db } from '../../db/index.js'
import { serveCluster } from '../../http/cluster.js'
import { serve } from '../../http/server.js'
import { UsageError } from '../errors.js'
import type { Io } from '../io.js'
import { integer, port, portOrEnv } from '../options.js'

export function serveCommand(io: Io): Command {
  return new Command('serve')
    .summary('serve the API (applies pending migrations first)')
    .description(
      'apply pending migrations, then serve the API in this process; ' +
        'SIGTERM or SIGINT finishes the requests in flight, then exits 0',
    )
    .option('--port <number>', 'port to listen on (default: PORT, else 3000)', port)
    .option('--host <address>', 'address to listen on (default: HOST, else 127.0.0.1)')
    .option('--workers <n>', 'serving processes sharing the port (PostgreSQL only)', integer('--workers', 1, 999), 1)
    .addHelpText(
      'after',
      `
The recommended process settings (a bounded V8 heap) are in deploy/csapi.env, with a systemd
unit and a Dockerfile that use them (docs/operations.md#process-settings).`,
    )
    .action(async (opts: { port?: number; host?: string; workers: number }) => {
      const config = loadConfig(io.env)
      const listen = { port: portOrEnv(opts.port, io.env), host: opts.host ?? io.env.HOST ?? '127.0.0.1', config }
      if (opts.workers > 1) await serveCluster(opts.workers, listen)
      else await serveHere({ ...listen, hostGiven: opts.host !== undefined, defaultDb: defaultDatabase(config) })
    })
}

/** The embedded database used when DATABASE_URL is not set (db/index.ts: PGlite in ./data). */
export interface DefaultDatabase {
  path: string
  /** Created by this start, so it holds nothing yet. */
  empty: boolean
}

/** Without DATABASE_URL: where the data goes, and whether it is there yet (read before opening). */
export function defaultDatabase(config: Config): DefaultDatabase | undefined {
  if ((config.databaseUrl ?? '').trim() !== '') return undefined
  const path = resolve('data')
  return { path, empty: !existsSync(join(path, 'PG_VERSION')) }
}

/** Serves in this process (also `csapi demo --serve`). */
export async function serveHere(opts: {
  port: number
  host: string
  config: Config
  db?: Db
  hostGiven?: boolean
  defaultDb?: DefaultDatabase
}) {
  let app: Awaited<ReturnType<typeof serve>>
  try {
    app = await serve(opts)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code !== 'ENOTFOUND' && code !== 'EADDRNOTAVAIL') throw err
    // not an address of this machine: a wrong --host (exit 2), or a wrong HOST (configuration)
    const what = `${opts.hostGiven ? '--host' : 'HOST'} ${opts.host} is not an address of this machine (${code})`
    throw opts.hostGiven ? new UsageError(what) : new ConfigError(what)
  }
  // an operator who forgot DATABASE_URL would otherwise serve an empty database without a word
  const d = opts.defaultDb
  if (d?.empty)
    app.log.warn(
      { database: d.path },
      `DATABASE_URL is not set: created an empty embedded PGlite database in ${d.path} ` +
        '(set DATABASE_URL to serve another; docs/operations.md)',
    )
  else if (d)
    app.log.info({ database: d.path }, `DATABASE_URL is not set: serving the embedded PGlite database in ${d.path}`)
}
