// One `csapi ingest amazon-attribution` run: stream every file into the staging table, then
// place, compute and upsert in SQL, all in one transaction. A refused run changes nothing; a
// dry run does all of it and rolls back, so what it prints is exactly what would change.
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { BatchSession, Db } from '../db/index.js'
import { IngestFileError, readBatches, type RawRecord } from './read.js'
import { RowMapper } from './map.js'
import { loadStage, Rollback, type StageTuple } from './session.js'
import * as SQL from './sql.js'
import { beginReportWrite, recordEvents } from '../events/record.js'

export { IngestFileError } from './read.js'

export interface IngestOptions {
  dryRun?: boolean
  strict?: boolean
  /** Called as rows are read: rows so far, and the index of the file being read. */
  onProgress?: (rows: number, file: number) => void
  /** Called as each database phase starts (resolve, compute, upsert, adjust). */
  onPhase?: (phase: string) => void
}

export const UNPLACED_REASONS: Record<string, string> = {
  unknown_ad_group: 'unknown ad group (no link has this amazon_ad_group_id)',
  brand_not_connected: 'brand without a connected Amazon Ads account',
  asin_not_in_catalogue: "ASIN not in the brand's catalogue for that marketplace (or one of its currency)",
  link_without_product: 'clicks of a link without a product in a marketplace (storefront link)',
}

export interface Unplaced {
  reason: string
  label: string
  count: number
  examples: string[]
}

export interface AdjustmentLine {
  date: string
  link_id: string
  asin: string
  marketplace: string
  commission_status: 'approved' | 'paid'
  currency: string
  sales_cents: number
  restated_sales_cents: number
  orders: number
  restated_orders: number
  commission_cents: number
  restated_commission_cents: number
}

export interface IngestSummary {
  files: string[]
  dryRun: boolean
  path: 'copy' | 'unnest'
  rowsRead: number
  productRows: number
  performanceRows: number
  /** Report rows the run speaks of, and what happened to them. */
  reportRows: {
    total: number
    inserted: number
    updated: number
    unchanged: number
    reversed: number
    restated: number
  }
  adjustments: { count: number; listed: AdjustmentLine[] }
  unplaced: Unplaced[]
  elapsedMs: number
  /** Milliseconds per phase: stage (read, map, load), resolve, compute, upsert, adjust. */
  phases: Record<string, number>
}

/** The run refused as a whole (--strict with unplaceable rows, a currency mismatch). */
export class IngestRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'IngestRefused'
  }
}

const LISTED_ADJUSTMENTS = 50

/** FILE arguments: files as given, directories as their files in name order. */
export function expandFiles(paths: string[]): string[] {
  const out: string[] = []
  for (const p of paths) {
    let st
    try {
      st = statSync(p)
    } catch (err) {
      throw new IngestFileError(`cannot read ${p}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`)
    }
    if (st.isDirectory()) {
      for (const f of readdirSync(p)
        .filter((f) => !f.startsWith('.'))
        .sort()) {
        if (statSync(join(p, f)).isFile()) out.push(join(p, f))
      }
    } else out.push(p)
  }
  if (out.length === 0) throw new IngestFileError('no report files given')
  return out
}

export async function ingestAmazonAttribution(
  db: Db,
  paths: string[],
  opts: IngestOptions = {},
): Promise<IngestSummary> {
  const started = Date.now()
  const files = expandFiles(paths)
  const sources = files.map((file) => ({ name: file, batches: () => readBatches(file) }))
  let summary: IngestSummary | undefined
  try {
    await db.batch(
      async (s) => {
        const written = await beginReportWrite(s)
        summary = await ingestIn(s, sources, opts)
        if (opts.dryRun) throw new Rollback()
        const r = summary.reportRows
        await s.query(SQL.RECORD_RUN, [
          new Date(started),
          files.length,
          summary.rowsRead,
          r.inserted,
          r.updated,
          r.unchanged,
          r.reversed,
          summary.adjustments.count,
          Date.now() - started,
          JSON.stringify(summary.phases),
        ])
        await recordEvents(s, written)
      },
      { name: 'ingest' },
    )
  } catch (err) {
    if (!(err instanceof Rollback)) throw err
  }
  summary!.elapsedMs = Date.now() - started
  return summary!
}

