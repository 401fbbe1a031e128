// `npm run bench [-- --quick]`: generates the dataset, starts our service, the bench's
// ceiling/OFFSET server and PostGraphile, and measures every scenario against its ceilings and
// peers side by side in one run. Writes bench/results/latest.{json,md} and the depth plot.
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { openDb, type Db } from '../src/db/index.js'
import { datasetSize, generate, prepareIds, YEAR_END, YEAR_START, type BenchIds } from './dataset.js'
import { buildScenarios, reportSpecs, validate, type Scenario } from './scenarios.js'
import { pgbench, wrk, type Measure } from './load.js'
import { depthPlot } from './plot.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const { values: opt } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rows: { type: 'string' },
    seconds: { type: 'string' },
    connections: { type: 'string', default: '16' },
    pool: { type: 'string', default: '4' },
    workers: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false }, // keep the database for the next run
    reuse: { type: 'boolean', default: false }, // use a kept database if it has the right size
    'skip-pglite': { type: 'boolean', default: false },
    'skip-scale': { type: 'boolean', default: false }, // full runs: no 1M twin for the p99 at two sizes
    scale: { type: 'boolean', default: false }, // the 1M twin in any run (a full run has it by default)
    'cpu-prof': { type: 'boolean', default: false },
    only: { type: 'string' }, // substring of scenario names
  },
})
const QUICK = opt.quick!
const ROWS = Number(opt.rows ?? (QUICK ? 1_000_000 : 10_000_000))
const SECONDS = Number(opt.seconds ?? (QUICK ? 2 : 8))
const CONNECTIONS = Number(opt.connections)
const POOL = Number(opt.pool)
const WORKERS = Number(opt.workers)
const PGLITE_ROWS = 1_000_000
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const BENCH_DB = 'csapi_bench'
const SCALE_DB = 'csapi_bench_1m' // the 1M-row twin of a full run, for the p99 at two sizes
const SCALE_ROWS = 1_000_000
const urlOf = (name: string) => {
  const u = new URL(ADMIN_URL)
  u.pathname = `/${name}`
  return u.toString()
}
const benchUrl = urlOf(BENCH_DB)
const SECRET = 'bench-cursor-secret-0123456789abcdef0123456789'
const EXTRA_DEPTHS = [1_000, 50_000]
const PORTS = { ours: 39101, baseline: 39102, postgraphile: 39103, pglite: 39104, scale: 39105 }

const log = (s: string) => process.stderr.write(`[bench] ${s}\n`)
const children: ChildProcess[] = []

function start(name: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  child.stderr!.on('data', (d: Buffer) => process.stderr.write(`[${name}] ${d}`))
  child.on('exit', (code, signal) => {
    if (!stopping.has(child)) log(`${name} exited (${code ?? signal})`)
  })
  return child
}
const stopping = new Set<ChildProcess>()
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  stopping.add(child)
  const done = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  const t = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await done
  clearTimeout(t)
}

