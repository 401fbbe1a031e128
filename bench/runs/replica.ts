// The reports pages served from a streaming replica, beside the same pages from the primary, in
// one run (issue 12). The replica is made here with the repository's scripts/pg-replica.sh
// (pg_basebackup -R of the whole cluster the bench database lives in, on a free port, in a temp
// dir of its own; it handles a Debian-style primary whose configuration lives outside the data
// directory), and removed here, in a finally. test/support/pg-cluster.ts cannot serve: it replicates
// only primaries it made itself (it writes its settings into the primary's copied
// postgresql.conf, which a Debian cluster keeps in /etc). A run killed before its finally leaves
// the dir, with its owner's pid: the next run stops and deletes it (sweepStale).
//
// Two servers run side by side: one over the primary alone, one with DATABASE_REPLICA_URLS set
// to the replica (list pages and token lookups go to it); each page is measured on both back to
// back, alternating which goes first, and the replica server's own metrics show that its reads
// were answered by the replica. Both databases are on this machine, sharing its 2 cores and its
// page cache: the ratio is what serving from a hot standby costs a page, not read scale-out.
import { execFile } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { databaseUrl } from '../databases.js'
import type { BenchIds } from '../dataset.js'
import type { Measure } from '../load.js'
import { log } from '../log.js'
import { freePort, ROOT, type Server } from '../process.js'
import { ratio } from '../result.js'
import { pairsSideBySide } from '../sample.js'
import { buildScenarios, type Scenario } from '../scenarios/index.js'
import { startOurs } from '../servers/ours.js'
import type { RunSettings } from './settings.js'

const run = promisify(execFile)
const SCRIPT = join(ROOT, 'scripts/pg-replica.sh')
const PREFIX = 'csapi-bench-replica-'

/** Settings that shape a read's cost; a difference between the two is recorded and logged. */
const READ_SETTINGS = [
  'shared_buffers',
  'work_mem',
  'effective_cache_size',
  'random_page_cost',
  'jit',
  'max_parallel_workers_per_gather',
  'effective_io_concurrency',
]

export interface ReplicaScenario {
  name: string
  primary: Measure
  replica: Measure
  /** req/s from the replica ÷ req/s from the primary. */
  rps_replica_vs_primary: number
  /** p99 from the replica ÷ p99 from the primary. */
  p99_replica_vs_primary: number
}

export interface ReplicaRun {
  /** Bytes of every database in the cluster, which pg_basebackup copies (the bench's and others'). */
  cluster_bytes: number
  basebackup_s: number
  /** Read settings that differ between the primary and the replica ({} when none). */
  settings_differ: Record<string, { primary: string; replica: string }>
  /** Reads the replica server's databases answered during the measurements (csapi_db_reads_total). */
  reads: Record<string, number>
  results: ReplicaScenario[]
}

const strip = (m: Measure): Measure => {
  const { requests: _r, ...rest } = m
  return rest as Measure
}

async function adminQuery<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(sql)).rows as T[]
  } finally {
    await client.end()
  }
}

async function script(args: string[]): Promise<string> {
  try {
    const { stdout } = await run(SCRIPT, args, { timeout: 3_600_000, maxBuffer: 1 << 24 })
    return stdout
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string }
    throw new Error(`scripts/pg-replica.sh ${args[0]} failed: ${(e.stderr || e.stdout || e.message).trim()}`, {
      cause: err,
    })
  }
}

/**
 * Why the primary cannot be copied into a replica, or null: asked before the run starts, so that
 * a full run does not fail after half an hour. A primary refusing replication connections needs
 * a line in its pg_hba.conf, which --allow-replication has pg-replica.sh add.
 */
export async function replicaProblem(adminUrl: string, allowReplication: boolean): Promise<string | null> {
  const u = new URL(adminUrl)
  u.searchParams.set('replication', 'true')
  try {
    await run('psql', [u.toString(), '-XAtqc', 'IDENTIFY_SYSTEM'], { timeout: 10_000 })
    return null
  } catch (err) {
    const text = ((err as { stderr?: string }).stderr ?? (err as Error).message).trim()
    if (allowReplication && /no pg_hba.conf entry for replication/.test(text)) return null
    return (
      `the replica run (--replica; on by default in a full run) needs the primary to accept replication ` +
      `connections, and it refused: ${text.split('\n')[0]}\n` +
      `Add "host replication all 127.0.0.1/32 trust" to its pg_hba.conf and reload it, or give ` +
      `--allow-replication to have scripts/pg-replica.sh add that line and reload (a primary on this machine ` +
      `only), or --skip-replica.`
    )
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Replicas left by a bench run that died before its finally: stopped and deleted. */
async function sweepStale(): Promise<void> {
  for (const entry of readdirSync(tmpdir())) {
    if (!entry.startsWith(PREFIX)) continue
    const parent = join(tmpdir(), entry)
    const owner = Number(existsSync(join(parent, 'owner.pid')) ? readFileSync(join(parent, 'owner.pid'), 'utf8') : 0)
    if (!owner || alive(owner)) continue
    log(`removing the replica a dead bench run (pid ${owner}) left in ${parent}`)
    const data = join(parent, 'data')
    if (existsSync(join(data, 'csapi-replica.conf'))) await script(['remove', '--dir', data]).catch(() => {})
    rmSync(parent, { recursive: true, force: true })
  }
}

/** Waits until the server's /readyz says its replica serves reads. */
async function replicaServing(server: Server, ms = 60_000): Promise<void> {
  const until = Date.now() + ms
  let last = ''
  while (Date.now() < until) {
    const res = await fetch(`${server.base}/readyz`)
    last = await res.text()
    const body = JSON.parse(last) as { databases?: { role: string; serving?: boolean }[] }
    if (body.databases?.some((d) => d.role === 'replica' && d.serving)) return
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`the replica never served reads for ${server.name}: /readyz ${last}`)
}

/** csapi_db_reads_total by database, from the metrics listener. */
async function readsByDatabase(metricsPort: number): Promise<Record<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
  const out: Record<string, number> = {}
  for (const m of text.matchAll(/^csapi_db_reads_total\{[^}]*database="([^"]+)"[^}]*\} (\d+(?:\.\d+)?)/gm)) {
    out[m[1]!] = Number(m[2])
  }
  return out
}

