// One interface over PostgreSQL (pg pool) and embedded PGlite, so that every SQL module,
// migration and test runs unchanged on both. Values always travel as parameters.
import { createHash } from 'node:crypto'
import { resolve } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { ConfigError } from '../config.js'
import { DATE, identity, INT8, parseInt8 } from './parsers.js'
import { openPglite } from './pglite.js'
import { Deadlines } from './deadline.js'

export interface QueryOptions {
  /**
   * Run as a named prepared statement on PostgreSQL: parsed once per connection, not per call.
   * Only for fixed statement texts (a name is derived from the text). On PGlite too (db/pglite.ts).
   */
  prepare?: boolean
}

export interface Queryable {
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[], opts?: QueryOptions): Promise<T[]>
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

/** Whether a statement (prepared: it runs on every request) returns a row. */
export async function hasRow(db: Queryable, sql: string, params: readonly unknown[]): Promise<boolean> {
  return (await db.query(sql, params, { prepare: true })).length > 0
}

/** A batch job's transaction: its own connection on PostgreSQL, with COPY. */
export interface BatchSession extends Queryable {
  /**
   * Streams rows in COPY text format into `copy … from stdin` and returns the row count.
   * PostgreSQL only: null on PGlite, where callers insert in batches instead.
   */
  readonly copyFrom: ((sql: string, text: AsyncIterable<string>) => Promise<number>) | null
}

export interface BatchOptions {
  /** What the job is, shown in pg_stat_activity as application_name `csapi <name>`. */
  name?: string
}

/** Connections of a pool, for metrics: open, idle, and requests waiting for one. */
export interface PoolStats {
  total: number
  idle: number
  waiting: number
}

export interface Db extends Queryable {
  readonly kind: 'postgres' | 'pglite'
  /** The pool's connections now (PGlite: its one connection). */
  poolStats(): PoolStats
  /** A description that is safe to print: no password. */
  readonly description: string
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /**
   * One transaction of a batch job (an ingest, a settlement, an import), without the service's
   * statement timeout. On PostgreSQL it runs on a connection of its own, outside the pool, so that
   * session settings (temp_buffers: only settable before the session's first temporary table)
   * and COPY are available without disturbing the pool. Throwing rolls it back.
   */
  batch<T>(fn: (s: BatchSession) => Promise<T>, opts?: BatchOptions): Promise<T>
  close(): Promise<void>
}

export interface OpenDbOptions {
  /** Pool size for PostgreSQL; PGlite is one connection. */
  poolSize?: number
  /** statement_timeout in ms of every statement outside batch jobs (PGlite: pglite.ts); 0 disables. */
  statementTimeoutMs?: number
  /** How long to wait for a connection (new or from the pool) before failing; default 5000. */
  connectTimeoutMs?: number
  /** application_name of the pool's connections (pg_stat_activity); default csapi. */
  applicationName?: string
}

/**
 * Opens the database named by a DATABASE_URL:
 * `postgres://…` / `postgresql://…` → PostgreSQL pool; `file:PATH` → PGlite at PATH;
 * `memory:` → in-memory PGlite; empty → PGlite in ./data.
 */
export async function openDb(url: string | undefined, opts: OpenDbOptions = {}): Promise<Db> {
  const u = (url ?? '').trim()
  if (u === '') return openPglite(resolve('data'), opts)
  if (u.startsWith('postgres://') || u.startsWith('postgresql://')) return openPostgres(u, opts)
  if (u === 'memory:' || u === 'memory://') return openPglite(undefined, opts)
  if (u.startsWith('file:')) {
    const path = u.slice('file:'.length).replace(/^\/\/(?=\/)/, '')
    if (path === '') throw new ConfigError('DATABASE_URL=file: needs a path, e.g. file:./data')
    return openPglite(resolve(path), opts)
  }
  throw new ConfigError(
    `DATABASE_URL must start with postgres://, postgresql://, file: or memory: (got "${u.split(':')[0]}:…")`,
  )
}

const pgTypes = {
  getTypeParser(oid: number, format?: string) {
    if (oid === INT8) return parseInt8
    if (oid === DATE) return identity
    return pg.types.getTypeParser(oid, format as 'text')
  },
}

/** pg takes a timeout per query too (the types do not say so). */
type TimedQuery = pg.QueryConfig & { query_timeout?: number }

