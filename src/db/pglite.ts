// The embedded database (PGlite) behind the same Db interface as PostgreSQL, in this process.
// PostgreSQL runs in WASM on the event loop, one statement at a time: the demo's and the tests'
// database, not production's (docs/operations.md).
import { mkdirSync } from 'node:fs'
import { parse, PGlite, protocol, type Transaction } from '@electric-sql/pglite'
import type { BatchSession, Db, Queryable } from './index.js'
import { lockDataDir } from './dir-lock.js'
import { PGLITE_PARSERS } from './parsers.js'

const { serialize } = protocol
const concat = (...parts: Uint8Array[]) => Buffer.concat(parts)
const DESCRIBE_EXECUTE_SYNC = concat(serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync())

// what a closed PGlite says: isUnavailable (src/db/index.ts) knows it
const CLOSED = 'PGlite is closed'

/** PostgreSQL's own error for a statement cancelled by statement_timeout (503, as there). */
function timedOut(): Error {
  return Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })
}

/**
 * Opens PGlite at `dataDir` (in memory when undefined). PGlite does not enforce
 * statement_timeout, so it is enforced here: statements run one after another in arrival order,
 * and one still waiting when its time is up fails as a timed-out statement does on PostgreSQL,
 * without running. One that has started runs to its end: WASM cannot be interrupted.
 * A directory is open in one process at a time: another one's open throws DatabaseInUseError.
 * `image`: a data directory dumped by PGlite's dumpDataDir to start from, instead of an initdb.
 */
export async function openPglite(
  dataDir: string | undefined,
  opts: { statementTimeoutMs?: number; image?: Blob } = {},
): Promise<Db> {
  let unlock = () => {}
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true })
    // a second process on the same files would lose writes without a word (dir-lock.ts)
    unlock = lockDataDir(dataDir)
  }
  let pg: PGlite
  try {
    pg = await PGlite.create({ dataDir, loadDataDir: opts.image, parsers: PGLITE_PARSERS })
  } catch (err) {
    unlock()
    throw err
  }
  const timeoutMs = opts.statementTimeoutMs || 0
  let closed = false
  let queue: Promise<unknown> = Promise.resolve()

  /** Runs `fn` when every earlier call has finished; `timed`: under the statement timeout. */
  const exclusive = <T>(fn: () => Promise<T>, timed: boolean): Promise<T> => {
    const deadline = timed && timeoutMs > 0 ? Date.now() + timeoutMs : Infinity
    const run = queue.then(async () => {
      if (closed) throw new Error(CLOSED)
      if (Date.now() > deadline) throw timedOut()
      return fn()
    })
    queue = run.catch(() => {})
    return run
  }

  // PGlite.query parses and plans a statement on every call. A prepared one is parsed once, and
  // planned as PostgreSQL plans it: after five runs a generic plan where it costs no more.
  const prepared = new Map<string, { name: string; types: number[] }>()
  const runPrepared = async (sql: string, params: readonly unknown[]) => {
    let statement = prepared.get(sql)
    if (statement === undefined) {
      const name = `csapi_${prepared.size}`
      const { messages } = await pg.execProtocol(
        concat(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()),
      )
      statement = { name, types: parse.parseDescribeStatementResults(messages) }
      prepared.set(sql, statement)
    }
    const { name, types } = statement
    // as PGlite.query serializes: the parameter type's serializer, else the value's text
    const values = params.map((v, i) => (v == null ? null : (pg.serializers[types[i]!]?.(v) ?? String(v))))
    const { messages } = await pg.execProtocol(
      concat(serialize.bind({ statement: name, values }), DESCRIBE_EXECUTE_SYNC),
    )
    return parse.parseResults(messages, pg.parsers)[0]?.rows ?? []
  }

  const on = (tx: Transaction): Queryable => ({
    query: async (sql, params) => (await tx.query(sql, params as unknown[])).rows as never[],
    exec: async (sql) => void (await tx.exec(sql)),
  })
  const transaction = <T>(fn: (tx: Queryable) => Promise<T>, timed: boolean): Promise<T> =>
    exclusive(() => pg.transaction((tx) => fn(on(tx))), timed)

  return {
    kind: 'pglite',
    description: dataDir ? `PGlite at ${dataDir}` : 'PGlite in memory',
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    query: (sql, params, opts) =>
      exclusive(
        async () =>
          (opts?.prepare
            ? await runPrepared(sql, params ?? [])
            : (await pg.query(sql, params as unknown[])).rows) as never[],
        true,
      ),
    exec: (sql) => exclusive(async () => void (await pg.exec(sql)), true),
    transaction: (fn) => transaction(fn, true),
    // a batch job (ingest, settlement, import) has no statement timeout, as on PostgreSQL
    batch: (fn) => transaction((tx) => fn({ ...tx, copyFrom: null } satisfies BatchSession), false),
    async close() {
      if (closed) return
      await exclusive(() => pg.close(), false)
      closed = true
      unlock()
    },
  }
}