async function settingsDiffer(primaryUrl: string, replicaUrl: string) {
  const sql = `select name, setting from pg_settings where name in (${READ_SETTINGS.map((n) => `'${n}'`).join(', ')})`
  const read = async (url: string) =>
    Object.fromEntries((await adminQuery<{ name: string; setting: string }>(url, sql)).map((r) => [r.name, r.setting]))
  const [p, r] = [await read(primaryUrl), await read(replicaUrl)]
  const out: ReplicaRun['settings_differ'] = {}
  for (const name of READ_SETTINGS) if (p[name] !== r[name]) out[name] = { primary: p[name]!, replica: r[name]! }
  return out
}

/**
 * Makes the replica of the cluster behind `adminUrl`, measures the reports pages of the dataset
 * `database` from it and from the primary, and removes it.
 */
export async function measureReplica(
  s: RunSettings,
  adminUrl: string,
  database: string,
  ids: BenchIds,
  allowReplication: boolean,
): Promise<ReplicaRun> {
  await sweepStale()
  const [size] = await adminQuery<{ bytes: string }>(
    adminUrl,
    'select sum(pg_database_size(datname))::text as bytes from pg_database',
  )
  const bytes = Number(size!.bytes)
  const parent = mkdtempSync(join(tmpdir(), PREFIX))
  writeFileSync(join(parent, 'owner.pid'), `${process.pid}\n`)
  chmodSync(parent, 0o755) // the postgres user must reach the data directory inside
  const data = join(parent, 'data')
  try {
    const port = await freePort()
    const gb = (bytes / 1e9).toFixed(2)
    log(`replica: pg_basebackup of the whole cluster (${gb} GB) into ${data}, port ${port}`)
    const t0 = Date.now()
    const args = ['create', '--primary', adminUrl, '--port', String(port), '--dir', data]
    if (allowReplication) args.push('--allow-replication')
    const out = await script(args)
    const basebackupS = Math.round((Date.now() - t0) / 100) / 10
    for (const line of out.trim().split('\n')) log(`replica: ${line}`)
    log(`replica: made and started in ${basebackupS} s`)
    const replicaUrl = databaseUrl(`postgres://postgres@127.0.0.1:${port}/postgres`, database)
    const primaryUrl = databaseUrl(adminUrl, database)
    const differ = await settingsDiffer(primaryUrl, replicaUrl)
    if (Object.keys(differ).length) log(`replica: read settings differ from the primary's: ${JSON.stringify(differ)}`)
    const { results, reads } = await measurePages(s, primaryUrl, replicaUrl, ids)
    return { cluster_bytes: bytes, basebackup_s: basebackupS, settings_differ: differ, reads, results }
  } finally {
    if (existsSync(join(data, 'csapi-replica.conf'))) await script(['remove', '--dir', data])
    rmSync(parent, { recursive: true, force: true })
  }
}

async function measurePages(s: RunSettings, primaryUrl: string, replicaUrl: string, ids: BenchIds) {
  const primary = await startOurs('ours-primary', primaryUrl, s.ours)
  try {
    const metricsPort = await freePort()
    const env = { DATABASE_REPLICA_URLS: replicaUrl, CSAPI_METRICS_PORT: String(metricsPort) }
    const replica = await startOurs('ours-replica', primaryUrl, s.ours, env)
    try {
      await replicaServing(replica)
      const scenarios = async (server: Server): Promise<Scenario[]> =>
        buildScenarios({ ids, bases: { ours: server.base }, db: null, extraDepths: [] }, s.only, ['reports'])
      const fromPrimary = await scenarios(primary)
      const fromReplica = await scenarios(replica)
      const before = await readsByDatabase(metricsPort)
      const results: ReplicaScenario[] = []
      for (const { name, a: mp, b: mr } of await pairsSideBySide(fromPrimary, fromReplica, s.connections, s.seconds)) {
        const res: ReplicaScenario = {
          name,
          primary: strip(mp),
          replica: strip(mr),
          rps_replica_vs_primary: ratio(mr.rps, mp.rps),
          p99_replica_vs_primary: ratio(mr.p99_ms, mp.p99_ms),
        }
        results.push(res)
        log(
          `replica ${name}: ${mr.rps} req/s p99 ${mr.p99_ms} ms from the replica, ` +
            `${mp.rps} req/s p99 ${mp.p99_ms} ms from the primary: ` +
            `req/s ${res.rps_replica_vs_primary}, p99 ${res.p99_replica_vs_primary}`,
        )
      }
      const after = await readsByDatabase(metricsPort)
      const reads = Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)]))
      log(
        `replica: reads the replica server's databases answered while warmed up and measured: ${JSON.stringify(reads)}`,
      )
      if (results.length > 0 && !((reads['replica 1'] ?? 0) > (reads.primary ?? 0))) {
        throw new Error(`the replica server read mostly from the primary: ${JSON.stringify(reads)}`)
      }
      return { results, reads }
    } finally {
      await replica.stop()
    }
  } finally {
    await primary.stop()
  }
}