/** Amazon report rows from somewhere: a file, or records made in memory (the sandbox's clock). */
export interface ReportSource {
  /** What messages call it (a file's path). */
  name: string
  batches: () => AsyncIterable<RawRecord[]>
}

// The run's temporary tables: dropped at its end, so that one transaction can hold several runs.
const RUN_TABLES = [
  'ingest_stage',
  'ingest_links',
  'ingest_catalogue',
  'ingest_placed',
  'ingest_new',
  'ingest_scope',
  'ingest_terms',
  'ingest_final',
]

/**
 * One run inside a transaction the caller holds, under the report writers' lock it took
 * (beginReportWrite): stage, place, compute, upsert, adjust. The caller records the run and its
 * events, and commits (or rolls back a dry run).
 */
export async function ingestIn(
  s: BatchSession,
  sources: ReportSource[],
  opts: Omit<IngestOptions, 'dryRun'> & { dryRun?: boolean } = {},
): Promise<IngestSummary> {
  const started = Date.now()
  const files = sources.map((source) => source.name)
  const phases: Record<string, number> = {}
  let mark = Date.now()
  const next: Record<string, string> = {
    stage: 'resolve',
    resolve: 'compute',
    compute: 'upsert',
    upsert: 'adjust',
  }
  const phase = (name: string) => {
    const now = Date.now()
    phases[name] = now - mark
    mark = now
    if (next[name]) opts.onPhase?.(next[name])
  }
  await s.exec(`set local work_mem = '256MB'`)
  await s.exec(SQL.CREATE_STAGE)
  const counts = { rows: 0, products: 0, performance: 0 }
  await loadStage(s, stageSources(sources, counts, opts.onProgress))
  await s.exec('analyze ingest_stage')
  phase('stage')
  await s.exec(SQL.LINKS)
  await s.exec('analyze ingest_links')
  await s.exec(SQL.CATALOGUE)
  await s.exec('analyze ingest_catalogue')
  await s.exec(SQL.RESOLVE)
  await s.exec('analyze ingest_placed')
  phase('resolve')

  const unplaced = await readUnplaced(s, files)
  if (opts.strict && unplaced.length > 0) {
    throw new IngestRefused(
      `--strict: ${unplaced.reduce((n, u) => n + u.count, 0)} rows cannot be placed:\n` + formatUnplaced(unplaced),
    )
  }

  for (const step of SQL.AGGREGATE) await s.exec(step)
  // Hash joins throughout: the planner's estimates of the full join's output otherwise lead
  // it to sort 1M rows for merge joins and to memoize lookups that never repeat.
  await s.exec('set local enable_mergejoin = off')
  await s.exec('set local enable_memoize = off')
  await s.exec(SQL.COMPUTE)
  await s.exec('reset enable_mergejoin')
  await s.exec('reset enable_memoize')
  await s.exec('analyze ingest_final')
  const mismatch = await s.query<{
    date: string
    link_id: string
    product_id: string
    marketplace: string
    currency: string
    terms_currency: string
    file_no: number
    row_no: number
  }>(SQL.CURRENCY_MISMATCH)
  const m = mismatch[0]
  if (m) {
    throw new IngestRefused(
      `${files[m.file_no]} row ${m.row_no}: product ${m.product_id} earns flat commission terms in ` +
        `${m.terms_currency}, but the row (${m.date}, link ${m.link_id}, ${m.marketplace}) is in ` +
        `${m.currency}; refusing to mix currencies`,
    )
  }
  const [c] = await s.query<{ inserted: number; updated: number; reversed: number; rows: number }>(SQL.COUNTS)
  phase('compute')
  await s.exec(SQL.UPSERT)
  phase('upsert')
  const ids = (await s.query<{ id: string }>(SQL.ADJUST)).map((r) => r.id)
  const listed = ids.length ? await s.query<AdjustmentLine>(SQL.ADJUSTMENTS_LISTED, [ids, LISTED_ADJUSTMENTS]) : []
  const [restated] = await s.query<{ n: number }>('select count(*)::int as n from ingest_final where restated')
  phase('adjust')
  await s.exec(`drop table ${RUN_TABLES.join(', ')}`)
  return {
    files,
    dryRun: Boolean(opts.dryRun),
    path: s.copyFrom ? 'copy' : 'unnest',
    rowsRead: counts.rows,
    productRows: counts.products,
    performanceRows: counts.performance,
    reportRows: {
      total: c!.rows,
      inserted: c!.inserted,
      updated: c!.updated,
      unchanged: c!.rows - c!.inserted - c!.updated - restated!.n,
      reversed: c!.reversed,
      restated: restated!.n,
    },
    adjustments: { count: ids.length, listed },
    unplaced,
    elapsedMs: Date.now() - started,
    phases,
  }
}

