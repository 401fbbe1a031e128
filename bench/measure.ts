// The measurements: on PostgreSQL, every page against its ceilings, its floor and its peers, side
// by side in rounds, and the walks of /reports a summary replaces; on PGlite, every page against
// the same page of a PostgreSQL server started beside it, in rounds too.
import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDb, type Db } from '../src/db/index.js'
import { prepareIds, preparePglite, type BenchIds } from './dataset.js'
import {
  peakRssMb,
  pgbench,
  ratio,
  round,
  warm,
  warmUnderLoad,
  wrk,
  wrkCpu,
  type HttpTarget,
  type Measure,
} from './load.js'
import { freePort, log, owning, type Server } from './process.js'
import { errorsOver, inRounds, medianIndex } from './rounds.js'
import { buildScenarios, validate, walk, type Scenario } from './scenario.js'
import {
  reportsOver,
  SUMMARY_GROUP_BYS,
  SUMMARY_RANGES,
  summaryName,
  summaryUrl,
  type SummaryRange,
} from './scenarios.js'
import { startBaseline, startOurs, startPostgraphile } from './servers/start.js'

export interface Settings {
  connections: number
  seconds: number
  rounds: number
  pool: number
  only: string[] | undefined
  nodeOptions: string
}

export interface Result {
  name: string
  limit: number | null
  depth: number
  rps: number
  p50_ms: number
  p99_ms: number
  /** Errors of every measurement on the row: ours in every round, ceilings, floor, peers, PGlite. */
  errors: number
  /** Our server's CPU per request: it moves much less with the neighbours' load than req/s. */
  cpu_ms_per_req: number
  db_ceiling?: Measure
  http_ceiling?: Measure
  combined_ceiling_rps?: number
  /** Ours ÷ the combined ceiling in the median round, and in every round. */
  vs_ceiling?: number
  vs_ceiling_rounds?: number[]
  /** A bare Fastify + pg route running the same statement, in the same rounds. */
  floor?: Measure & { cpu_ms_per_req?: number }
  floor_vs_ceiling?: number
  floor_vs_ceiling_rounds?: number[]
  vs_floor?: number
  vs_floor_rounds?: number[]
  /** A deep page's p99 ÷ its first page's, both measured in the same rounds: the median round's, and each round's. */
  p99_vs_first_page?: number
  p99_vs_first_page_rounds?: number[]
  postgraphile?: Measure
  vs_postgraphile?: number
  offset?: Measure
  vs_offset?: number
  /** From the median round of PGlite ÷ the PostgreSQL server beside it. */
  pglite?: Measure
  pglite_postgres?: Measure
  pglite_vs_postgres?: number
  pglite_vs_postgres_rounds?: number[]
}

/**
 * Over a summary's range, by one client without other load: the largest creator's /reports walked
 * at limit 500 and added up by month and currency, and each measured summary (every page of it).
 */
export interface Walk {
  range: SummaryRange
  pages: number
  rows: number
  /** The median walk's milliseconds, and every walk's. */
  ms: number
  ms_rounds: number[]
  summaries: { group_by: string; pages: number; ms: number }[]
}

const combined = (db: Measure, http: Measure) => Math.round(1 / (1 / db.rps + 1 / http.rps))
const plain = ({ rps, p50_ms, p99_ms, errors }: Measure): Measure => ({ rps, p50_ms, p99_ms, errors })

export function measurePostgres(s: Settings, url: string, ids: BenchIds, db: Db) {
  return owning(async (own) => {
    const ours = own(await startOurs('ours', url, s))
    const postgraphile = own(await startPostgraphile(url, s.pool))
    const skipped: { name: string; reason: string }[] = []
    const bases = { ours: ours.base, postgraphile: postgraphile.base, baseline: `http://127.0.0.1:${await freePort()}` }
    const scenarios = await buildScenarios(ids, bases, db, s.only, skipped)
    // the HTTP ceiling serves our own bodies, the floor runs the statements: both known before it starts
    const bodies: string[] = []
    for (const sc of scenarios) bodies.push(await (await fetch(sc.ours.url, { headers: sc.ours.headers })).text())
    const floors = scenarios.map((sc) => sc.rows && { ...sc.sql!, items: sc.list })
    const file = join(tmpdir(), `csapi-bench-bodies-${process.pid}.json`)
    own({ stop: () => rmSync(file, { force: true }) })
    writeFileSync(file, JSON.stringify({ bodies, floors }))
    const baseline = own(await startBaseline(bases.baseline, file, url, s.pool))
    for (const [i, sc] of scenarios.entries()) {
      if ((await validate(sc)) !== bodies[i]) throw new Error(`${sc.name}: our page changed between two requests`)
    }
    const targets = scenarios.flatMap((sc, i) => [sc.ours, { url: `${baseline.base}/ceiling/${i}` }])
    await warmUnderLoad(
      [...targets, ...scenarios.flatMap((sc) => [sc.offset ?? [], sc.postgraphile ?? []]).flat()],
      s.connections,
    )
    const results: Result[] = []
    for (const [i, sc] of scenarios.entries()) {
      const first = scenarios.find((f) => f.name === sc.firstPage)
      results.push(await measurePage(s, url, sc, i, first, { ours, postgraphile, baseline }))
    }
    const walks = await walkReports(ours.base, ids, scenarios)
    return { results, walks, skipped, peakRssMb: peakRssMb(ours.pid) }
  })
}

