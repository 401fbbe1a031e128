// `csapi export reports|seller-reports|products|payouts`: an integrator's export through the API client, to CSV or
// NDJSON; with --out FILE it can be resumed (src/cli/export-run.ts). Ctrl-C (SIGINT) or SIGTERM stops
// it between requests with exit 130 or 143, keeping what was written for --resume.
import { accessSync, constants, existsSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { Command, Option } from 'commander'
import { ApiError } from '../../client/index.js'
import { ConfigError } from '../../config.js'
import { Failure, UsageError } from '../errors.js'
import { DEFAULT_BASE_URL, runExport, type ExportRequest, type Kind } from '../export-run.js'
import { runChangesExport } from '../export-changes.js'
import type { ExportFormat } from '../export-format.js'
import type { Io } from '../io.js'
import { integer } from '../options.js'

const ENVIRONMENT = `
Environment:
  CSAPI_TOKEN     a creator token for reports and payouts, a seller or operator token for seller-reports and
                  products
  CSAPI_BASE_URL  the API (default: ${DEFAULT_BASE_URL})`

/** Report filters: option → query parameter. */
const FILTERS = {
  brandId: 'brand_id',
  productId: 'product_id',
  asin: 'asin',
  linkId: 'link_id',
  marketplace: 'marketplace',
}

/** The seller's report filters (its brand_id is required): option → query parameter. */
const SELLER_FILTERS = {
  productId: 'product_id',
  asin: 'asin',
  creatorId: 'creator_id',
  marketplace: 'marketplace',
}

type FilterOption = keyof typeof FILTERS | keyof typeof SELLER_FILTERS

interface ExportOptions extends Partial<Record<FilterOption | 'start' | 'end' | 'state', string>> {
  changes?: boolean
  fromNow?: boolean
  format: ExportFormat
  out?: string
  resume?: boolean
  limit?: number
}

export function exportCommand(io: Io): Command {
  const exp = new Command('export')
    .description('stream a list to CSV or NDJSON through the API (docs/client.md)')
    .addHelpText('afterAll', ENVIRONMENT)
  const reports = exp
    .command('reports')
    .description(
      "a creator's report rows for a date range, in date order; or, with --changes, the rows " +
        'changed since the last run',
    )
    .option('--start <date>', 'first day, YYYY-MM-DD (required without --changes)')
    .option('--end <date>', 'last day, YYYY-MM-DD (required without --changes)')
    .option('--changes', 'the changes feed: append the rows changed since the position in --state FILE, then move it')
    .option('--state <file>', 'with --changes: where the feed position is kept (created on the first run)')
    .option('--from-now', 'with --changes and a new --state FILE: start at the present, skipping history')
    .option('--brand-id <id>', 'only this brand')
    .option('--product-id <id>', 'only this product')
    .option('--asin <asin>', 'only this ASIN')
    .option('--link-id <id>', 'only this link')
    .option('--marketplace <code>', 'only this marketplace (e.g. DE, UK)')
  const sellerReports = exp
    .command('seller-reports')
    .description("a brand's report rows of every creator, in date order (a seller or operator token)")
    .requiredOption('--brand-id <id>', "the brand, granted to the token's account")
    .requiredOption('--start <date>', 'first day, YYYY-MM-DD')
    .requiredOption('--end <date>', 'last day, YYYY-MM-DD')
    .option('--product-id <id>', 'only this product')
    .option('--asin <asin>', 'only this ASIN')
    .option('--creator-id <id>', "only this creator's links")
    .option('--marketplace <code>', 'only this marketplace (e.g. DE, UK)')
  const products = exp
    .command('products')
    .description("a brand's products (a seller or operator token)")
    .requiredOption('--brand-id <id>', 'the brand')
  const payouts = exp
    .command('payouts')
    .description("a creator's payouts, newest first (a payout's lines: GET /api/creator/v1/payouts/{id}/lines)")
  for (const [cmd, kind, max] of [
    [reports, 'reports', 500],
    [sellerReports, 'seller-reports', 500],
    [products, 'products', 100],
    [payouts, 'payouts', 100],
  ] as const) {
    cmd
      .addOption(new Option('--format <format>', 'output format').choices(['csv', 'ndjson']).default('csv'))
      .option('--out <file>', 'write to FILE, with FILE.cursor to --resume from (default: standard output)')
      .option('--resume', 'continue an interrupted export to --out FILE where it stopped')
      .option('--limit <n>', `rows per request, 1 to ${max} (default: ${max})`, integer('--limit', 1, max))
      .action((opts: ExportOptions) => (opts.changes ? changes(opts, io) : run(request(kind, max, opts), io)))
  }
  return exp
}

/** A file the command line names to write: its directory must be there and writable. */
function writable(flag: string, path: string | undefined): void {
  if (path === undefined) return
  let problem: string | undefined
  try {
    accessSync(dirname(resolve(path)), constants.W_OK)
  } catch (err) {
    problem = (err as NodeJS.ErrnoException).code ?? (err as Error).message
  }
  if (!problem && statSync(path, { throwIfNoEntry: false })?.isDirectory()) problem = 'it is a directory'
  if (problem) throw new UsageError(`cannot write ${flag} ${path}: ${problem}`)
}

function request(kind: Kind, max: number, opts: ExportOptions): ExportRequest {
  const out = opts.out === '-' ? undefined : opts.out
  writable('--out', out)
  if (opts.resume && !out) throw new UsageError('--resume needs --out FILE')
  const query: Record<string, string> = {}
  if (opts.state || opts.fromNow) throw new UsageError('--state and --from-now go with --changes')
  if (kind === 'reports' && (!opts.start || !opts.end))
    throw new UsageError('--start and --end are required (or --changes --state FILE for the changes feed)')
  // the range, then each filter option given, as its query parameter
  const rangeAndFilters = (filters: Partial<Record<FilterOption, string>>) => {
    query.start = opts.start!
    query.end = opts.end!
    for (const [option, param] of Object.entries(filters)) {
      const v = opts[option as FilterOption]
      if (v !== undefined) query[param] = v
    }
  }
  if (kind === 'reports') {
    rangeAndFilters(FILTERS)
  } else if (kind === 'seller-reports') {
    query.brand_id = opts.brandId!
    rangeAndFilters(SELLER_FILTERS)
  } else if (kind === 'products') {
    query.brand_id = opts.brandId!
  }
  return { kind, format: opts.format, query, limit: opts.limit ?? max, out, resume: opts.resume === true }
}

/** `export reports --changes --state FILE`: the feed since the kept position. */
async function changes(opts: ExportOptions, io: Io): Promise<void> {
  if (!opts.state) throw new UsageError('--changes needs --state FILE, where the feed position is kept')
  const ranged = ['start', 'end', ...Object.keys(FILTERS)].filter((o) => opts[o as keyof typeof FILTERS] !== undefined)
  if (ranged.length > 0 || opts.resume)
    throw new UsageError(
      '--changes takes no date range, filter or --resume: the feed holds every changed row, and ' +
        '--state FILE is its resume point',
    )
  const out = opts.out === '-' ? undefined : opts.out
  writable('--out', out)
  writable('--state', opts.state)
  await run(
    // the io run() gives, with the signal that Ctrl-C and SIGTERM abort
    (withSignal) =>
      runChangesExport(
        { format: opts.format, state: opts.state!, out, limit: opts.limit ?? 500, fromNow: opts.fromNow === true },
        withSignal,
      ),
    io,
    out,
  )
}

/** The signals that stop an export between requests, and its exit status then: 128 + the signal's number. */
const INTERRUPTED = { status: 130, message: 'interrupted' }
const STOPPED_BY: Partial<Record<NodeJS.Signals, typeof INTERRUPTED>> = {
  SIGINT: INTERRUPTED,
  SIGTERM: { status: 143, message: 'stopped by SIGTERM' },
}

/**
 * Runs the export, stopping between requests on Ctrl-C or SIGTERM unless the caller gave a signal;
 * says how it failed.
 */
async function run(what: ExportRequest | ((io: Io) => Promise<void>), io: Io, changesOut?: string): Promise<void> {
  const req = typeof what === 'function' ? { out: changesOut } : what
  const signals = Object.keys(STOPPED_BY) as NodeJS.Signals[]
  let onSignal: ((signal: NodeJS.Signals) => void) | undefined
  let stop = INTERRUPTED
  if (!io.signal) {
    const ac = new AbortController()
    io = { ...io, signal: ac.signal }
    // once: a second signal of the same kind ends the process at once, as without this handler
    onSignal = (signal) => {
      stop = STOPPED_BY[signal] ?? stop
      ac.abort(new Error('interrupted'))
    }
    for (const signal of signals) process.once(signal, onSignal)
  }
  try {
    await (typeof what === 'function' ? what(io) : runExport(what, io))
  } catch (err) {
    if (err instanceof UsageError || err instanceof ConfigError) throw err
    const resume =
      typeof what === 'function'
        ? '; run it again: it continues from the position kept in --state'
        : req.out && existsSync(`${req.out}.cursor`) // nothing written, nothing to resume
          ? '; continue with the same command and --resume'
          : ''
    if (io.signal?.aborted) throw new Failure(`${stop.message}${resume}`, stop.status)
    if (err instanceof ApiError) {
      const about = [err.code, err.status && `HTTP ${err.status}`, err.requestId && `request id ${err.requestId}`]
      const message = `${err.message} (${about.filter(Boolean).join(', ')})`
      // the API refused a parameter, and every parameter came from the command line
      if (err.code === 'invalid_request') throw new UsageError(message)
      throw new Failure(`${message}${resume}`)
    }
    throw new Failure(`${(err as Error).message}${resume}`)
  } finally {
    if (onSignal) for (const signal of signals) process.removeListener(signal, onSignal)
  }
}
