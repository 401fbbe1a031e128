// `npm run bench [-- --quick]`: generates the dataset, starts our service, the bench's
// ceiling/OFFSET server and PostGraphile, and measures every scenario against its ceilings and
// peers side by side in one run. Writes bench/results/latest.{json,md} and the depth plot.
// Every process and database is owned by the function that started it and stopped there.
import { pathToFileURL } from 'node:url'
import { openDb } from '../src/db/index.js'
import { autogroupOff, autogroupState } from './autogroup.js'
import { checkPrerequisites, describeProblems } from './check.js'
import { DEFAULT_ADMIN_URL, prepareDatabase, type Database } from './databases.js'
import { prepareIds, type BenchIds } from './dataset.js'
import { log } from './log.js'
import { parseOptions, USAGE, UsageError, type Options } from './options.js'
import { setServerSessions } from './process.js'
import { writeReports } from './report/write.js'
import { readIngestFlatness, type RunFacts } from './report/document.js'
import { measurePglite } from './runs/pglite.js'
import { measurePostgres } from './runs/postgres.js'
import { measureReplica, replicaProblem } from './runs/replica.js'
import { measureScale } from './runs/scale.js'
import { runSettings, type RunSettings } from './runs/settings.js'
import { buildOurs } from './servers/ours.js'

const SCALE_ROWS = 1_000_000 // the twin of a full run, for the p99 at two sizes

/** The 1M twin, prepared, measured and dropped here; a failure is logged, not fatal to the rest. */
async function scaleRun(opts: Options, s: RunSettings, adminUrl: string, full: Database, fullIds: BenchIds) {
  try {
    const twin = await prepareDatabase(adminUrl, `${opts.database}_1m`, SCALE_ROWS, opts.reuse)
    try {
      return { results: await measureScale(s, full.url, fullIds, twin.url), generationS: twin.generationS }
    } finally {
      if (!opts.keep) await twin.drop()
    }
  } catch (err) {
    log(`1M twin run failed: ${(err as Error).stack ?? err}`)
    return null
  }
}

/** A full run, or --replica; not with --skip-replica. */
const wantReplica = (opts: Options) => (opts.rows >= 10_000_000 || opts.replica) && !opts.skipReplica

/** The replica run; a failure is logged, not fatal to the rest. */
async function replicaRun(opts: Options, s: RunSettings, adminUrl: string, ids: BenchIds) {
  if (!wantReplica(opts)) return null
  try {
    return await measureReplica(s, adminUrl, opts.database, ids, opts.allowReplication)
  } catch (err) {
    log(`replica run failed: ${(err as Error).stack ?? err}`)
    return null
  }
}

/** The kernel's autogroup setting when the run started (bench/autogroup.ts). */
const autogroupBefore = autogroupState()

async function measureAll(opts: Options, s: RunSettings, adminUrl: string, startedAt: number): Promise<number> {
  const dataset = await prepareDatabase(adminUrl, opts.database, opts.rows, opts.reuse)
  try {
    const db = await openDb(dataset.url, { poolSize: 2 })
    let ids: BenchIds
    let main: Awaited<ReturnType<typeof measurePostgres>>
    try {
      ids = await prepareIds(db)
      const c = ids.rowCounts
      log(
        `largest creator ${ids.bigCreator}: ${c.big} rows; typical ${ids.typicalCreator}: ${c.typical} rows;` +
          ` total ${c.total}`,
      )
      main = await measurePostgres(s, dataset.url, ids, db)
    } finally {
      await db.close()
    }
    const wantScale = (opts.rows >= 10_000_000 || opts.scale) && !opts.skipScale && !opts.only
    const scale = wantScale ? await scaleRun(opts, s, adminUrl, dataset, ids) : null
    // after the twin is dropped: pg_basebackup copies the whole cluster
    const replica = await replicaRun(opts, s, adminUrl, ids)
    // The embedded run is reported beside; its failure is reported, not fatal to the rest.
    const pglite = opts.skipPglite
      ? null
      : await measurePglite(s, main.results, { url: dataset.url, ids }).catch((err: Error) => {
          log(`PGlite run failed: ${err.stack ?? err}`)
          return null
        })
    const facts: RunFacts = {
      quick: opts.quick,
      settings: {
        connections: opts.connections,
        seconds: opts.seconds,
        rounds: opts.rounds,
        pool: opts.pool,
        workers: opts.workers,
        autogroup: opts.noAutogroup ? `off for this run (was ${autogroupBefore})` : autogroupBefore,
        server_sessions: opts.sharedSession ? 'shared' : 'own',
      },
      ids,
      generationS: dataset.generationS,
      results: main.results,
      skipped: main.skipped,
      peakRssMb: main.peakRssMb,
      scale,
      replica,
      ingest: readIngestFlatness(),
      pglite,
      startedAt,
    }
    const { summary, md, totalS } = writeReports(facts, opts.rows, opts.only !== undefined)
    process.stdout.write(md)
    log(
      `done in ${totalS} s; results in bench/results/latest.json and latest.md` +
        (opts.only ? '' : ', plot in docs/bench-latency-vs-depth.svg'),
    )
    if (summary.errors_total > 0) {
      log(`FAILED: ${summary.errors_total} errors (zero are required); see the errors column`)
      return 1
    }
    return 0
  } finally {
    if (!opts.keep) await dataset.drop()
  }
}

/** Returns the exit code: 0, 1 when a measurement saw errors, 2 for usage or prerequisites. */
export async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  let opts: Options
  try {
    opts = parseOptions(argv, env)
  } catch (err) {
    if (!(err instanceof UsageError)) throw err
    process.stderr.write(`bench: ${err.message}\n${USAGE}\n`)
    return 2
  }
  if (opts.help) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  const adminUrl = env.BENCH_DATABASE_URL ?? DEFAULT_ADMIN_URL
  const problems = describeProblems(await checkPrerequisites(env.PATH ?? '', adminUrl))
  if (problems) {
    process.stderr.write(problems)
    return 2
  }
  const replicaRefused = wantReplica(opts) ? await replicaProblem(adminUrl, opts.allowReplication) : null
  if (replicaRefused) {
    process.stderr.write(`bench: ${replicaRefused}\n`)
    return 2
  }
  const startedAt = Date.now()
  const rows = opts.rows.toLocaleString('en-US')
  log(
    `dataset: ${rows} report rows in ${opts.database}; ${opts.connections} connections, ` +
      `${opts.seconds} s per measurement, pool ${opts.pool}, workers ${opts.workers}`,
  )
  if (autogroupBefore === 'on' && !opts.noAutogroup) {
    log('autogroup scheduling is on: ratios against the combined ceiling come out lower (--no-autogroup)')
  }
  setServerSessions(opts.sharedSession ? 'shared' : 'own')
  if (opts.sharedSession) log("servers start in the bench's session, beside wrk and pgbench (--shared-session)")
  const build = await buildOurs()
  const restore = opts.noAutogroup ? autogroupOff() : () => {}
  try {
    return await measureAll(opts, runSettings(opts, build.entry), adminUrl, startedAt)
  } finally {
    restore()
    build.remove()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2), process.env).then(
    (code) => {
      process.exitCode = code
    },
    (err: Error) => {
      process.stderr.write(`bench failed: ${err.stack ?? err}\n`)
      process.exit(1)
    },
  )
}
