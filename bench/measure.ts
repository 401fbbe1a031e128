// The measurements: on PostgreSQL, every page against its ceilings, its floor and its peers,
// side by side in rounds; on PGlite, every page against the same page of a PostgreSQL server
// started beside it, in rounds too.
import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDb, type Db } from '../src/db/index.js'
import { prepareIds, preparePglite, type BenchIds } from './dataset.js'
import { peakRssMb, pgbench, warm, warmUnderLoad, wrk, wrkCpu } from './load.js'
import type { CpuMeasure, HttpTarget, Measure, Sample } from './load.js'
import { freePort, log, owning, type Server } from './process.js'
import { errorsOver, inRounds } from './rounds.js'
import { buildScenarios, validate, type Scenario } from './scenario.js'
import { startBaseline, startOurs, startOursPglite, startPostgraphile, type Floor } from './servers/start.js'

export interface Settings {
  connections: number
  seconds: number
  rounds: number
  pool: number
  only: string | undefined
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
  /** Server CPU per request: moves much less with the neighbours' load than req/s. */
  cpu_ms_per_req: number
  db_ceiling?: Measure
  http_ceiling?: Measure
  combined_ceiling_rps?: number
  /** Ours ÷ the combined ceiling in the median round, and in every round. */
  vs_ceiling?: number
  vs_ceiling_rounds?: number[]
  /** A bare Fastify + pg route running the same statement, in the same rounds. */
  floor?: Measure & { cpu_ms_per_req: number }
  floor_vs_ceiling?: number
  floor_vs_ceiling_rounds?: number[]
  vs_floor?: number
  vs_floor_rounds?: number[]
  /** A deep page's p99 ÷ its first page's. */
  p99_vs_first_page?: number
  postgraphile?: Measure
  vs_postgraphile?: number
  offset?: Measure
  vs_offset?: number
  /** PGlite's page and the PostgreSQL page beside it, from the median round of PGlite ÷ PostgreSQL. */
  pglite?: Measure
  pglite_postgres?: Measure
  pglite_vs_postgres?: number
  pglite_vs_postgres_rounds?: number[]
}

export const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100
const combined = (db: Measure, http: Measure) => Math.round(1 / (1 / db.rps + 1 / http.rps))
const plain = ({ rps, p50_ms, p99_ms, errors }: Measure): Measure => ({ rps, p50_ms, p99_ms, errors })

export function measurePostgres(s: Settings, url: string, ids: BenchIds, db: Db) {
  return owning(async (own) => {
    const ours = own(await startOurs('ours', url, s))
    const postgraphile = own(await startPostgraphile(url, s.pool))
    const skipped: { name: string; reason: string }[] = []
    const port = await freePort()
    const bases = { ours: ours.base, postgraphile: postgraphile.base, baseline: `http://127.0.0.1:${port}` }
    const scenarios = await buildScenarios(ids, bases, db, s.only, skipped)
    // The HTTP ceiling serves our own bodies and the floor runs the statements: both before it starts.
    const bodies: Record<string, string> = {}
    const floors: Record<string, Floor> = {}
    for (const [i, sc] of scenarios.entries()) {
      bodies[i] = await (await fetch(sc.ours.url, { headers: sc.ours.headers })).text()
      if (sc.rows) floors[i] = { ...sc.sql!, items: sc.list! }
    }
    const file = join(tmpdir(), `csapi-bench-bodies-${process.pid}.json`)
    own({ stop: () => rmSync(file, { force: true }) })
    writeFileSync(file, JSON.stringify({ bodies, floors }))
    const baseline = own(await startBaseline(port, file, url, s.pool))
    for (const [i, sc] of scenarios.entries()) {
      if ((await validate(sc)) !== bodies[i]) throw new Error(`${sc.name}: our page changed between two requests`)
    }
    const ceilings = scenarios.map((_, i) => ({ url: `${baseline.base}/ceiling/${i}` }))
    const targets = [
      ...scenarios.map((sc) => sc.ours),
      ...ceilings,
      ...scenarios.flatMap((sc) => [sc.offset, sc.postgraphile]),
    ]
    await warmUnderLoad(
      targets.filter((t): t is HttpTarget => t !== undefined),
      s.connections,
    )
    const results: Result[] = []
    for (const [i, sc] of scenarios.entries()) {
      results.push(await measurePage(s, url, sc, String(i), { ours, postgraphile, baseline }, i in floors))
    }
    for (const r of results) {
      const first = results.find((f) => f.name === scenarios.find((sc) => sc.name === r.name)!.firstPage)
      if (first) r.p99_vs_first_page = ratio(r.p99_ms, first.p99_ms)
    }
    return { results, skipped, peakRssMb: peakRssMb(ours.pid) }
  })
}

interface Servers {
  ours: Server
  postgraphile: Server
  baseline: Server
}

