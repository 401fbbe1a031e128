// The main run on PostgreSQL: our service, its ceilings and its peers, each scenario measured
// side by side within a few seconds.
import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Db } from '../../src/db/index.js'
import type { BenchIds } from '../dataset.js'
import { pgbench, wrk, type HttpTarget, type Measure } from '../load.js'
import { log } from '../log.js'
import { freePort, type Server } from '../process.js'
import { ratio, type Result } from '../result.js'
import { errorsOver, inRounds } from '../rounds.js'
import { peakRssMb, warm, warmUnderLoad, wrkCpu, type CpuMeasure } from '../sample.js'
import { buildScenarios, validate, type Scenario } from '../scenarios/index.js'
import { startOurs } from '../servers/ours.js'
import { startBaseline, startPostgraphile, type Floor } from '../servers/peers.js'
import type { RunSettings } from './settings.js'

/** Depths measured for the plot only. */
const EXTRA_DEPTHS = [1_000, 50_000]

interface Servers {
  ours: Server
  postgraphile: Server
  baseline: Server
}

export async function measurePostgres(s: RunSettings, databaseUrl: string, ids: BenchIds, db: Db) {
  const ours = await startOurs('ours', databaseUrl, s.ours)
  try {
    const postgraphile = await startPostgraphile(databaseUrl, s.pool)
    try {
      const skipped: { name: string; reason: string }[] = []
      const results = await withBaseline(s, databaseUrl, ids, db, ours, postgraphile, skipped)
      return { results, skipped, peakRssMb: peakRssMb(ours.pid) }
    } finally {
      await postgraphile.stop()
    }
  } finally {
    await ours.stop()
  }
}

/** The HTTP ceiling serves our own response bodies, so they are captured before it starts. */
async function withBaseline(
  s: RunSettings,
  databaseUrl: string,
  ids: BenchIds,
  db: Db,
  ours: Server,
  postgraphile: Server,
  skipped: { name: string; reason: string }[],
): Promise<Result[]> {
  const port = await freePort()
  const bases = { ours: ours.base, postgraphile: postgraphile.base, baseline: `http://127.0.0.1:${port}` }
  const scenarios = await buildScenarios({ ids, bases, db, extraDepths: EXTRA_DEPTHS, skipped }, s.only)
  const bodies: Record<string, string> = {}
  for (const [i, sc] of scenarios.entries()) {
    const res = await fetch(sc.ours.url, { headers: sc.ours.headers ?? {} })
    bodies[String(i)] = await res.text()
  }
  // The floor: the same statement through a bare Fastify + pg route (servers/baseline.ts), for
  // every scenario with ceilings whose statement writes a page (`rows`, src/http/json-sql.ts).
  const floors: Record<string, Floor> = {}
  for (const [i, sc] of scenarios.entries()) {
    if (!sc.ceilings) continue
    const [row] = await db.query<{ rows?: unknown }>(sc.sql.text, sc.sql.params)
    if (typeof row?.rows === 'string') floors[String(i)] = { ...sc.sql, items: sc.list }
  }
  const bodiesFile = join(tmpdir(), `csapi-bench-bodies-${process.pid}.json`)
  writeFileSync(bodiesFile, JSON.stringify({ bodies, floors }))
  try {
    const baseline = await startBaseline(port, bodiesFile, databaseUrl, s.pool)
    try {
      for (const [i, sc] of scenarios.entries()) {
        if ((await validate(sc)) !== bodies[String(i)]) {
          throw new Error(`${sc.name}: our response changed between two identical requests`)
        }
      }
      await warmAll(s, scenarios, baseline)
      const results: Result[] = []
      for (const [i, sc] of scenarios.entries()) {
        const floor = String(i) in floors ? { url: `${baseline.base}/floor/${i}` } : null
        results.push(await measureScenario(s, databaseUrl, sc, i, floor, { ours, postgraphile, baseline }))
      }
      return results
    } finally {
      await baseline.stop()
    }
  } finally {
    rmSync(bodiesFile, { force: true })
  }
}

/** Every target of every scenario under load before the first measurement (warmUnderLoad). */
async function warmAll(s: RunSettings, scenarios: Scenario[], baseline: Server): Promise<void> {
  const targets = scenarios.flatMap((sc, i) => [
    sc.ours,
    { url: `${baseline.base}/ceiling/${i}` },
    sc.offset,
    sc.postgraphile,
  ])
  await warmUnderLoad(
    targets.filter((t) => t !== undefined),
    s.connections,
  )
}

