// The embedded database (PGlite) behind the same Db interface as PostgreSQL, run in a worker
// thread of its own (src/db/pglite-thread.ts): the event loop hands each statement over and
// goes on with HTTP work while PostgreSQL-in-WASM runs it on the other core. Rows and
// parameters cross as structured clones; errors as their message and scalar fields (code,
// detail, constraint, …), which is all the callers read.
import { mkdirSync } from 'node:fs'
import { setFlagsFromString } from 'node:v8'
import { Worker } from 'node:worker_threads'
import type { BatchSession, Db, Queryable } from './index.js'

type PgliteCall =
  | { op: 'query'; sql: string; params: readonly unknown[]; name?: string; tx?: number }
  | { op: 'reply'; sql: string; params: readonly unknown[]; name?: string }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' }

export type PgliteRequest = PgliteCall & { id: number }

export type SentError = { message: string } & Record<string, string | number | boolean>

export interface PgliteReply {
  id: number
  value?: unknown
  error?: SentError
}

type Ask = <T>(call: PgliteCall) => Promise<T>

function received(e: SentError): Error {
  const { message, ...fields } = e
  return Object.assign(new Error(message), fields)
}

/** The thread's module: compiled beside this file, or its source when run from TypeScript. */
function threadEntry(): URL {
  const here = import.meta.url
  if (!here.endsWith('.ts')) return new URL('./pglite-thread.js', here)
  // From the sources (tests, tsx) the thread does not inherit tsx's loader: it registers it first.
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'))
  const source = JSON.stringify(new URL('./pglite-thread.ts', here).href)
  const code = `import { register } from ${tsx}; register(); await import(${source})`
  return new URL('data:text/javascript,' + encodeURIComponent(code))
}

// what the in-process PGlite said once closed: isUnavailable (src/db/index.ts) knows it
const CLOSED = 'PGlite is closed'

/**
 * Opens PGlite at `dataDir` (in memory when undefined) in a worker thread. `statementName`
 * names prepared statements as on PostgreSQL.
 */
export async function openPglite(dataDir: string | undefined, statementName: (sql: string) => string): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  // The thread's heap starts with a 64 MB old generation. Each result is copied out of WASM
  // memory into a fresh buffer, which V8 counts as old-generation growth, and with its ~10 MB
  // heap the thread ran a full collection every ~130 ms under the brands page (46 in 6 s); with
  // this, 4, and the thread needs 0.71 ms per page instead of 0.78 (docs/performance.md). A
  // worker takes no V8 options of its own, and V8 reads this flag when an isolate's heap is set
  // up, so it is set here, before the thread starts; the event loop's heap is already set up.
  // 32 MB did not change the count.
  setFlagsFromString('--initial-old-space-size=64')
  const worker = new Worker(threadEntry(), { workerData: { dataDir } })
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>()
  let nextId = 1
  let gone: Error | undefined
  let ready!: { resolve(v: unknown): void; reject(e: Error): void }
  const started = new Promise((resolve, reject) => (ready = { resolve, reject }))
  const fail = (err: Error) => {
    gone ??= err
    ready.reject(err)
    for (const p of pending.values()) p.reject(err)
    pending.clear()
  }
  worker.on('message', (m: PgliteReply) => {
    const p = m.id === 0 ? ready : pending.get(m.id)
    if (!p) return
    pending.delete(m.id)
    // The thread keeps the process alive only while a statement is under way, as an idle
    // in-process PGlite did not.
    if (pending.size === 0) worker.unref()
    if (m.error) p.reject(received(m.error))
    else p.resolve(m.value)
  })
  worker.on('error', fail)
  worker.on('exit', () => fail(new Error(CLOSED)))
  await started
  worker.unref()

  const ask: Ask = (call) => {
    if (gone) return Promise.reject(new Error(CLOSED))
    const id = nextId++
    return new Promise((resolve, reject) => {
      if (pending.size === 0) worker.ref()
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject })
      worker.postMessage({ ...call, id } satisfies PgliteRequest)
    })
  }

  const onTx = (tx: number | undefined): Queryable => ({
    query: (sql, params, opts) =>
      ask({
        op: 'query',
        sql,
        params: params ?? [],
        // inside a transaction a statement runs unprepared, as before
        name: opts?.prepare && tx === undefined ? statementName(sql) : undefined,
        tx,
      }),
    exec: (sql) => ask({ op: 'exec', sql, tx }),
  })
  const transaction = async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
    const tx = await ask<number>({ op: 'begin' })
    let result: T
    try {
      result = await fn(onTx(tx))
    } catch (err) {
      await ask({ op: 'end', tx, commit: false }).catch(() => {})
      throw err
    }
    await ask({ op: 'end', tx, commit: true })
    return result
  }

  return {
    kind: 'pglite',
    description: dataDir ? `PGlite at ${dataDir}` : 'PGlite in memory',
    poolStats: () => ({ total: 1, idle: pending.size === 0 ? 1 : 0, waiting: Math.max(0, pending.size - 1) }),
    ...onTx(undefined),
    queryReply: (sql, params, opts) =>
      ask({ op: 'reply', sql, params, name: opts?.prepare === false ? undefined : statementName(sql) }),
    transaction,
    batch: (fn) => transaction((tx) => fn({ ...tx, copyFrom: null } satisfies BatchSession)),
    async close() {
      if (gone) return
      await ask({ op: 'close' })
      gone = new Error(CLOSED)
      await worker.terminate()
    },
  }
}