/** Ours, the database ceiling, the HTTP ceiling and the floor in rounds (bench/rounds.ts); then the peers once. */
async function measurePage(s: Settings, url: string, sc: Scenario, key: string, servers: Servers, hasFloor: boolean) {
  const ceiling = { url: `${servers.baseline.base}/ceiling/${key}` }
  const floor = { url: `${servers.baseline.base}/floor/${key}` }
  for (const t of [sc.ours, ceiling, ...(hasFloor ? [floor] : [])]) await warm(t)
  if (sc.offset) await warm(sc.offset, sc.depth > 10_000 ? 20 : 150)
  if (sc.postgraphile) await warm(sc.postgraphile)
  const { text, params, prepared } = sc.sql!
  const rounds = await inRounds(
    s.rounds,
    [
      () => wrkCpu(sc.ours, servers.ours.pid, s.connections, s.seconds),
      () => pgbench(url, text, params, prepared, s.connections, s.seconds),
      () => wrk(ceiling, s.connections, s.seconds),
      ...(hasFloor ? [() => wrkCpu(floor, servers.baseline.pid, s.connections, s.seconds)] : []),
    ],
    ([m, db, http]) => ratio(m!.rps, combined(db!, http!)),
  )
  const [m, db, http, fl] = rounds.median as [CpuMeasure, Measure, Measure, CpuMeasure | undefined]
  const sum = (i: number) => errorsOver(rounds, i)
  const r: Result = {
    name: sc.name,
    limit: sc.limit ?? null,
    depth: sc.depth,
    rps: m.rps,
    p50_ms: m.p50_ms,
    p99_ms: m.p99_ms,
    errors: sum(0),
    cpu_ms_per_req: m.cpu_ms_per_req,
    db_ceiling: { ...plain(db), errors: sum(1) },
    http_ceiling: { ...plain(http), errors: sum(2) },
    combined_ceiling_rps: combined(db, http),
    vs_ceiling: ratio(m.rps, combined(db, http)),
    vs_ceiling_rounds: rounds.ratios,
  }
  if (fl) {
    r.floor = { ...plain(fl), errors: sum(3), cpu_ms_per_req: fl.cpu_ms_per_req }
    r.floor_vs_ceiling = ratio(fl.rps, r.combined_ceiling_rps!)
    r.floor_vs_ceiling_rounds = rounds.all.map((x) => ratio(x[3]!.rps, combined(x[1]!, x[2]!)))
    r.vs_floor = ratio(m.rps, fl.rps)
    r.vs_floor_rounds = rounds.all.map((x) => ratio(x[0]!.rps, x[3]!.rps))
  }
  if (sc.postgraphile) {
    r.postgraphile = plain(await wrkCpu(sc.postgraphile, servers.postgraphile.pid, s.connections, s.seconds))
    r.vs_postgraphile = ratio(r.rps, r.postgraphile.rps)
  }
  if (sc.offset) {
    r.offset = plain(await wrkCpu(sc.offset, servers.baseline.pid, s.connections, s.seconds))
    r.vs_offset = ratio(r.rps, r.offset.rps)
  }
  r.errors += [r.db_ceiling, r.http_ceiling, r.floor, r.postgraphile, r.offset].reduce(
    (n, x) => n + (x?.errors ?? 0),
    0,
  )
  log(
    `${r.name}: ${r.rps} req/s, p99 ${r.p99_ms} ms, ${r.cpu_ms_per_req} ms CPU/req; ÷ ceiling ${r.vs_ceiling} ` +
      `(rounds ${r.vs_ceiling_rounds!.join(', ')})` +
      (r.floor ? `; floor ÷ ceiling ${r.floor_vs_ceiling}, ours ÷ floor ${r.vs_floor}` : '') +
      (r.vs_postgraphile ? `; ÷ PostGraphile ${r.vs_postgraphile}, ÷ OFFSET ${r.vs_offset}` : ''),
  )
  return r
}

/**
 * PGlite's pages, each beside the same page of a PostgreSQL server over the main dataset, in
 * rounds: PGlite ÷ PostgreSQL is a ratio of the same minutes. Adds them to `results` by name.
 */
export async function measurePglite(s: Settings, rows: number, results: Result[], pg: { url: string; ids: BenchIds }) {
  const { url, generationS } = await preparePglite(rows)
  // PGlite is one process's database: the tokens first, then the server opens it.
  const db = await openDb(url)
  const ids = await prepareIds(db).finally(() => db.close())
  return owning(async (own) => {
    const server = own(await startOursPglite(url, s))
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
      const [m, pgm] = rounds.median as [Sample, Sample]
      r.pglite = { ...plain(m), errors: errorsOver(rounds, 0) }
      r.pglite_postgres = { ...plain(pgm), errors: errorsOver(rounds, 1) }
      r.pglite_vs_postgres = ratio(m.rps, pgm.rps)
      r.pglite_vs_postgres_rounds = rounds.ratios
      r.errors += r.pglite.errors + r.pglite_postgres.errors
      log(
        `PGlite ${sc.name}: ${m.rps} req/s, ÷ PostgreSQL ${r.pglite_vs_postgres} (rounds ${rounds.ratios.join(', ')})`,
      )
    }
    return { peakRssMb: peakRssMb(server.pid), generationS, rows: ids.rowCounts.total }
  })
}