/**
 * Ours, the database ceiling, the HTTP ceiling, the floor and, for a deep page, its first page in
 * rounds (bench/rounds.ts); then the peers once. A p99 from rounds minutes apart would compare
 * the machine's moments, not the pages.
 */
async function measurePage(
  s: Settings,
  url: string,
  sc: Scenario,
  i: number,
  first: Scenario | undefined,
  servers: Record<string, Server>,
) {
  const { ours, baseline, postgraphile } = servers as Record<'ours' | 'baseline' | 'postgraphile', Server>
  const ceiling = { url: `${baseline.base}/ceiling/${i}` }
  const floor = sc.rows ? { url: `${baseline.base}/floor/${i}` } : null
  for (const t of [sc.ours, ceiling, floor ?? [], first?.ours ?? [], sc.postgraphile ?? []].flat()) await warm(t)
  if (sc.offset) await warm(sc.offset, sc.depth > 10_000 ? 20 : 150)
  const load = (t: HttpTarget, pid: number) => () => wrkCpu(t, pid, s.connections, s.seconds)
  const rounds = await inRounds(
    s.rounds,
    [
      load(sc.ours, ours.pid),
      () => pgbench(url, sc.sql!, s.connections, s.seconds),
      () => wrk(ceiling, s.connections, s.seconds),
      floor ? load(floor, baseline.pid) : async () => null,
      first ? load(first.ours, ours.pid) : async () => null,
    ],
    ([m, db, http]) => ratio(m!.rps, combined(db!, http!)),
  )
  const [m, db, http, fl] = rounds.median
  const sum = (k: number) => rounds.all.reduce((n, x) => n + (x[k]?.errors ?? 0), 0)
  const r: Result = {
    name: sc.name,
    limit: sc.limit,
    depth: sc.depth,
    ...plain(m!),
    errors: sum(0),
    cpu_ms_per_req: m!.cpu_ms_per_req!,
    db_ceiling: { ...plain(db!), errors: sum(1) },
    http_ceiling: { ...plain(http!), errors: sum(2) },
    combined_ceiling_rps: combined(db!, http!),
    vs_ceiling: ratio(m!.rps, combined(db!, http!)),
    vs_ceiling_rounds: rounds.ratios,
  }
  if (first) {
    const p99s = rounds.all.map((x) => ratio(x[0]!.p99_ms, x[4]!.p99_ms))
    r.p99_vs_first_page = p99s[medianIndex(p99s)]
    r.p99_vs_first_page_rounds = p99s
  }
  if (fl) {
    r.floor = { ...plain(fl), errors: sum(3), cpu_ms_per_req: fl.cpu_ms_per_req }
    r.floor_vs_ceiling = ratio(fl.rps, r.combined_ceiling_rps!)
    r.floor_vs_ceiling_rounds = rounds.all.map((x) => ratio(x[3]!.rps, combined(x[1]!, x[2]!)))
    r.vs_floor = ratio(m!.rps, fl.rps)
    r.vs_floor_rounds = rounds.all.map((x) => ratio(x[0]!.rps, x[3]!.rps))
  }
  if (sc.postgraphile) {
    r.postgraphile = plain(await load(sc.postgraphile, postgraphile.pid)())
    r.vs_postgraphile = ratio(r.rps, r.postgraphile.rps)
  }
  if (sc.offset) {
    r.offset = plain(await load(sc.offset, baseline.pid)())
    r.vs_offset = ratio(r.rps, r.offset.rps)
  }
  r.errors +=
    sum(4) + [r.db_ceiling, r.http_ceiling, r.floor, r.postgraphile, r.offset].reduce((n, x) => n + (x?.errors ?? 0), 0)
  log(
    `${r.name}: ${r.rps} req/s, p99 ${r.p99_ms} ms, ${r.cpu_ms_per_req} ms CPU/req; ÷ ceiling ${r.vs_ceiling} ` +
      `(rounds ${r.vs_ceiling_rounds!.join(', ')})` +
      (r.floor ? `; floor ÷ ceiling ${r.floor_vs_ceiling}, ours ÷ floor ${r.vs_floor}` : '') +
      (first
        ? `; p99 ÷ ${first.name}'s ${r.p99_vs_first_page} (rounds ${r.p99_vs_first_page_rounds!.join(', ')})`
        : '') +
      (r.vs_postgraphile ? `; ÷ PostGraphile ${r.vs_postgraphile}, ÷ OFFSET ${r.vs_offset}` : ''),
  )
  return r
}