async function waitFor(url: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms
  for (;;) {
    try {
      const res = await fetch(url)
      await res.arrayBuffer()
      if (res.status < 500) return
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${ms / 1000} s`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** Peak resident set (VmHWM) of a process and its children (cluster workers), in MB. */
function peakRssMb(pid: number): number {
  const read = (p: number): number => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8')
      const own = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024
      const kids = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
      return own + kids.reduce((s, k) => s + read(k), 0)
    } catch {
      return 0
    }
  }
  return Math.round(read(pid))
}

/**
 * Compiles the service as it ships (tsc into a throwaway package beside the migrations), so
 * that our server runs plain JavaScript like `csapi serve`, without a TypeScript loader.
 */
let oursEntry: string | undefined
async function buildOurs(): Promise<string> {
  if (oursEntry) return oursEntry
  const pkg = join(tmpdir(), `csapi-bench-build-${process.pid}`)
  rmSync(pkg, { recursive: true, force: true })
  mkdirSync(pkg, { recursive: true })
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc')
  await new Promise<void>((resolve, reject) => {
    const c = spawn(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', join(pkg, 'dist'), '--sourceMap', 'false', '--declaration', 'false'], { stdio: 'inherit' })
    c.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`tsc failed (${code})`))))
  })
  cpSync(join(ROOT, 'migrations'), join(pkg, 'migrations'), { recursive: true })
  cpSync(join(ROOT, 'package.json'), join(pkg, 'package.json'))
  symlinkSync(join(ROOT, 'node_modules'), join(pkg, 'node_modules'))
  buildDir = pkg
  oursEntry = join(pkg, 'dist/bin.js')
  return oursEntry
}
let buildDir: string | undefined

/** CPU time (user + system, ms) used so far by a process and its children (cluster workers). */
function cpuMs(pid: number): number {
  const read = (p: number): number => {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8')
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const own = ((Number(f[11]) + Number(f[12])) * 1000) / 100 // utime, stime in clock ticks (100/s)
      const kids = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
      return own + kids.reduce((s, k) => s + read(k), 0)
    } catch {
      return 0
    }
  }
  return read(pid)
}

/** wrk against a server process, adding the server's CPU milliseconds per request. */
async function wrkCpu(target: { url: string; headers?: Record<string, string>; body?: string }, pid: number): Promise<Measure & { cpu_ms_per_req: number }> {
  const before = cpuMs(pid)
  const m = await wrk(target, CONNECTIONS, SECONDS)
  return { ...m, cpu_ms_per_req: Math.round(((cpuMs(pid) - before) / Math.max(1, m.requests)) * 1000) / 1000 }
}

function startOurs(port: number, databaseUrl: string, name: string, workers = WORKERS, env: Record<string, string> = {}): ChildProcess {
  const args: string[] = []
  if (opt['cpu-prof']) args.push('--cpu-prof', `--cpu-prof-dir=${join(tmpdir(), 'csapi-bench-prof')}`)
  args.push(oursEntry!, 'serve', '--port', String(port))
  if (workers > 1) args.push('--workers', String(workers))
  return start(name, args, {
    DATABASE_URL: databaseUrl,
    CSAPI_CURSOR_SECRETS: SECRET,
    CSAPI_DB_POOL_SIZE: String(POOL),
    LOG_LEVEL: 'warn',
    // Capacity is measured, not the per-token limits (their per-request cost is still paid),
    // nor load shedding: a closed loop of 16 connections keeps the event loop saturated by
    // design, and shedding on utilization would answer 503 to part of it.
    CSAPI_RATE_LIMIT_PER_MINUTE: '1000000',
    CSAPI_RATE_LIMIT_BURST: '1000000',
    CSAPI_MAX_EVENT_LOOP_UTILIZATION: '0',
    ...env,
  })
}

/** A few hundred requests before measuring: JIT, plan caches, pool connections, OS page cache. */
async function warm(t: { url: string; headers?: Record<string, string>; body?: string }, n = 150): Promise<void> {
  const one = async () => {
    const res = await fetch(t.url, t.body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: t.body } : { headers: t.headers })
    await res.arrayBuffer()
  }
  for (let i = 0; i < n; i += 10) await Promise.all(Array.from({ length: 10 }, one))
}

async function prepareDatabase(name = BENCH_DB, rows = ROWS): Promise<number> {
  const url = urlOf(name)
  const admin = new pg.Client(ADMIN_URL)
  await admin.connect()
  try {
    if (opt.reuse) {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name])
      if (exists.rowCount) {
        const db = await openDb(url, { poolSize: 1 })
        const [row] = await db.query<{ n: number }>(`select count(*)::int as n from report_rows`).catch(() => [{ n: -1 }])
        await db.close()
        if (Math.abs(row!.n - rows) < rows * 0.01) {
          log(`reusing ${name} (${row!.n} report rows)`)
          return 0
        }
      }
    }
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const db = await openDb(url, { poolSize: 1 })
  const t0 = Date.now()
  try {
    await generate(db, datasetSize(rows))
  } finally {
    await db.close()
  }
  return Math.round((Date.now() - t0) / 1000)
}

async function preparePglite(): Promise<{ dir: string; seconds: number }> {
  const dir = join(tmpdir(), `csapi-bench-pglite-${PGLITE_ROWS}`)
  if (existsSync(join(dir, 'bench-ready'))) {
    log(`reusing the PGlite dataset in ${dir}`)
    return { dir, seconds: 0 }
  }
  rmSync(dir, { recursive: true, force: true })
  const t0 = Date.now()
  const db = await openDb(`file:${dir}/pgdata`)
  try {
    await generate(db, datasetSize(PGLITE_ROWS))
  } finally {
    await db.close()
  }
  writeFileSync(join(dir, 'bench-ready'), new Date().toISOString())
  return { dir, seconds: Math.round((Date.now() - t0) / 1000) }
}

interface Result {
  name: string
  depth: number
  rps: number
  p50_ms: number
  p99_ms: number
  errors: number
  /** Server CPU per request (all its processes): robust to a busy machine, unlike req/s. */
  cpu_ms_per_req: number
  db_ceiling?: Measure
  http_ceiling?: Measure
  combined_ceiling_rps?: number
  reports_vs_ceiling?: number
  postgraphile?: Measure
  vs_postgraphile?: number
  offset?: Measure
  vs_offset?: number
  pglite?: Measure
}

const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100
const strip = ({ requests: _r, ...m }: Measure) => m

async function measurePostgres(ids: BenchIds, db: Db) {
  const ours = startOurs(PORTS.ours, benchUrl, 'ours')
  await waitFor(`http://127.0.0.1:${PORTS.ours}/readyz`)
  const pgServer = start('postgraphile', ['--import', 'tsx', 'bench/servers/postgraphile.ts', String(PORTS.postgraphile), benchUrl, String(POOL)])
  let scenarios: Scenario[]
  const bodiesFile = join(tmpdir(), `csapi-bench-bodies-${process.pid}.json`)
  try {
    await waitFor(`http://127.0.0.1:${PORTS.postgraphile}/graphql`)
    const bases = { ours: `http://127.0.0.1:${PORTS.ours}`, postgraphile: `http://127.0.0.1:${PORTS.postgraphile}`, baseline: `http://127.0.0.1:${PORTS.baseline}` }
    scenarios = await buildScenarios(db, ids, bases, EXTRA_DEPTHS)
    if (opt.only) scenarios = scenarios.filter((s) => s.name.includes(opt.only!))
    // The HTTP ceiling serves our own response bodies, so they are captured before it starts.
    const bodies: Record<string, string> = {}
    for (const [i, s] of scenarios.entries()) {
      const res = await fetch(s.ours.url, { headers: s.ours.headers })
      bodies[String(i)] = await res.text()
    }
    writeFileSync(bodiesFile, JSON.stringify(bodies))
    const baseline = start('baseline', ['--import', 'tsx', 'bench/servers/baseline.ts', String(PORTS.baseline), bodiesFile, benchUrl, String(POOL)])
    try {
      await waitFor(`http://127.0.0.1:${PORTS.baseline}/ceiling/0`)
      for (const [i, s] of scenarios.entries()) {
        if ((await validate(s)) !== bodies[String(i)]) throw new Error(`${s.name}: our response changed between two identical requests`)
      }

      const results: Result[] = []
      for (const [i, s] of scenarios.entries()) {
        const ceilingTarget = { url: `http://127.0.0.1:${PORTS.baseline}/ceiling/${i}` }
        await warm(s.ours)
        await warm(ceilingTarget)
        if (s.offset) await warm(s.offset, s.depth > 10_000 ? 20 : 150)
        if (s.postgraphile) await warm(s.postgraphile)
        const extra = s.name.includes('after 1000') || s.name.includes('after 50000')
        const m = await wrkCpu(s.ours, ours.pid!)
        const r: Result = { name: s.name, depth: s.depth, rps: m.rps, p50_ms: m.p50_ms, p99_ms: m.p99_ms, errors: m.errors, cpu_ms_per_req: m.cpu_ms_per_req }
        if (!extra) {
          r.db_ceiling = await pgbench(benchUrl, s.sql.text, s.sql.params, s.sql.prepared, CONNECTIONS, SECONDS)
          r.http_ceiling = await wrk(ceilingTarget, CONNECTIONS, SECONDS)
          r.combined_ceiling_rps = Math.round(1 / (1 / r.db_ceiling.rps + 1 / r.http_ceiling.rps))
          r.reports_vs_ceiling = ratio(r.rps, r.combined_ceiling_rps)
        }
        if (s.postgraphile) {
          r.postgraphile = await wrkCpu(s.postgraphile, pgServer.pid!)
          r.vs_postgraphile = ratio(r.rps, r.postgraphile.rps)
        }
        if (s.offset) {
          r.offset = await wrkCpu(s.offset, baseline.pid!)
          r.vs_offset = ratio(r.rps, r.offset.rps)
        }
        results.push(r)
        log(`${s.name}: ${r.rps} req/s p50 ${r.p50_ms} ms p99 ${r.p99_ms} ms cpu ${r.cpu_ms_per_req} ms/req` +
          (r.reports_vs_ceiling !== undefined ? `, vs ceiling ${r.reports_vs_ceiling} (db ${r.db_ceiling!.rps}, http ${r.http_ceiling!.rps})` : '') +
          (r.vs_postgraphile !== undefined ? `, vs PostGraphile ${r.vs_postgraphile}` : '') +
          (r.vs_offset !== undefined ? `, vs OFFSET ${r.vs_offset}` : '') +
          (r.postgraphile ? ` (PostGraphile cpu ${(r.postgraphile as { cpu_ms_per_req?: number }).cpu_ms_per_req} ms/req)` : ''))
      }
      return { results, peakRssMb: peakRssMb(ours.pid!), scenarios }
    } finally {
      await stop(baseline)
    }
  } finally {
    rmSync(bodiesFile, { force: true })
    await stop(pgServer)
    await stop(ours)
  }
}

async function measurePglite(results: Result[]): Promise<{ peakRssMb: number; generationS: number; rows: number }> {
  const { dir, seconds } = await preparePglite()
  const url = `file:${dir}/pgdata`
  const db = await openDb(url)
  let ids: BenchIds
  // PGlite is one process's database: issue the tokens first, close, then let the server open it.
  try {
    ids = await prepareIds(db)
  } finally {
    await db.close()
  }
  // a PGlite database belongs to one process: no workers
  // PGlite runs each query on the event loop, so 16 concurrent requests delay it by design:
  // load shedding on event-loop delay is off for this run (it answered 503 otherwise).
  const server = startOurs(PORTS.pglite, url, 'ours-pglite', 1, { CSAPI_MAX_EVENT_LOOP_DELAY_MS: '0' })
  try {
    await waitFor(`http://127.0.0.1:${PORTS.pglite}/readyz`, 120_000)
    const scenarios = await buildScenariosApi(ids, `http://127.0.0.1:${PORTS.pglite}`)
    for (const s of scenarios) {
      await warm(s.ours, 50)
      const m = await wrk(s.ours, CONNECTIONS, SECONDS)
      const r = results.find((x) => x.name === s.name)
      if (r) r.pglite = m
      log(`PGlite ${s.name}: ${m.rps} req/s p50 ${m.p50_ms} ms p99 ${m.p99_ms} ms errors ${m.errors}`)
    }
    return { peakRssMb: peakRssMb(server.pid!), generationS: seconds, rows: ids.rowCounts.total }
  } finally {
    await stop(server)
  }
}

/** Our requests only (PGlite, the 1M twin): cursors are walked through the API, no SQL. */
async function buildScenariosApi(ids: BenchIds, base: string): Promise<Scenario[]> {
  const auth = (t: string) => ({ authorization: `Bearer ${t}` })
  const out: Scenario[] = [
    { name: 'brands page (limit 100)', group: 'brands', depth: 0, limit: 100, ours: { url: `${base}/api/creator/v1/brands?limit=100`, headers: auth(ids.tokens.typical) }, sql: { text: '', params: [], prepared: false }, expectRows: 0 },
    { name: 'products page (limit 100)', group: 'products', depth: 0, limit: 100, ours: { url: `${base}/api/seller/v1/products?brand_id=${ids.sellerBrand}&limit=100`, headers: auth(ids.tokens.seller) }, sql: { text: '', params: [], prepared: false }, expectRows: 0 },
  ]
  for (const spec of reportSpecs()) {
    const headers = auth(spec.creator === 'big' ? ids.tokens.big : ids.tokens.typical)
    const query = new URLSearchParams({ start: YEAR_START, end: YEAR_END, ...(spec.filter ? { [spec.filter]: ids.filters[spec.filter] } : {}) })
    let cursor: string | null = null
    for (let seen = 0; seen < (spec.depth ?? 0); seen += 500) {
      const page = new URLSearchParams(query)
      page.set('limit', '500')
      if (cursor) page.set('cursor', cursor)
      const res = await fetch(`${base}/api/creator/v1/reports?${page}`, { headers })
      cursor = ((await res.json()) as { next_cursor: string | null }).next_cursor
    }
    query.set('limit', String(spec.limit))
    if (cursor) query.set('cursor', cursor)
    out.push({ name: spec.name, group: 'reports', depth: spec.depth ?? 0, limit: spec.limit, ours: { url: `${base}/api/creator/v1/reports?${query}`, headers }, sql: { text: '', params: [], prepared: false }, expectRows: 0 })
  }
  return opt.only ? out.filter((s) => s.name.includes(opt.only!)) : out
}

interface ScaleResult {
  name: string
  rows_small: number
  rows_full: number
  p99_ms_small: number
  p99_ms_full: number
  /** p99 at the full size ÷ p99 at 1M: the target is within 20% (0.8–1.2). */
  p99_full_vs_small: number
  rps_small: number
  rps_full: number
  errors: number
}

/**
 * The p99 of every reports page at 1M rows and at the full size, in the same run: a 1M twin
 * of the dataset (same generator) and a second server on it, each scenario measured on the
 * two servers back to back so that both see the same machine.
 */
async function measureScale(fullIds: BenchIds): Promise<{ results: ScaleResult[]; generationS: number }> {
  const generationS = await prepareDatabase(SCALE_DB, SCALE_ROWS)
  const db = await openDb(urlOf(SCALE_DB), { poolSize: 2 })
  let smallIds: BenchIds
  try {
    smallIds = await prepareIds(db)
  } finally {
    await db.close()
  }
  const full = startOurs(PORTS.ours, benchUrl, 'ours')
  const small = startOurs(PORTS.scale, urlOf(SCALE_DB), 'ours-1m')
  try {
    await waitFor(`http://127.0.0.1:${PORTS.ours}/readyz`)
    await waitFor(`http://127.0.0.1:${PORTS.scale}/readyz`)
    const reports = (list: Scenario[]) => list.filter((s) => s.group === 'reports')
    const fullScenarios = reports(await buildScenariosApi(fullIds, `http://127.0.0.1:${PORTS.ours}`))
    const smallScenarios = reports(await buildScenariosApi(smallIds, `http://127.0.0.1:${PORTS.scale}`))
    const results: ScaleResult[] = []
    for (const [i, f] of fullScenarios.entries()) {
      const sm = smallScenarios.find((x) => x.name === f.name)!
      await warm(f.ours)
      await warm(sm.ours)
      // the order alternates: the second of two back-to-back measurements tends to be slower
      let mf: Measure, ms: Measure
      if (i % 2 === 0) {
        mf = await wrk(f.ours, CONNECTIONS, SECONDS)
        ms = await wrk(sm.ours, CONNECTIONS, SECONDS)
      } else {
        ms = await wrk(sm.ours, CONNECTIONS, SECONDS)
        mf = await wrk(f.ours, CONNECTIONS, SECONDS)
      }
      const r: ScaleResult = {
        name: f.name,
        rows_small: smallIds.rowCounts.total,
        rows_full: fullIds.rowCounts.total,
        p99_ms_small: ms.p99_ms,
        p99_ms_full: mf.p99_ms,
        p99_full_vs_small: ratio(mf.p99_ms, ms.p99_ms),
        rps_small: ms.rps,
        rps_full: mf.rps,
        errors: mf.errors + ms.errors,
      }
      results.push(r)
      log(`scale ${f.name}: p99 ${r.p99_ms_full} ms at ${(r.rows_full / 1e6).toFixed(0)}M vs ${r.p99_ms_small} ms at 1M = ${r.p99_full_vs_small} (req/s ${r.rps_full} vs ${r.rps_small})`)
    }
    return { results, generationS }
  } finally {
    await stop(small)
    await stop(full)
  }
}

function fmt(m: Measure | undefined): string {
  return m ? `${m.rps} (${m.p99_ms})` : ''
}

function table(results: Result[]): string {
  const head = ['scenario', 'ours req/s', 'p50 ms', 'p99 ms', 'errors', 'cpu ms/req', 'db ceiling req/s', 'http ceiling req/s', 'vs ceiling', 'PostGraphile req/s (p99)', 'vs PG', 'OFFSET req/s (p99)', 'vs OFFSET', 'PGlite 1M req/s (p99)']
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`]
  for (const r of results) {
    lines.push(`| ${[r.name, r.rps, r.p50_ms, r.p99_ms, r.errors + (r.pglite?.errors ?? 0) + (r.postgraphile?.errors ?? 0) + (r.offset?.errors ?? 0), r.cpu_ms_per_req,
      r.db_ceiling?.rps ?? '', r.http_ceiling?.rps ?? '', r.reports_vs_ceiling ?? '', fmt(r.postgraphile), r.vs_postgraphile ?? '', fmt(r.offset), r.vs_offset ?? '', fmt(r.pglite)].join(' | ')} |`)
  }
  return lines.join('\n')
}

async function main() {
  const t0 = Date.now()
  log(`dataset: ${ROWS.toLocaleString('en-US')} report rows in ${BENCH_DB}; ${CONNECTIONS} connections, ${SECONDS} s per measurement, pool ${POOL}, workers ${WORKERS}`)
  await buildOurs()
  const generationS = await prepareDatabase()
  const db = await openDb(benchUrl, { poolSize: 2 })
  let ids: BenchIds
  let pgRun: Awaited<ReturnType<typeof measurePostgres>>
  try {
    ids = await prepareIds(db)
    log(`largest creator ${ids.bigCreator}: ${ids.rowCounts.big} rows; typical ${ids.typicalCreator}: ${ids.rowCounts.typical} rows; total ${ids.rowCounts.total}`)
    pgRun = await measurePostgres(ids, db)
  } finally {
    await db.close()
  }
  // reported beside, like PGlite: its failure is logged, not fatal to the rest
  const scale = (ROWS >= 10_000_000 || opt.scale) && !opt['skip-scale'] && !opt.only
    ? await measureScale(ids).catch((err: Error) => {
        log(`1M twin run failed: ${err.stack ?? err}`)
        return null
      })
    : null
  const results = pgRun.results
  // The embedded run is reported beside; its failure is reported, not fatal to the rest.
  const pglite = opt['skip-pglite']
    ? null
    : await measurePglite(results).catch((err: Error) => {
        log(`PGlite run failed: ${err.stack ?? err}`)
        return null
      })

  const find = (n: string) => results.find((r) => r.name === n)
  const first = find('reports largest limit 100')
  const deep = find('reports largest after 100k')
  const summary = {
    depth_p99_ratio: first && deep ? ratio(deep.p99_ms, first.p99_ms) : null,
    vs_offset_at_depth: deep?.vs_offset ?? null,
    vs_offset_at_10k: find('reports largest after 10k')?.vs_offset ?? null,
    min_reports_vs_ceiling_limit_100: Math.min(...results.filter((r) => r.name.startsWith('reports') && r.reports_vs_ceiling !== undefined && !r.name.includes('limit 500')).map((r) => r.reports_vs_ceiling!)),
    min_reports_vs_ceiling_limit_500: Math.min(...results.filter((r) => r.name.includes('limit 500')).map((r) => r.reports_vs_ceiling!)),
    min_vs_postgraphile: Math.min(...results.filter((r) => r.vs_postgraphile !== undefined).map((r) => r.vs_postgraphile!)),
    p99_full_vs_1m: scale ? Object.fromEntries(scale.results.map((r) => [r.name, r.p99_full_vs_small])) : null,
    max_p99_full_vs_1m: scale ? Math.max(...scale.results.map((r) => r.p99_full_vs_small)) : null,
    peak_rss_mb: pgRun.peakRssMb,
    pglite_peak_rss_mb: pglite?.peakRssMb ?? null,
    errors_total: results.reduce((s, r) => s + r.errors + (r.postgraphile?.errors ?? 0) + (r.offset?.errors ?? 0) + (r.pglite?.errors ?? 0) + (r.db_ceiling?.errors ?? 0) + (r.http_ceiling?.errors ?? 0), 0) + (scale?.results.reduce((n, r) => n + r.errors, 0) ?? 0),
  }
  const out = {
    generated_at: new Date().toISOString(),
    quick: QUICK,
    settings: { connections: CONNECTIONS, seconds: SECONDS, pool: POOL, workers: WORKERS, node: process.version },
    dataset: { report_rows: ids.rowCounts.total, largest_creator_rows: ids.rowCounts.big, typical_creator_rows: ids.rowCounts.typical, generation_s: generationS, scale_generation_s: scale?.generationS ?? null, pglite_rows: pglite?.rows ?? null, pglite_generation_s: pglite?.generationS ?? null },
    summary,
    scale: scale?.results ?? null,
    scenarios: results.map((r) => ({ ...r, db_ceiling: r.db_ceiling && strip(r.db_ceiling), http_ceiling: r.http_ceiling && strip(r.http_ceiling), postgraphile: r.postgraphile && strip(r.postgraphile), offset: r.offset && strip(r.offset), pglite: r.pglite && strip(r.pglite) })),
    total_s: Math.round((Date.now() - t0) / 1000),
  }
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true })
  writeFileSync(join(ROOT, 'bench/results/latest.json'), JSON.stringify(out, null, 2) + '\n')
  // kept per size too, so that a quick run does not hide the last full one (not for --only)
  if (!opt.only) writeFileSync(join(ROOT, `bench/results/${ROWS >= 10_000_000 ? 'full' : 'quick'}.json`), JSON.stringify(out, null, 2) + '\n')
  const scaleTable = scale
    ? `\n\nThe same reports pages at 1M rows, measured back to back with the full size:\n\n| scenario | p99 ms full | p99 ms 1M | full ÷ 1M | req/s full | req/s 1M |\n|---|---|---|---|---|---|\n` +
      scale.results.map((r) => `| ${r.name} | ${r.p99_ms_full} | ${r.p99_ms_small} | ${r.p99_full_vs_small} | ${r.rps_full} | ${r.rps_small} |`).join('\n')
    : ''
  const md = `${table(results)}${scaleTable}\n\n${Object.entries(summary).map(([k, v]) => `- ${k}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : v}`).join('\n')}\n`
  writeFileSync(join(ROOT, 'bench/results/latest.md'), md)
  const depthOf = (r: Result) => r.depth
  const reportsAtDepth = results.filter((r) => r.name.startsWith('reports largest') && (r.name.includes('after') || r.name === 'reports largest limit 100'))
  const series = [
    { label: 'csapi (keyset)', color: '#1f77b4', points: reportsAtDepth.map((r) => ({ depth: depthOf(r), p50_ms: r.p50_ms, p99_ms: r.p99_ms })) },
    { label: 'PostGraphile 4', color: '#2ca02c', points: reportsAtDepth.filter((r) => r.postgraphile).map((r) => ({ depth: depthOf(r), ...r.postgraphile! })) },
    { label: 'LIMIT/OFFSET', color: '#d62728', points: reportsAtDepth.filter((r) => r.offset).map((r) => ({ depth: depthOf(r), ...r.offset! })) },
  ]
  const title = `Reports page latency vs depth (${(ids.rowCounts.total / 1e6).toFixed(1)}M rows, ${CONNECTIONS} connections)`
  if (!opt.only) writeFileSync(join(ROOT, 'docs/bench-latency-vs-depth.svg'), depthPlot(title, series))
  process.stdout.write(md)
  log(`done in ${out.total_s} s; results in bench/results/latest.json and latest.md, plot in docs/bench-latency-vs-depth.svg`)
  if (buildDir) rmSync(buildDir, { recursive: true, force: true })
  if (summary.errors_total > 0) {
    log(`FAILED: ${summary.errors_total} errors (zero are required); see the errors column`)
    process.exitCode = 1
  }
  if (!opt.keep) {
    const admin = new pg.Client(ADMIN_URL)
    await admin.connect()
    await admin.query(`drop database if exists ${BENCH_DB} with (force)`)
    await admin.query(`drop database if exists ${SCALE_DB} with (force)`)
    await admin.end()
  }
}

main().catch(async (err) => {
  process.stderr.write(`bench failed: ${(err as Error).stack ?? err}\n`)
  for (const c of children) await stop(c).catch(() => {})
  if (buildDir) rmSync(buildDir, { recursive: true, force: true })
  process.exit(1)
})
