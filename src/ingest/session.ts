// Loading the staging table of an ingest run: COPY on PostgreSQL (the batch session's own
// connection), batched unnest inserts on PGlite. Same SQL after that.
import type { BatchSession } from '../db/index.js'
import { STAGE_COLUMNS, STAGE_TYPES } from './sql.js'

export type StageValue = string | number | boolean | bigint | null
export type StageTuple = StageValue[] // in STAGE_COLUMNS order

/** Rolls a finished run back instead of committing it (dry run). */
export class Rollback extends Error {}

/** Loads the tuples into ingest_stage as they come; returns how many. */
export async function loadStage(s: BatchSession, batches: AsyncIterable<StageTuple[]>): Promise<number> {
  if (s.copyFrom) return s.copyFrom(`copy ingest_stage (${STAGE_COLUMNS.join(', ')}) from stdin`, copyText(batches))
  const sql = `insert into ingest_stage (${STAGE_COLUMNS.join(', ')})
    select * from unnest(${STAGE_TYPES.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`
  let n = 0
  for await (const batch of batches) {
    if (batch.length === 0) continue
    const params = STAGE_COLUMNS.map((_, c) => batch.map((t) => (typeof t[c] === 'bigint' ? t[c].toString() : t[c])))
    await s.query(sql, params)
    n += batch.length
  }
  return n
}

/** COPY text format: tab-separated, \N for null. Values were checked to hold no tab, newline or backslash. */
export async function* copyText(batches: AsyncIterable<StageTuple[]>): AsyncGenerator<string> {
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