const WALKS = 3
const SUMMARY_WALKS = 9
const ADDED = ['clicks', 'orders', 'units_sold', 'sales_cents', 'commission_cents']

/** Walks `url` to its end `times` times: its pages and rows, and the milliseconds of each walk and the median. */
async function timed(times: number, url: URL, headers: Record<string, string>, list: string) {
  const ms: number[] = []
  let w = { pages: 0, rows: 0 }
  for (let k = 0; k < times; k++) {
    const totals = new Map<string, number[]>()
    const started = process.hrtime.bigint()
    w = await walk(url, headers, list, Infinity, (items) => {
      for (const it of items) {
        const key = `${String(it.date).slice(0, 7)} ${it.currency}`
        if (!totals.has(key))
          totals.set(
            key,
            ADDED.map(() => 0),
          )
        ADDED.forEach((m, i) => (totals.get(key)![i]! += Number(it[m])))
      }
    })
    ms.push(round(Number(process.hrtime.bigint() - started) / 1e6, 1))
  }
  return { pages: w.pages, rows: w.rows, ms: ms[medianIndex(ms)]!, ms_rounds: ms }
}

/** What a summary replaces, over each measured summary's range: walking /reports, against the summary. */
async function walkReports(base: string, ids: BenchIds, scenarios: Scenario[]): Promise<Walk[]> {
  const headers = { authorization: `Bearer ${ids.as.big!.token}` }
  const walks: Walk[] = []
  for (const range of Object.keys(SUMMARY_RANGES) as SummaryRange[]) {
    const summaries = SUMMARY_GROUP_BYS.filter((g) => scenarios.some((sc) => sc.name === summaryName(range, g)))
    if (summaries.length === 0) continue
    const reports = await timed(WALKS, new URL(reportsOver(range), base), headers, 'reports')
    const measured: Walk['summaries'] = []
    for (const g of summaries) {
      const { pages, ms } = await timed(SUMMARY_WALKS, new URL(summaryUrl(range, g), base), headers, 'summary')
      measured.push({ group_by: g, pages, ms })
    }
    walks.push({ range, ...reports, summaries: measured })
    log(
      `over ${range}: /reports walked in ${reports.ms_rounds.join(', ')} ms (${reports.pages} pages); summaries ` +
        measured.map((m) => `group_by=${m.group_by} ${m.ms} ms (${m.pages} pages)`).join(', '),
    )
  }
  return walks
}

/**
 * PGlite's pages, each beside the same page of a PostgreSQL server over the main dataset, in
 * rounds: PGlite ÷ PostgreSQL is a ratio of the same minutes. Adds them to `results` by name.
 */
export async function measurePglite(s: Settings, rows: number, results: Result[], pg: { url: string; ids: BenchIds }) {
  const { url, generationS } = await preparePglite(rows)
  // PGlite is one process's database: the tokens first, then the server opens it
  const db = await openDb(url)
  const ids = await prepareIds(db).finally(() => db.close())
  return owning(async (own) => {
    // its database runs one statement at a time: 16 concurrent requests queue by design, not shed
    const server = own(await startOurs('ours-pglite', url, s, { CSAPI_MAX_EVENT_LOOP_DELAY_MS: '0' }, 120_000))
    const beside = own(await startOurs('ours-beside-pglite', pg.url, s))
    const scenarios = await buildScenarios(ids, { ours: server.base }, null, s.only)
    const pgScenarios = await buildScenarios(pg.ids, { ours: beside.base }, null, s.only)
    await warmUnderLoad(
      [...scenarios, ...pgScenarios].map((sc) => sc.ours),
      s.connections,
    )
    for (const sc of scenarios) {
      const other = pgScenarios.find((x) => x.name === sc.name)
      const r = results.find((x) => x.name === sc.name)
      if (!other || !r) continue
      await validate(sc)
      await warm(sc.ours, 50)
      await warm(other.ours, 50)
      const rounds = await inRounds(
        s.rounds,
        [() => wrk(sc.ours, s.connections, s.seconds), () => wrk(other.ours, s.connections, s.seconds)],
        ([a, b]) => ratio(a!.rps, b!.rps),
      )
      const [m, pgm] = rounds.median
      r.pglite = { ...plain(m!), errors: errorsOver(rounds, 0) }
      r.pglite_postgres = { ...plain(pgm!), errors: errorsOver(rounds, 1) }
      r.pglite_vs_postgres = ratio(m!.rps, pgm!.rps)
      r.pglite_vs_postgres_rounds = rounds.ratios
      r.errors += r.pglite.errors + r.pglite_postgres.errors
      log(
        `PGlite ${sc.name}: ${m!.rps} req/s, ÷ PostgreSQL ${r.pglite_vs_postgres} (rounds ${rounds.ratios.join(', ')})`,
      )
    }
    return { peakRssMb: peakRssMb(server.pid), generationS, rows: ids.rowCounts.total }
  })
}
