// The embedded database's own thread. PGlite runs PostgreSQL in WASM on the thread that calls
// it; on the server's event loop every statement stopped HTTP work for its whole duration, so
// one core did both. Here PGlite runs in a worker thread (src/db/pglite.ts sends it requests),
// and the event loop parses, authenticates and writes responses while a statement runs.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { PGLITE_PARSERS } from './parsers.js'
import { pglitePrepared } from './pglite-statements.js'
import type { PgliteReply, PgliteRequest, SentError } from './pglite.js'

const port = parentPort!
const ROLLBACK = new Error('rollback requested')

/** An open transaction: its statements run on `tx` until `finish` says commit or roll back. */
interface Open {
  tx: Transaction
  finish(commit: boolean): void
  settled: Promise<void>
}

const open = new Map<number, Open>()
let nextTx = 1

/** What survives postMessage of an error: its message and its scalar fields (code, detail, …). */
function sent(err: unknown): SentError {
  if (!(err instanceof Error)) return { message: String(err) }
  const fields: Record<string, string | number | boolean> = {}
  for (const [k, v] of Object.entries(err)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields[k] = v
  }
  return { ...fields, message: err.message }
}

let db: PGlite
try {
  db = await PGlite.create({ dataDir: (workerData as { dataDir?: string }).dataDir, parsers: PGLITE_PARSERS })
} catch (err) {
  port.postMessage({ id: 0, error: sent(err) } satisfies PgliteReply)
  process.exit(1)
}
const prepared = pglitePrepared(db)

/** Starts a transaction and answers once it is open; it ends with `end`. */
function begin(): Promise<number> {
  const id = nextTx++
  return new Promise((started, failed) => {
    let finish!: (commit: boolean) => void
    const decided = new Promise<boolean>((resolve) => (finish = resolve))
    const settled = db
      .transaction(async (tx) => {
        open.set(id, { tx, finish, settled })
        started(id)
        if (!(await decided)) throw ROLLBACK
      })
      .catch((err: unknown) => {
        if (err !== ROLLBACK) throw err
      })
    // a transaction that could not start (closed database) fails its `begin`
    settled.catch(failed)
  })
}

async function end(id: number, commit: boolean): Promise<null> {
  const t = open.get(id)
  if (!t) throw new Error(`no open transaction ${id}`)
  open.delete(id)
  t.finish(commit)
  await t.settled
  return null
}

function on(tx: number | undefined): Transaction | undefined {
  if (tx === undefined) return undefined
  const t = open.get(tx)
  if (!t) throw new Error(`no open transaction ${tx}`)
  return t.tx
}

async function handle(m: PgliteRequest): Promise<unknown> {
  switch (m.op) {
    case 'query': {
      const tx = on(m.tx)
      // this thread's own copy of the parameters (postMessage cloned them)
      const params = m.params as unknown[]
      if (tx) return (await tx.query(m.sql, params)).rows
      if (m.name) return prepared.rows(m.name, m.sql, params)
      return (await db.query(m.sql, params)).rows
    }
    case 'reply':
      return prepared.reply(m.name, m.sql, m.params as unknown[])
    case 'exec': {
      const tx = on(m.tx)
      await (tx ?? db).exec(m.sql)
      return null
    }
    case 'begin':
      return begin()
    case 'end':
      return end(m.tx, m.commit)
    case 'close':
      await db.close()
      return null
  }
}

// Requests are handled as they come, not one after another: a statement outside a transaction
// waits in PGlite's own mutexes while another caller's transaction is open.
port.on('message', (m: PgliteRequest) => {
  handle(m).then(
    // a reply's bytes move to the event loop instead of being copied
    (value) =>
      port.postMessage(
        { id: m.id, value } satisfies PgliteReply,
        value instanceof Uint8Array ? [value.buffer as ArrayBuffer] : [],
      ),
    (err: unknown) => port.postMessage({ id: m.id, error: sent(err) } satisfies PgliteReply),
  )
})
port.postMessage({ id: 0, value: 'ready' } satisfies PgliteReply)
