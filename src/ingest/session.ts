// Where an ingest run's transaction lives. On PostgreSQL with a URL: a dedicated connection
// whose staging load is a COPY (pg-copy-streams). Otherwise (PGlite, or a Db without a URL):
// the Db's transaction, with the staging load as batched unnest inserts. Same SQL after that.
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import type { Db, Queryable } from '../db/index.js'
import { STAGE_COLUMNS, STAGE_TYPES } from './sql.js'

export type StageValue = string | number | boolean | bigint | null
export type StageTuple = StageValue[] // in STAGE_COLUMNS order

export interface Session extends Queryable {
  readonly kind: 'copy' | 'unnest'
  /** Loads the tuples into ingest_stage as they come; returns how many. */
  load(batches: AsyncIterable<StageTuple[]>): Promise<number>
}

/** Rolls a finished run back instead of committing it (dry run). */
export class Rollback extends Error {}

/** Runs fn in one transaction; throwing Rollback (or anything) leaves the database unchanged. */
export async function withSession<T>(db: Db, pgUrl: string | undefined, fn: (s: Session) => Promise<T>): Promise<T> {
  if (db.kind === 'postgres' && pgUrl) return withCopySession(pgUrl, fn)
  return db.transaction((tx) => fn(unnestSession(tx)))
}

// Same parsing as the service's pool: int8 to number (failing beyond 2^53), date as text.
const types = {
  getTypeParser(oid: number, format?: string) {
    if (oid === 20) {
      return (text: string) => {
        const n = Number(text)
        if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${text} is beyond 2^53`)
        return n
      }
    }
    if (oid === 1082) return (text: string) => text
    return pg.types.getTypeParser(oid, format as 'text')
  },
}

async function withCopySession<T>(url: string, fn: (s: Session) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, types, application_name: 'csapi ingest' })
  await client.connect()
  let broken: Error | undefined
  try {
    // The run's temporary tables (~0.5 GB for 1M rows) stay in the session's own buffers
    // rather than going through the kernel at 8 MB (the default); only settable before the
    // session's first temporary table, hence here, on the run's own connection.
    await client.query(`set temp_buffers = '256MB'`)
    await client.query('begin')
    const session: Session = {
      kind: 'copy',
      async query(sql, params) {
        return (await client.query(sql, params as unknown[])).rows
      },
      async exec(sql) {
        await client.query(sql)
      },
      async load(batches) {
        const stream = client.query(copyFrom(`copy ingest_stage (${STAGE_COLUMNS.join(', ')}) from stdin`))
        await pipeline(Readable.from(copyText(batches)), stream)
        return stream.rowCount
      },
    }
    const result = await fn(session)
    await client.query('commit')
    return result
  } catch (err) {
    await client.query('rollback').catch((e: Error) => (broken = e))
    throw err
  } finally {
    await client.end().catch(() => broken)
  }
}

/** COPY text format: tab-separated, \N for null. Values were checked to hold no tab, newline or backslash. */
async function* copyText(batches: AsyncIterable<StageTuple[]>): AsyncGenerator<string> {
  for await (const batch of batches) {
    let out = ''
    for (const t of batch) {
      for (let i = 0; i < t.length; i++) {
        const v = t[i]
        out += (i === 0 ? '' : '\t') + (v === null ? '\\N' : v === true ? 't' : v === false ? 'f' : String(v))
      }
      out += '\n'
    }
    yield out
  }
}

function unnestSession(tx: Queryable): Session {
  const sql = `insert into ingest_stage (${STAGE_COLUMNS.join(', ')})
    select * from unnest(${STAGE_TYPES.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`
  return {
    kind: 'unnest',
    query: (q, p) => tx.query(q, p),
    exec: (q) => tx.exec(q),
    async load(batches) {
      let n = 0
      for await (const batch of batches) {
        if (batch.length === 0) continue
        const params = STAGE_COLUMNS.map((_, c) => batch.map((t) => {
          const v = t[c]
          return typeof v === 'bigint' ? v.toString() : v
        }))
        await tx.query(sql, params)
        n += batch.length
      }
      return n
    },
  }
}
