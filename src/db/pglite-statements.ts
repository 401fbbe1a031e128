// Named prepared statements on PGlite, which has none of its own: `PGlite.query` sends Parse,
// Describe, Bind, Describe, Execute and Sync as six calls into WASM and parses and plans the
// statement every time. Here a statement is parsed once per database under its name, and each
// call is one Bind/Describe/Execute/Sync message, which PostgreSQL runs on its cached plan.
// Measured on the 1M-row bench dataset, the brands page statement: 1.9–3.5 ms by `query`,
// 1.1–1.25 ms prepared (docs/performance.md). Everything used is PGlite's public API: the
// protocol serializer and parser, its raw protocol stream, its type parsers and its two mutexes.
import { messages, parse, protocol, types, type PGlite } from '@electric-sql/pglite'
import { readReply, textOf } from './reply.js'

const { serialize } = protocol

export interface RunPrepared {
  /** The statement's rows, parsed as PGlite.query parses them. */
  rows<T>(name: string, sql: string, params: readonly unknown[]): Promise<T[]>
  /**
   * The statement's reply as protocol bytes, copied out and not decoded (src/db/reply.ts reads
   * them); an error in it is thrown here, as `rows` throws it. Without a name, the statement is
   * parsed and planned for this run alone (the unnamed statement), as PGlite.query runs it.
   */
  reply(name: string | undefined, sql: string, params: readonly unknown[]): Promise<Uint8Array>
}

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

// the reply buffer: its first size (a 100-row page fits), and the most it keeps between statements
const KEPT = 128 * 1024
const MAX_KEPT = 4 * 1024 * 1024

/**
 * The rows of one Bind/Describe/Execute/Sync reply, read straight from its bytes with PGlite's
 * type parsers (`types.parseType` with the database's parsers). PGlite's own path copies each
 * chunk of the reply as it arrives, parses it into message objects, copying the bytes twice more
 * into fresh buffers and decoding every field, then turns the messages into rows. Here the reply
 * is written into one buffer kept between statements and each field is decoded once. For a page,
 * the reply is one row holding ~20–70 kB of JSON, and each fresh buffer is memory V8 counts
 * towards the next full collection, on the thread that bounds the embedded database's
 * throughput. Measured in docs/performance.md. An ErrorResponse is thrown as the DatabaseError
 * (code, detail, constraint, …) that PGlite's parser makes of it, as PGlite.query would throw it.
 */
function rowsOf(reply: Uint8Array, parsers: PGlite['parsers']): Record<string, unknown>[] {
  throwIfError(reply)
  const r = readReply(reply)
  const rows: Record<string, unknown>[] = []
  for (let row = 0; row < r.count; row++) {
    const out: Record<string, unknown> = {}
    r.columns.forEach((c, i) => {
      const text = textOf(r, row, i)
      out[c.name] = text === null ? null : types.parseType(text, c.type, parsers)
    })
    rows.push(out)
  }
  return rows
}

/** Throws the reply's ErrorResponse as the DatabaseError that PGlite's parser makes of it. */
function throwError(reply: Uint8Array): never {
  let error: unknown
  new protocol.Parser().parse(reply, (m: unknown) => {
    if (m instanceof messages.DatabaseError) error ??= m
  })
  throw error
}

/** Throws the reply's ErrorResponse, if it holds one; the other messages are read elsewhere. */
function throwIfError(reply: Uint8Array): void {
  const view = new DataView(reply.buffer, reply.byteOffset, reply.byteLength)
  for (let at = 0; at + 5 <= reply.length; at += 1 + view.getUint32(at + 1)) {
    if (reply[at] === 0x45) throwError(reply)
  }
}

/** A copy of the reply, once it is known to hold no ErrorResponse. */
function checkedCopy(reply: Uint8Array): Uint8Array {
  throwIfError(reply)
  return reply.slice()
}

/** Runs statements by name on one PGlite, preparing each on its first use. */
export function pglitePrepared(db: PGlite): RunPrepared {
  // name → the parameter types PostgreSQL inferred, which pick each value's serializer
  const prepared = new Map<string, number[]>()
  // The reply's bytes, in one buffer for all statements: they run one at a time (below), and
  // each reply is read before the next statement starts. A buffer grown past MAX_KEPT by a
  // large page is dropped after it.
  let buffer = new Uint8Array(KEPT)
  const run = async <R>(
    name: string | undefined,
    sql: string,
    params: readonly unknown[],
    read: (reply: Uint8Array) => R,
  ) => {
    let types = name === undefined ? undefined : prepared.get(name)
    if (types === undefined) {
      // a Parse that fails leaves no statement behind; the Sync ends the failed exchange
      const described = await db.execProtocolStream(
        concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
        { syncToFs: false },
      )
      types = parse.parseDescribeStatementResults(described)
      if (name !== undefined) prepared.set(name, types)
    }
    // as PGlite.query serializes: the type's serializer, else the value's text
    const values = params.map((v, i) => {
      if (v === null || v === undefined) return null
      const serializer = db.serializers[types[i]!]
      return serializer ? serializer(v) : String(v)
    })
    // One call: an error anywhere skips to the Sync, which ends the exchange either way. The
    // chunks are views of WASM memory, copied as they come.
    let used = 0
    await db.execProtocolRawStream(concat([serialize.bind({ statement: name, values }), RUN]), {
      syncToFs: false,
      onRawData: (chunk) => {
        if (used + chunk.length > buffer.length) {
          const bigger = new Uint8Array(Math.max(2 * buffer.length, used + chunk.length))
          bigger.set(buffer.subarray(0, used))
          buffer = bigger
        }
        buffer.set(chunk, used)
        used += chunk.length
      },
    })
    // what PGlite.query does after a statement outside a transaction (a no-op on disk and memory)
    await db.syncToFs()
    const reply = buffer.subarray(0, used)
    if (buffer.length > MAX_KEPT) buffer = new Uint8Array(KEPT)
    return read(reply)
  }
  // Never between the statements of an open transaction (the transaction mutex), and never
  // beside another statement (the query mutex): as PGlite.query runs. The reply is read before
  // the mutexes let the next statement write over the buffer.
  const exclusive = <R>(
    name: string | undefined,
    sql: string,
    params: readonly unknown[],
    read: (reply: Uint8Array) => R,
  ) => db._runExclusiveTransaction(() => db._runExclusiveQuery(() => run(name, sql, params, read)))
  return {
    rows: <T>(name: string, sql: string, params: readonly unknown[]) =>
      exclusive(name, sql, params, (reply) => rowsOf(reply, db.parsers) as T[]),
    reply: (name, sql, params) => exclusive(name, sql, params, checkedCopy),
  }
}