async function measureScenario(
  s: RunSettings,
  databaseUrl: string,
  sc: Scenario,
  key: number,
  floor: HttpTarget | null,
  servers: Servers,
): Promise<Result> {
  const ceilingTarget = { url: `${servers.baseline.base}/ceiling/${key}` }
  await warm(sc.ours)
  await warm(ceilingTarget)
  if (floor) await warm(floor)
  if (sc.offset) await warm(sc.offset, sc.depth > 10_000 ? 20 : 150)
  if (sc.postgraphile) await warm(sc.postgraphile)
  const ours = () => wrkCpu(sc.ours, servers.ours.pid, s.connections, s.seconds)
  if (!sc.ceilings) return finish(s, sc, servers, await ours())
  // ours, the database's ceiling, the HTTP ceiling and the floor in rounds (bench/rounds.ts)
  const sides: (() => Promise<Measure>)[] = [
    ours,
    () => pgbench(databaseUrl, sc.sql.text, sc.sql.params, sc.sql.prepared, s.connections, s.seconds),
    () => wrk(ceilingTarget, s.connections, s.seconds),
    ...(floor ? [() => wrkCpu(floor, servers.baseline.pid, s.connections, s.seconds)] : []),
  ]
  const combined = (db: Measure, http: Measure) => Math.round(1 / (1 / db.rps + 1 / http.rps))
  const rounds = await inRounds(s.rounds, sides, ([m, db, http]) => ratio(m!.rps, combined(db!, http!)))
  const [m, db, http, fl] = rounds.median as [CpuMeasure, Measure, Measure, CpuMeasure | undefined]
  const roundErrors = (i: number) => errorsOver(rounds, i)
  return finish(s, sc, servers, { ...m, errors: roundErrors(0) }, (r) => {
    r.db_ceiling = { ...db, errors: roundErrors(1) }
    r.http_ceiling = { ...http, errors: roundErrors(2) }
    r.combined_ceiling_rps = combined(db, http)
    r.reports_vs_ceiling = ratio(m.rps, r.combined_ceiling_rps)
    r.vs_ceiling_rounds = rounds.ratios
    if (fl) {
      r.floor = { ...fl, errors: roundErrors(3) }
      r.floor_vs_ceiling = ratio(fl.rps, r.combined_ceiling_rps)
      r.floor_vs_ceiling_rounds = rounds.all.map((round) => ratio(round[3]!.rps, combined(round[1]!, round[2]!)))
      r.vs_floor = ratio(m.rps, fl.rps)
      r.vs_floor_rounds = rounds.all.map((round) => ratio(round[0]!.rps, round[3]!.rps))
    }
  })
}

/** The scenario's result from our measure (and its ceilings), then its peers, measured once. */
async function finish(
  s: RunSettings,
  sc: Scenario,
  servers: Servers,
  m: CpuMeasure,
  ceilings?: (r: Result) => void,
): Promise<Result> {
  const r: Result = {
    name: sc.name,
    depth: sc.depth,
    rps: m.rps,
    p50_ms: m.p50_ms,
    p99_ms: m.p99_ms,
    errors: m.errors,
    cpu_ms_per_req: m.cpu_ms_per_req,
  }
  ceilings?.(r)
  if (sc.postgraphile) {
    r.postgraphile = await wrkCpu(sc.postgraphile, servers.postgraphile.pid, s.connections, s.seconds)
    r.vs_postgraphile = ratio(r.rps, r.postgraphile.rps)
  }
  if (sc.offset) {
    r.offset = await wrkCpu(sc.offset, servers.baseline.pid, s.connections, s.seconds)
    r.vs_offset = ratio(r.rps, r.offset.rps)
  }
  log(describe(r))
  return r
}

function describe(r: Result): string {
  let line = `${r.name}: ${r.rps} req/s p50 ${r.p50_ms} ms p99 ${r.p99_ms} ms cpu ${r.cpu_ms_per_req} ms/req`
  if (r.reports_vs_ceiling !== undefined) {
    line += `, vs ceiling ${r.reports_vs_ceiling} (db ${r.db_ceiling!.rps}, http ${r.http_ceiling!.rps}`
    line += `; rounds ${r.vs_ceiling_rounds!.join(', ')})`
  }
  if (r.floor) {
    line += `, floor ${r.floor.rps} req/s (${r.floor_vs_ceiling} of the ceiling;`
    line += ` rounds ${r.floor_vs_ceiling_rounds!.join(', ')})`
    line += `, ours ÷ floor ${r.vs_floor}`
    line += ` (rounds ${r.vs_floor_rounds!.join(', ')})`
  }
  if (r.vs_postgraphile !== undefined) line += `, vs PostGraphile ${r.vs_postgraphile}`
  if (r.vs_offset !== undefined) line += `, vs OFFSET ${r.vs_offset}`
  if (r.postgraphile) {
    line += ` (PostGraphile cpu ${(r.postgraphile as { cpu_ms_per_req?: number }).cpu_ms_per_req} ms/req)`
  }
  return line
}
