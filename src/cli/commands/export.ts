// `csapi export reports|products|payouts`: an integrator's export through the API client, to CSV or
// NDJSON; with --out FILE it can be resumed (src/cli/export-run.ts). Ctrl-C stops it between
// requests with exit 130, keeping what was written for --resume.
import { Command, Option } from 'commander'
import { ApiError } from '../../client/index.js'
import { Failure, UsageError } from '../errors.js'
import { DEFAULT_BASE_URL, runExport, type ExportRequest, type Kind } from '../export-run.js'
import type { ExportFormat } from '../export-format.js'
import type { Io } from '../io.js'
import { integer } from '../options.js'

const ENVIRONMENT = `
Environment:
  CSAPI_TOKEN     a creator token for reports and payouts, a seller or operator token for products
  CSAPI_BASE_URL  the API (default: ${DEFAULT_BASE_URL})`

/** Report filters: option → query parameter. */
const FILTERS = {
  brandId: 'brand_id',
  productId: 'product_id',
  asin: 'asin',
  linkId: 'link_id',
  marketplace: 'marketplace',
}

interface ExportOptions extends Partial<Record<keyof typeof FILTERS | 'start' | 'end', string>> {
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
    .description('a creator\'s report rows for a date range, in date order')
    .requiredOption('--start <date>', 'first day, YYYY-MM-DD')
    .requiredOption('--end <date>', 'last day, YYYY-MM-DD')
    .option('--brand-id <id>', 'only this brand')
    .option('--product-id <id>', 'only this product')
    .option('--asin <asin>', 'only this ASIN')
    .option('--link-id <id>', 'only this link')
    .option('--marketplace <code>', 'only this marketplace (e.g. DE, UK)')
  const products = exp
    .command('products')
    .description('a brand\'s products (a seller or operator token)')
    .requiredOption('--brand-id <id>', 'the brand')
  const payouts = exp.command('payouts').description("a creator's payouts, newest first (a payout's lines: GET /api/creator/v1/payouts/{id}/lines)")
  for (const [cmd, kind, max] of [[reports, 'reports', 500], [products, 'products', 100], [payouts, 'payouts', 100]] as const) {
    cmd
      .addOption(new Option('--format <format>', 'output format').choices(['csv', 'ndjson']).default('csv'))
      .option('--out <file>', 'write to FILE, with FILE.cursor to --resume from (default: standard output)')
      .option('--resume', 'continue an interrupted export to --out FILE where it stopped')
      .option('--limit <n>', `rows per request, 1 to ${max} (default: ${max})`, integer('--limit', 1, max))
      .action((opts: ExportOptions) => run(request(kind, max, opts), io))
  }
  return exp
}

function request(kind: Kind, max: number, opts: ExportOptions): ExportRequest {
  const out = opts.out === '-' ? undefined : opts.out
  if (opts.resume && !out) throw new UsageError('--resume needs --out FILE')
  const query: Record<string, string> = {}
  if (kind === 'reports') {
    query.start = opts.start!
    query.end = opts.end!
    for (const [option, param] of Object.entries(FILTERS)) {
      const v = opts[option as keyof typeof FILTERS]
      if (v !== undefined) query[param] = v
    }
  } else if (kind === 'products') {
    query.brand_id = opts.brandId!
  }
  return { kind, format: opts.format, query, limit: opts.limit ?? max, out, resume: opts.resume === true }
}

/** Runs the export, stopping on Ctrl-C unless the caller gave a signal; says how it failed. */
async function run(req: ExportRequest, io: Io): Promise<void> {
  let onSigint: (() => void) | undefined
  if (!io.signal) {
    const ac = new AbortController()
    io = { ...io, signal: ac.signal }
    onSigint = () => ac.abort(new Error('interrupted'))
    process.once('SIGINT', onSigint)
  }
  try {
    await runExport(req, io)
  } catch (err) {
    if (err instanceof UsageError) throw err
    const resume = req.out ? '; continue with the same command and --resume' : ''
    if (io.signal?.aborted) throw new Failure(`interrupted${resume}`, 130)
    if (err instanceof ApiError) {
      const about = [err.code, err.status && `HTTP ${err.status}`, err.requestId && `request id ${err.requestId}`]
      throw new Failure(`${err.message} (${about.filter(Boolean).join(', ')})${resume}`)
    }
    throw new Failure(`${(err as Error).message}${resume}`)
  } finally {
    if (onSigint) process.removeListener('SIGINT', onSigint)
  }
}