/** The staged form of every row of the files, batch by batch (also the bench's COPY ceiling input). */
export function stageTuples(
  files: string[],
  counts: { rows: number; products: number; performance: number },
  onProgress?: (rows: number, file: number) => void,
): AsyncGenerator<StageTuple[]> {
  return stageSources(
    files.map((file) => ({ name: file, batches: () => readBatches(file) })),
    counts,
    onProgress,
  )
}

async function* stageSources(
  sources: ReportSource[],
  counts: { rows: number; products: number; performance: number },
  onProgress?: (rows: number, file: number) => void,
): AsyncGenerator<StageTuple[]> {
  let seq = 0
  for (let f = 0; f < sources.length; f++) {
    const source = sources[f]!
    const mapper = new RowMapper(source.name)
    let rowNo = 0
    for await (const batch of source.batches()) {
      const tuples: StageTuple[] = new Array(batch.length)
      for (let i = 0; i < batch.length; i++) {
        const r = mapper.map(batch[i]!, ++rowNo)
        if (r.kind === 'P') counts.products++
        else counts.performance++
        tuples[i] = [
          ++seq,
          f,
          rowNo,
          r.kind,
          r.date,
          r.adGroupId,
          r.asin,
          r.marketplace,
          r.currency,
          r.halo,
          r.detailPageViews,
          r.addToCarts,
          r.orders,
          r.unitsSold,
          r.salesCents,
          r.clicks,
        ]
      }
      counts.rows += batch.length
      onProgress?.(counts.rows, f)
      yield tuples
    }
  }
}

async function readUnplaced(s: { query: Db['query'] }, files: string[]): Promise<Unplaced[]> {
  const totals = await s.query<{ reason: string; n: number }>(SQL.UNPLACED)
  if (totals.length === 0) return []
  const examples = await s.query<{
    reason: string
    file_no: number
    row_no: number
    ad_group_id: string
    asin: string | null
    date: string
  }>(SQL.UNPLACED_EXAMPLES)
  return totals.map((t) => ({
    reason: t.reason,
    label: UNPLACED_REASONS[t.reason] ?? t.reason,
    count: t.n,
    examples: examples
      .filter((e) => e.reason === t.reason)
      .map(
        (e) =>
          `${files[e.file_no]} row ${e.row_no} ` +
          `(date ${e.date}, adGroupId ${e.ad_group_id}${e.asin ? `, ASIN ${e.asin}` : ''})`,
      ),
  }))
}

export function formatUnplaced(unplaced: Unplaced[]): string {
  return unplaced
    .map((u) => `  ${u.label}: ${u.count}\n${u.examples.map((e) => `    e.g. ${e}`).join('\n')}`)
    .join('\n')
}
