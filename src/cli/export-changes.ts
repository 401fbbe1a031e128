// `csapi export reports --changes --state FILE`: appends the report rows that changed since the
// feed position kept in FILE (docs/api.md, the changes feed), then records the new position.
// Each page is written (and flushed, with --out) before FILE moves past it, so an interrupted run
// repeats at most its last page: harmless for a consumer that upserts by the row's key
// (date, link_id, product_id, marketplace). Without FILE yet: from the beginning, or with
// --from-now from the present.
import { open, stat } from 'node:fs/promises'
import { Client } from '../client/index.js'
import { REPORT_COLUMNS, csvHeader, serialize, type ExportFormat } from './export-format.js'
import { ConfigError } from '../config.js'
import { UsageError } from './errors.js'
import type { Io } from './io.js'
import { DEFAULT_BASE_URL, readStateFile, writeStateFile } from './export-run.js'

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
  cursor: string
  rows: number
}

async function readState(path: string): Promise<FeedState | null> {
  const s = (await readStateFile(path)) as FeedState | null
  if (s && (s.version !== 1 || s.feed !== 'reports.changes' || typeof s.cursor !== 'string')) {
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
  if (saved && req.fromNow)
    throw new UsageError(`--from-now starts a new feed position, but ${req.state} already holds one: delete it first`)
  const feed = client.creator.reports.changes(
    { cursor: saved?.cursor, from: req.fromNow ? 'now' : undefined, limit: req.limit },
    { signal: io.signal },
  )

  const t0 = Date.now()
  const fh = req.out ? await open(req.out, 'a') : null
  let rows = 0
  let pages = 0
  try {
    const empty = req.out ? (await stat(req.out)).size === 0 : true
    if (req.format === 'csv' && (req.out ? empty : true)) await write(csvHeader(REPORT_COLUMNS))
    for await (const page of feed.pages()) {
      await write(serialize(page.reports, req.format, REPORT_COLUMNS))
      await fh?.datasync()
      rows += page.reports.length
      pages++
      await writeStateFile(req.state, {
        version: 1,
        feed: 'reports.changes',
        cursor: page.next_cursor,
        rows: (saved?.rows ?? 0) + rows,
      })
    }
  } finally {
    await fh?.close()
  }
  const secs = ((Date.now() - t0) / 1000).toFixed(1)
  io.stderr.write(
    `exported ${rows} changed report rows in ${pages} pages to ` +
      `${req.out ?? 'standard output'} as ${req.format} in ${secs} s; caught up, position kept ` +
      `in ${req.state}\n`,
  )

  async function write(text: string) {
    if (text === '') return
    if (fh) await fh.write(text)
    else await new Promise<void>((resolve, reject) => io.stdout.write(text, (err) => (err ? reject(err) : resolve())))
  }
}
