// `csapi export reports|products`: every page of a list, streamed to a file (or standard output)
// as CSV or NDJSON with flat memory, through the typed client. With --out, a sidecar FILE.cursor
// records the cursor and the file length after each flushed page, so that `--resume` truncates
// any half-written page and continues exactly where the last complete page ended.
import { parseArgs } from 'node:util'
import { open, readFile, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises'
import type { Writable } from 'node:stream'
import { ApiError, Client, type FetchLike, type Product, type Report } from '../client/index.js'
import { PRODUCT_COLUMNS, REPORT_COLUMNS, csvHeader, serialize, type ExportFormat } from './export-format.js'

export const DEFAULT_BASE_URL = 'http://127.0.0.1:3000'

const USAGE = `usage:
  csapi export reports --start YYYY-MM-DD --end YYYY-MM-DD [--brand-id ID] [--product-id ID] [--asin ASIN]
                       [--link-id ID] [--marketplace CODE] [--format csv|ndjson] [--out FILE [--resume]] [--limit N]
  csapi export products --brand-id ID [--format csv|ndjson] [--out FILE [--resume]] [--limit N]
environment: CSAPI_TOKEN (a creator token for reports, a seller or operator token for products),
             CSAPI_BASE_URL (default ${DEFAULT_BASE_URL})`

export interface ExportIo {
  env: Record<string, string | undefined>
  stdout: Writable
  stderr: Writable & { isTTY?: boolean }
  fetch?: FetchLike
  /** Stops the export between requests; the sidecar keeps what was written. */
  signal?: AbortSignal
  maxRetries?: number
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

type Kind = 'reports' | 'products'
class UsageError extends Error {}

const FILTERS = { 'brand-id': 'brand_id', 'product-id': 'product_id', asin: 'asin', 'link-id': 'link_id', marketplace: 'marketplace' } as const

function parse(argv: string[]) {
  const [kind, ...rest] = argv
  if (kind !== 'reports' && kind !== 'products') throw new UsageError(kind ? `unknown export "${kind}"` : 'export needs reports or products')
  let values
  try {
    ;({ values } = parseArgs({
      args: rest,
      strict: true,
      allowPositionals: false,
      options: {
        start: { type: 'string' },
        end: { type: 'string' },
        'brand-id': { type: 'string' },
        'product-id': { type: 'string' },
        asin: { type: 'string' },
        'link-id': { type: 'string' },
        marketplace: { type: 'string' },
        format: { type: 'string', default: 'csv' },
        out: { type: 'string' },
        resume: { type: 'boolean', default: false },
        limit: { type: 'string' },
      },
    }))
  } catch (err) {
    throw new UsageError((err as Error).message)
  }
  const format = values.format
  if (format !== 'csv' && format !== 'ndjson') throw new UsageError(`--format must be csv or ndjson (got "${format}")`)
  const maxLimit = kind === 'reports' ? 500 : 100
  const limit = values.limit === undefined ? maxLimit : Number(values.limit)
  if (!/^\d+$/.test(values.limit ?? '1') || limit < 1 || limit > maxLimit) throw new UsageError(`--limit must be a whole number from 1 to ${maxLimit}`)
  const out = values.out === '-' ? undefined : values.out
  if (values.resume && !out) throw new UsageError('--resume needs --out FILE')
  const query: Record<string, string> = {}
  if (kind === 'reports') {
    if (!values.start || !values.end) throw new UsageError('export reports needs --start and --end (YYYY-MM-DD)')
    query.start = values.start
    query.end = values.end
    for (const [flag, param] of Object.entries(FILTERS)) {
      const v = values[flag as keyof typeof FILTERS]
      if (v !== undefined) query[param] = v
    }
  } else {
    for (const flag of ['start', 'end', 'product-id', 'asin', 'link-id', 'marketplace'] as const) {
      if (values[flag] !== undefined) throw new UsageError(`--${flag} is for export reports`)
    }
    if (!values['brand-id']) throw new UsageError('export products needs --brand-id ID')
    query.brand_id = values['brand-id']
  }
  return { kind: kind as Kind, format: format as ExportFormat, query, limit, out, resume: values.resume! }
}

/** Where the output goes: a file written at known offsets, or a stream. */
interface Sink {
  write(text: string): Promise<number>
  /** Makes what was written durable before the cursor that follows it is recorded. */
  flush(): Promise<void>
  close(): Promise<void>
}

function streamSink(stream: Writable): Sink {
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

function fileSink(fh: FileHandle, position: number): Sink {
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

async function writeState(path: string, state: ExportState) {
  await writeFile(path + '.tmp', JSON.stringify(state) + '\n')
  await rename(path + '.tmp', path) // atomic: the sidecar is always one whole state
}

async function readState(path: string): Promise<ExportState | null> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
  const s = JSON.parse(text) as ExportState
  if (s.version !== 1 || typeof s.bytes !== 'number') throw new Error(`${path} is not an export state file`)
  return s
}

const sameQuery = (a: Record<string, string>, b: Record<string, string>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort())

/** Progress on a terminal: a bar by date for reports (rows come in date order), a count otherwise. */
function progress(io: ExportIo, kind: Kind, query: Record<string, string>) {
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
      if (kind === 'reports' && lastDate && days > 0) {
        const f = Math.min(1, Math.max(0, (day(lastDate) - first + 1) / days))
        const width = 30
        bar = `[${'#'.repeat(Math.round(f * width)).padEnd(width, '-')}] ${String(Math.floor(f * 100)).padStart(3)}% ${lastDate}  `
      }
      io.stderr.write(`\r${bar}${rows.toLocaleString('en-US')} rows  ${pages} pages  ${rate.toLocaleString('en-US')} rows/s\x1b[K`)
    },
    done() {
      if (tty && last > 0) io.stderr.write('\n')
    },
    seconds: () => ((Date.now() - t0) / 1000).toFixed(1),
  }
}

async function run(argv: string[], io: ExportIo): Promise<number> {
  const { kind, format, query, limit, out, resume } = parse(argv)
  const token = io.env.CSAPI_TOKEN
  if (!token) throw new UsageError(`set CSAPI_TOKEN to ${kind === 'reports' ? 'a creator' : 'a seller or operator'} API token`)
  const baseUrl = io.env.CSAPI_BASE_URL || DEFAULT_BASE_URL
  const client = new Client({ token, baseUrl, fetch: io.fetch, maxRetries: io.maxRetries ?? 3 })
  const statePath = out ? `${out}.cursor` : null

  let state: ExportState
  let sink: Sink
  if (out && statePath) {
    const saved = await readState(statePath)
    if (resume) {
      if (!saved) throw new UsageError(`nothing to resume: ${statePath} does not exist (the export finished, or never started)`)
      if (saved.kind !== kind || saved.format !== format || !sameQuery(saved.query, query)) {
        throw new UsageError(`${statePath} belongs to another export (${saved.kind}, ${saved.format}, ${JSON.stringify(saved.query)}): resume it with the same options, or delete it`)
      }
      const size = await stat(out).then((s) => s.size, () => -1)
      if (size < saved.bytes) throw new Error(`${out} is shorter (${size} bytes) than ${statePath} records (${saved.bytes}); delete both and start over`)
      const fh = await open(out, 'r+')
      await fh.truncate(saved.bytes) // drops a page that was half written when the export stopped
      state = saved
      sink = fileSink(fh, saved.bytes)
    } else {
      if (saved) throw new UsageError(`${statePath} exists: an export to ${out} was interrupted. Add --resume to continue it, or delete ${statePath} to start over`)
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
    if (state.bytes === 0 && format === 'csv') {
      state.bytes += await sink.write(csvHeader<never>(kind === 'reports' ? REPORT_COLUMNS : PRODUCT_COLUMNS))
    }
    if (statePath) {
      await sink.flush()
      await writeState(statePath, state)
    }
    const params = { ...query, limit, cursor: state.cursor ?? undefined }
    const opts = { signal: io.signal }
    const pages =
      kind === 'reports'
        ? client.creator.reports.list(params as Parameters<Client['creator']['reports']['list']>[0], opts).pages()
        : client.seller.products.list(params as Parameters<Client['seller']['products']['list']>[0], opts).pages()
    for await (const page of pages) {
      const rows = 'reports' in page ? page.reports : page.products
      const text = 'reports' in page ? serialize<Report>(page.reports, format, REPORT_COLUMNS) : serialize<Product>(page.products, format, PRODUCT_COLUMNS)
      state.bytes += await sink.write(text)
      state.rows += rows.length
      state.pages++
      state.cursor = page.next_cursor
      if (statePath && page.next_cursor !== null) {
        await sink.flush()
        await writeState(statePath, state)
      }
      bar.update(state.rows, state.pages, 'reports' in page ? page.reports.at(-1)?.date : undefined)
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
  const what = kind === 'reports' ? 'report rows' : 'products'
  const from = resumedAt > 0 ? ` (resumed after ${resumedAt})` : ''
  io.stderr.write(`exported ${state.rows} ${what}${from} in ${state.pages} pages to ${out ?? 'standard output'} as ${format} in ${bar.seconds()} s\n`)
  return 0
}

/** Runs the command; returns the exit code (0 done, 1 failed, 2 usage, 130 interrupted). */
export async function exportCommand(argv: string[], io: Partial<ExportIo> = {}): Promise<number> {
  const full: ExportIo = { env: process.env, stdout: process.stdout, stderr: process.stderr, ...io }
  // Ctrl-C stops between requests; the sidecar keeps the last complete page for --resume
  let onSigint: (() => void) | null = null
  if (!io.signal) {
    const ac = new AbortController()
    full.signal = ac.signal
    onSigint = () => ac.abort(new Error('interrupted'))
    process.once('SIGINT', onSigint)
  }
  try {
    return await run(argv, full)
  } catch (err) {
    const say = (s: string) => full.stderr.write(`csapi export: ${s}\n`)
    if (err instanceof UsageError) {
      say(`${err.message}\n${USAGE}`)
      return 2
    }
    const outIndex = argv.indexOf('--out')
    const resumeHint = outIndex >= 0 ? `; continue with the same command and --resume` : ''
    if (full.signal?.aborted) {
      say(`interrupted${resumeHint}`)
      return 130
    }
    if (err instanceof ApiError) {
      say(`${err.message} (${err.code}${err.status ? `, HTTP ${err.status}` : ''}${err.requestId ? `, request id ${err.requestId}` : ''})${resumeHint}`)
      return 1
    }
    say(`${(err as Error).message}${resumeHint}`)
    return 1
  } finally {
    if (onSigint) process.removeListener('SIGINT', onSigint)
  }
}