function openPostgres(url: string, opts: OpenDbOptions): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 5_000,
    keepAlive: true,
    idleTimeoutMillis: 30_000,
    statement_timeout: opts.statementTimeoutMs || undefined,
    application_name: opts.applicationName ?? 'csapi',
    types: pgTypes,
  })
  // An idle client that loses its connection emits here; without a listener it would crash
  // the process. The pool drops the client and the next query opens a new one.
  pool.on('error', () => {})
  // A statement on a connection that went silent (a peer gone without a reset) fails a second
  // after the server would have cancelled it (src/db/deadline.ts), instead of waiting as long as
  // TCP takes to notice: the pool's statements by one sweep, a transaction's by pg's query_timeout.
  const limitMs = opts.statementTimeoutMs ? opts.statementTimeoutMs + 1000 : undefined
  const deadlines = limitMs ? new Deadlines(pool, limitMs) : null
  const onClient = (c: pg.PoolClient | pg.Pool, query_timeout?: number): Queryable => ({
    async query(sql, params, opts) {
      const name = opts?.prepare ? statementName(sql) : undefined
      const config: TimedQuery = { name, text: sql, values: params as unknown[] | undefined, query_timeout }
      return (await c.query(config)).rows
    },
    async exec(sql) {
      await c.query({ text: sql, query_timeout } as TimedQuery)
    },
  })
  const description = describePostgres(url)
  return {
    kind: 'postgres',
    description,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    ...onClient(pool),
    async transaction(fn) {
      const client = await pool.connect()
      deadlines?.exempt(client)
      // A client whose rollback failed has a broken connection: destroy it, never reuse it.
      let broken: Error | undefined
      try {
        return await inTransaction(
          client,
          () => fn(onClient(client, limitMs)),
          (e) => (broken = e),
          limitMs,
        )
      } finally {
        client.release(broken)
      }
    },
    batch: (fn, batchOpts) => batchOnOwnConnection(url, fn, batchOpts?.name ?? 'batch'),
    async close() {
      deadlines?.close()
      await pool.end()
    },
  }
}

async function batchOnOwnConnection<T>(url: string, fn: (s: BatchSession) => Promise<T>, name: string): Promise<T> {
  const client = new pg.Client({ connectionString: url, types: pgTypes, application_name: `csapi ${name}` })
  await client.connect()
  let broken: Error | undefined
  try {
    // A batch's temporary tables (~0.5 GB for a 1M-row ingest) stay in the session's own buffers
    // rather than going through the kernel at 8 MB (the default).
    await client.query(`set temp_buffers = '256MB'`)
    const session: BatchSession = {
      async query(sql, params) {
        return (await client.query(sql, params as unknown[])).rows
      },
      async exec(sql) {
        await client.query(sql)
      },
      async copyFrom(sql, text) {
        const stream = client.query(copyFrom(sql))
        await pipeline(Readable.from(text), stream)
        return stream.rowCount
      },
    }
    return await inTransaction(
      client,
      () => fn(session),
      (e) => (broken = e),
    )
  } finally {
    await client.end().catch(() => broken)
  }
}

/** begin, fn, commit; on a failure, rollback, and a rollback that fails too goes to `broken`. */
async function inTransaction<T>(
  client: pg.ClientBase,
  fn: () => Promise<T>,
  broken: (e: Error) => void,
  query_timeout?: number,
): Promise<T> {
  const run = (text: string) => client.query({ text, query_timeout } as TimedQuery)
  try {
    await run('begin')
    const result = await fn()
    await run('commit')
    return result
  } catch (err) {
    await run('rollback').catch(broken)
    throw err
  }
}

// A prepared statement's name is a hash of its text, so two texts can never share a name on a
// connection. The texts are the data modules' constants: the map stays small.
const statementNames = new Map<string, string>()
function statementName(sql: string): string {
  let name = statementNames.get(sql)
  if (name === undefined) {
    name = 'csapi_' + createHash('sha1').update(sql).digest('hex').slice(0, 20)
    statementNames.set(sql, name)
  }
  return name
}

/** The URL without its password, for logs and messages. */
function describePostgres(url: string): string {
  try {
    const parsed = new URL(url)
    parsed.password = parsed.password ? '***' : ''
    return `PostgreSQL ${parsed.toString()}`
  } catch {
    return 'PostgreSQL'
  }
}

// what pg, pg-pool and PGlite say when the connection, not the statement, failed
const CONNECTION_LOST = new RegExp(
  [
    'Connection terminated',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error',
    'PGlite is closed',
    'Query read timeout',
    'Cannot use a pool after calling end',
  ].join('|'),
  'i',
)

/**
 * Whether an error means the database cannot serve now (down, unreachable, restarting,
 * pool exhausted or a statement timed out) rather than a bug: such requests get 503.
 */
export function isUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false
  const e = err as { code?: unknown; message?: unknown }
  const code = typeof e.code === 'string' ? e.code : ''
  const message = typeof e.message === 'string' ? e.message : ''
  return (
    code.startsWith('08') || // connection exception
    code === '57P01' || // admin shutdown
    code === '57P02' || // crash shutdown
    code === '57P03' || // cannot connect now
    code === '57014' || // statement timeout / query cancelled
    code === '53300' || // too many connections
    // refused at connect: the database dropped or renamed, the role or its password changed
    code === '3D000' ||
    code.startsWith('28') ||
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EPIPE',
      'ENOTFOUND',
      'EAI_AGAIN',
      'EHOSTUNREACH',
      'ENETUNREACH',
    ].includes(code) ||
    CONNECTION_LOST.test(message)
  )
}
