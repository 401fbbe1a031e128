// `csapi export reports --changes --state FILE`: appends the report rows that changed since the
// feed position kept in FILE (docs/api.md, the changes feed), then records the new position.
// Each page is written and flushed before FILE moves past it; with --out, FILE also keeps the file's
// length then, and a run first cuts the file back to it (a page half written by a killed run goes).
// Without FILE yet: from the beginning, or with --from-now from the present.
import { constants } from 'node:fs'
import { open } from 'node:fs/promises'
import { resolve } from 'node:path'
import { Client } from '../client/index.js'
import { REPORT_COLUMNS, csvHeader, serialize, type ExportFormat } from './export-format.js'
import { ConfigError } from '../config.js'
import { UsageError } from './errors.js'
import type { Io } from './io.js'
import { DEFAULT_BASE_URL, fileSink, readStateFile, streamSink, writeStateFile, type Sink } from './export-run.js'

export interface ChangesExportRequest {
  format: ExportFormat
  state: string
  out?: string
  limit: number
  fromNow: boolean
}

interface FeedState {
  version: 1
  feed: 'reports.changes'
  /** The feed position after the last complete page; null before the first one. */
  cursor: string | null
  rows: number
  /** The last --out file (an absolute path) and its length after the last complete page. */
  out?: string
  bytes?: number
}

async function readState(path: string): Promise<FeedState | null> {
  const s = (await readStateFile(path)) as FeedState | null
  if (
    s &&
    (s.version !== 1 ||
      s.feed !== 'reports.changes' ||
      (typeof s.cursor !== 'string' && s.cursor !== null) ||
      (s.bytes !== undefined && typeof s.bytes !== 'number'))
  ) {
    throw new Error(`${path} is not a changes state file`)
  }
  return s
}

export async function runChangesExport(req: ChangesExportRequest, io: Io): Promise<void> {
  const token = io.env.CSAPI_TOKEN
  if (!token) throw new ConfigError('set CSAPI_TOKEN to a creator API token')
  const client = new Client({
    token,
    baseUrl: io.env.CSAPI_BASE_URL || DEFAULT_BASE_URL,
    fetch: io.fetch,
    maxRetries: io.maxRetries ?? 3,
  })
  const saved = await readState(req.state)
  // a state written before the first page completed holds the file's length, not yet a position
  const cursor = saved?.cursor ?? null
  if (cursor !== null && req.fromNow)
    throw new UsageError(`--from-now starts a new feed position, but ${req.state} already holds one: delete it first`)
  const feed = client.creator.reports.changes(
    { cursor: cursor ?? undefined, from: cursor === null && req.fromNow ? 'now' : undefined, limit: req.limit },
    { signal: io.signal },
  )

  const t0 = Date.now()
  const state: FeedState = { version: 1, feed: 'reports.changes', cursor, rows: saved?.rows ?? 0 }
  // without --out the state keeps what it knew of the last out file, which this run leaves alone
  if (saved?.out !== undefined) state.out = saved.out
  if (saved?.bytes !== undefined) state.bytes = saved.bytes
  let sink: Sink = streamSink(io.stdout)
  if (req.out) {
    const out = resolve(req.out)
    const fh = await open(out, constants.O_RDWR | constants.O_CREAT)
    try {
      const size = (await fh.stat()).size
      // the file the state describes, at least as long as recorded: what follows the recorded
      // length is a page the last run did not finish. A shorter or another file was moved,
      // emptied or named anew by its reader: it is continued as it is.
      const recorded = saved?.out === out ? saved.bytes : undefined
      const bytes = recorded !== undefined && size >= recorded ? recorded : size
      if (bytes < size) await fh.truncate(bytes)
      state.out = out
      state.bytes = bytes
      // the length is kept before anything is written, so that a run killed during its first
      // page is cut back to it as well
      await writeStateFile(req.state, state)
      sink = fileSink(fh, bytes)
    } catch (err) {
      await fh.close()
      throw err
    }
  }

  const startRows = state.rows
  let pages = 0
  try {
    let pending = req.format === 'csv' && (req.out ? state.bytes === 0 : true) ? csvHeader(REPORT_COLUMNS) : ''
    for await (const page of feed.pages()) {
      const text = pending + serialize(page.reports, req.format, REPORT_COLUMNS)
      pending = ''
      const written = text === '' ? 0 : await sink.write(text)
      await sink.flush()
      if (req.out) state.bytes = (state.bytes ?? 0) + written
      state.rows += page.reports.length
      state.cursor = page.next_cursor
      pages++
      await writeStateFile(req.state, state)
    }
  } finally {
    await sink.close()
  }
  const secs = ((Date.now() - t0) / 1000).toFixed(1)
  io.stderr.write(
    `exported ${state.rows - startRows} changed report rows in ${pages} pages to ` +
      `${req.out ?? 'standard output'} as ${req.format} in ${secs} s; caught up, position kept ` +
      `in ${req.state}\n`,
  )
}
