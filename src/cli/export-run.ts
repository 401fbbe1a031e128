// The work of `csapi export reports|seller-reports|products|payouts`: every page of a list, streamed to a file (or
// standard output) as CSV or NDJSON with flat memory, through the typed client. With --out, a sidecar FILE.cursor
// records the cursor and the file length after each flushed page, so that `--resume` truncates
// any half-written page and continues exactly where the last complete page ended.
import { open, readFile, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises'
import type { Writable } from 'node:stream'
import { Client, type Payout, type Report, type SellerReportRow } from '../client/index.js'
import {
  PAYOUT_COLUMNS,
  PRODUCT_COLUMNS,
  REPORT_COLUMNS,
  SELLER_REPORT_COLUMNS,
  csvHeader,
  serialize,
  type ExportFormat,
} from './export-format.js'
import { ConfigError } from '../config.js'
import { UsageError } from './errors.js'
import type { Io } from './io.js'

export const DEFAULT_BASE_URL = 'http://127.0.0.1:3000'

export type Kind = 'reports' | 'seller-reports' | 'products' | 'payouts'

const TOKEN_OF: Record<Kind, string> = {
  reports: 'a creator',
  'seller-reports': 'a seller or operator',
  products: 'a seller or operator',
  payouts: 'a creator',
}

/** The lists whose rows come in date order from start to end: their progress is a bar by date. */
const BY_DATE: ReadonlySet<Kind> = new Set(['reports', 'seller-reports'])

/** One export, as the command line asked for it. */
export interface ExportRequest {
  kind: Kind
  format: ExportFormat
  /** The list's query parameters, limit and cursor aside. */
  query: Record<string, string>
  limit: number
  /** The file to write; standard output without one. */
  out?: string
  resume: boolean
}

/** What --resume needs to continue an export, and to refuse one made with other options. */
interface ExportState {
  version: 1
  kind: Kind
  format: ExportFormat
  query: Record<string, string>
  /** The cursor of the next page; null before the first page. */
  cursor: string | null
  /** Length of the output file after the last complete page. */
  bytes: number
  rows: number
  pages: number
}

/** Where the output goes: a file written at known offsets, or a stream. */
export interface Sink {
  write(text: string): Promise<number>
  /** Makes what was written durable before the cursor that follows it is recorded. */
  flush(): Promise<void>
  close(): Promise<void>
}

export function streamSink(stream: Writable): Sink {
  return {
    write: (text) =>
      new Promise((resolve, reject) => {
        // waits for the stream to take the page: memory stays at one page
        stream.write(text, (err) => (err ? reject(err) : resolve(Buffer.byteLength(text))))
      }),
    flush: async () => {},
    close: async () => {},
  }
}

export function fileSink(fh: FileHandle, position: number): Sink {
  return {
    async write(text) {
      const buf = Buffer.from(text)
      let done = 0
      while (done < buf.length) done += (await fh.write(buf, done, buf.length - done, position + done)).bytesWritten
      position += buf.length
      return buf.length
    },
    flush: () => fh.datasync(),
    close: () => fh.close(),
  }
}

/** Writes a state file whole or not at all (a rename), so a crash never leaves half of one. */
export async function writeStateFile(path: string, state: object) {
  await writeFile(path + '.tmp', JSON.stringify(state) + '\n')
  await rename(path + '.tmp', path)
}

/** A state file's JSON, or null when there is none yet. */
export async function readStateFile(path: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
  return JSON.parse(text)
}

async function readState(path: string): Promise<ExportState | null> {
  const s = (await readStateFile(path)) as ExportState | null
  if (s && (s.version !== 1 || typeof s.bytes !== 'number')) throw new Error(`${path} is not an export state file`)
  return s
}

const sameQuery = (a: Record<string, string>, b: Record<string, string>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort())

/** Progress on a terminal: a bar by date for reports (rows come in date order), a count otherwise. */
function progress(io: Io, kind: Kind, query: Record<string, string>) {
  const tty = io.stderr.isTTY === true
  const t0 = Date.now()
  const day = (d: string) => Date.parse(d) / 86_400_000
  const first = query.start ? day(query.start) : NaN
  const days = query.end ? day(query.end) - first + 1 : NaN
  let last = 0
  return {
    update(rows: number, pages: number, lastDate?: string, force = false) {
      if (!tty || (!force && Date.now() - last < 100)) return
      last = Date.now()
      const rate = Math.round(rows / Math.max(0.001, (Date.now() - t0) / 1000))
      let bar = ''
      if (BY_DATE.has(kind) && lastDate && days > 0) {
        const f = Math.min(1, Math.max(0, (day(lastDate) - first + 1) / days))
        const width = 30
        bar =
          `[${'#'.repeat(Math.round(f * width)).padEnd(width, '-')}] ` +
          `${String(Math.floor(f * 100)).padStart(3)}% ${lastDate}  `
      }
      io.stderr.write(
        `\r${bar}${rows.toLocaleString('en-US')} rows  ${pages} pages  ${rate.toLocaleString('en-US')} rows/s\x1b[K`,
      )
    },
    done() {
      if (tty && last > 0) io.stderr.write('\n')
    },
    seconds: () => ((Date.now() - t0) / 1000).toFixed(1),
  }
}

/** Runs one export; the summary goes to stderr, the rows to the file or standard output. */
export async function runExport(req: ExportRequest, io: Io): Promise<void> {
  const { kind, format, query, limit, out, resume } = req
  const token = io.env.CSAPI_TOKEN
  if (!token) throw new ConfigError(`set CSAPI_TOKEN to ${TOKEN_OF[kind]} API token`)
  const baseUrl = io.env.CSAPI_BASE_URL || DEFAULT_BASE_URL
  const client = new Client({ token, baseUrl, fetch: io.fetch, maxRetries: io.maxRetries ?? 3 })
  const statePath = out ? `${out}.cursor` : null

  let state: ExportState
  let sink: Sink
  if (out && statePath) {
    const saved = await readState(statePath)
    if (resume) {
      if (!saved)
        throw new UsageError(`nothing to resume: ${statePath} does not exist (the export finished, or never started)`)
      if (saved.kind !== kind || saved.format !== format || !sameQuery(saved.query, query)) {
        const other = `${saved.kind}, ${saved.format}, ${JSON.stringify(saved.query)}`
        throw new UsageError(
          `${statePath} belongs to another export (${other}): resume it with the same options, or delete it`,
        )
      }
      const size = await stat(out).then(
        (s) => s.size,
        () => -1,
      )
      if (size < saved.bytes)
        throw new Error(
          `${out} is shorter (${size} bytes) than ${statePath} records (${saved.bytes}); delete both and start over`,
        )
      const fh = await open(out, 'r+')
      await fh.truncate(saved.bytes) // drops a page that was half written when the export stopped
      state = saved
      sink = fileSink(fh, saved.bytes)
    } else {
      if (saved) {
        throw new UsageError(
          `${statePath} exists: an export to ${out} was interrupted. ` +
            `Add --resume to continue it, or delete ${statePath} to start over`,
        )
      }
      sink = fileSink(await open(out, 'w'), 0)
      state = { version: 1, kind, format, query, cursor: null, bytes: 0, rows: 0, pages: 0 }
    }
  } else {
    sink = streamSink(io.stdout)
    state = { version: 1, kind, format, query, cursor: null, bytes: 0, rows: 0, pages: 0 }
  }

  const resumedAt = state.rows
  const bar = progress(io, kind, query)
  let finished = false
  try {
    const source = pagesOf(client, kind, format, { ...query, limit, cursor: state.cursor ?? undefined }, io.signal)
    if (state.bytes === 0 && format === 'csv') state.bytes += await sink.write(source.header)
    if (statePath) {
      await sink.flush()
      await writeStateFile(statePath, state)
    }
    for await (const page of source.pages) {
      state.bytes += await sink.write(page.text)
      state.rows += page.rows
      state.pages++
      state.cursor = page.next_cursor
      if (statePath && page.next_cursor !== null) {
        await sink.flush()
        await writeStateFile(statePath, state)
      }
      bar.update(state.rows, state.pages, page.lastDate)
    }
    finished = true
  } finally {
    await sink.close()
    bar.done()
    if (finished && statePath) await rm(statePath, { force: true })
    // an export that failed before its first page leaves nothing behind to resume
    if (!finished && statePath && !resume && state.pages === 0 && out) {
      await rm(statePath, { force: true })
      await rm(out, { force: true })
    }
  }
  const what = { reports: 'report rows', 'seller-reports': 'report rows', products: 'products', payouts: 'payouts' }[
    kind
  ]
  const from = resumedAt > 0 ? ` (resumed after ${resumedAt})` : ''
  const to = `${out ?? 'standard output'} as ${format}`
  io.stderr.write(`exported ${state.rows} ${what}${from} in ${state.pages} pages to ${to} in ${bar.seconds()} s\n`)
}

interface ExportPage {
  text: string
  rows: number
  next_cursor: string | null
  lastDate?: string
}

/** A list's pages, serialized in the export's format, and its CSV header. */
function pagesOf(
  client: Client,
  kind: Kind,
  format: ExportFormat,
  params: Record<string, unknown>,
  signal: AbortSignal | undefined,
) {
  const opts = { signal }
  async function* each<P extends { next_cursor: string | null }, T>(
    pages: AsyncIterable<P>,
    items: (p: P) => T[],
    columns: Parameters<typeof serialize<T>>[2],
    lastDate?: (t: T) => string,
  ): AsyncGenerator<ExportPage> {
    for await (const page of pages) {
      const rows = items(page)
      const last = rows.at(-1)
      yield {
        text: serialize<T>(rows, format, columns),
        rows: rows.length,
        next_cursor: page.next_cursor,
        lastDate: last && lastDate?.(last),
      }
    }
  }
  const exportOf = <P extends { next_cursor: string | null }, T>(...args: Parameters<typeof each<P, T>>) => ({
    header: csvHeader(args[2]),
    pages: each(...args),
  })
  if (kind === 'reports') {
    const list = client.creator.reports.list(params as Parameters<Client['creator']['reports']['list']>[0], opts)
    const dayOf = (r: Report) => r.date
    return exportOf(list.pages(), (p) => p.reports, REPORT_COLUMNS, dayOf)
  }
  if (kind === 'seller-reports') {
    const list = client.seller.reports.list(params as Parameters<Client['seller']['reports']['list']>[0], opts)
    const dayOf = (r: SellerReportRow) => r.date
    return exportOf(list.pages(), (p) => p.reports, SELLER_REPORT_COLUMNS, dayOf)
  }
  if (kind === 'products') {
    const list = client.seller.products.list(params as Parameters<Client['seller']['products']['list']>[0], opts)
    return exportOf(list.pages(), (p) => p.products, PRODUCT_COLUMNS)
  }
  const list = client.creator.payouts.list(params as Parameters<Client['creator']['payouts']['list']>[0], opts)
  const dayOf = (p: Payout) => p.created_at.slice(0, 10)
  return exportOf(list.pages(), (p) => p.payouts, PAYOUT_COLUMNS, dayOf)
}
