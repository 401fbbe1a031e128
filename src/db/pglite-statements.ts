// Named prepared statements on PGlite, which has none of its own: `PGlite.query` sends Parse,
// Describe, Bind, Describe, Execute and Sync as six calls into WASM and parses and plans the
// statement every time. Here a statement is parsed once per database under its name, and each
// call is one Bind/Describe/Execute/Sync message, which PostgreSQL runs on its cached plan.
// Measured on the 1M-row bench dataset, the brands page statement: 1.9–3.5 ms by `query`,
// 1.1–1.25 ms prepared (docs/performance.md). Everything used is PGlite's public API: the
// protocol serializer, its result parser and its two mutexes.
import { parse, protocol, type PGlite } from '@electric-sql/pglite'

const { serialize } = protocol

export type RunPrepared = <T>(name: string, sql: string, params: readonly unknown[]) => Promise<T[]>

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

// What follows every Bind, the same bytes each time: Describe the portal, Execute it, Sync.
const RUN = concat([serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()])

/** Runs statements by name on one PGlite, preparing each on its first use. */
export function pglitePrepared(db: PGlite): RunPrepared {
  // name → the parameter types PostgreSQL inferred, which pick each value's serializer
  const prepared = new Map<string, number[]>()
  const run = async <T>(name: string, sql: string, params: readonly unknown[]): Promise<T[]> => {
    let types = prepared.get(name)
    if (types === undefined) {
      // a Parse that fails leaves no statement behind; the Sync ends the failed exchange
      const described = await db.execProtocolStream(
        concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
        { syncToFs: false },
      )
      types = parse.parseDescribeStatementResults(described)
      prepared.set(name, types)
    }
    // as PGlite.query serializes: the type's serializer, else the value's text
    const values = params.map((v, i) => {
      if (v === null || v === undefined) return null
      const serializer = db.serializers[types[i]!]
      return serializer ? serializer(v) : String(v)
    })
    // One call: an error anywhere skips to the Sync, which ends the exchange either way.
    const messages = await db.execProtocolStream(concat([serialize.bind({ statement: name, values }), RUN]), {
      syncToFs: false,
    })
    // what PGlite.query does after a statement outside a transaction (a no-op on disk and memory)
    await db.syncToFs()
    return parse.parseResults(messages, db.parsers)[0]!.rows as T[]
  }
  // Never between the statements of an open transaction (the transaction mutex), and never
  // beside another statement (the query mutex): as PGlite.query runs.
  return (name, sql, params) => db._runExclusiveTransaction(() => db._runExclusiveQuery(() => run(name, sql, params)))
}
