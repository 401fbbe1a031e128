// `npm run bench [-- --quick]`: generates the dataset, starts our service, the bench's
// ceiling/floor/OFFSET server and PostGraphile, and measures every page against its ceilings,
// floor and peers side by side, then on PGlite (bench/README.md). Every process and database is
// stopped or dropped by the function that started it.
import { pathToFileURL } from 'node:url'
import { openDb } from '../src/db/index.js'
import { checkPrerequisites, describeProblems } from './check.js'
import { DEFAULT_ADMIN_URL, prepareDatabase, prepareIds } from './dataset.js'
import { measurePglite, measurePostgres, type Settings } from './measure.js'
import { parseOptions, USAGE, UsageError, type Options } from './options.js'
import { log } from './process.js'
import { writeReports } from './report.js'
import { buildDist, nodeOptions } from './servers/start.js'

async function measureAll(opts: Options, s: Settings, adminUrl: string, startedAt: number): Promise<number> {
  const dataset = await prepareDatabase(adminUrl, opts.database, opts.rows, opts.reuse)
  try {
    const db = await openDb(dataset.url, { poolSize: 2 })
    const [ids, main] = await (async () => {
      const ids = await prepareIds(db)
      const c = ids.rowCounts
      log(`largest creator: ${c.big} rows; typical (${ids.as.typical!.id}): ${c.typical}; total ${c.total}`)
      return [ids, await measurePostgres(s, dataset.url, ids, db)] as const
    })().finally(() => db.close())
    // reported beside the PostgreSQL figures; its failure is reported, not fatal to the rest
    const pglite = opts.skipPglite
      ? null
      : await measurePglite(s, Math.min(opts.rows, 1_000_000), main.results, { url: dataset.url, ids }).catch(
          (err: Error) => {
            log(`PGlite run failed: ${err.stack ?? err}`)
            return null
          },
        )
    const { connections, seconds, rounds, pool } = opts
    const { summary, md, totalS, written } = writeReports({
      settings: { quick: opts.quick, only: opts.only ?? null, connections, seconds, rounds, pool },
      node_options: s.nodeOptions,
      dataset: {
        report_rows: ids.rowCounts.total,
        largest_creator_rows: ids.rowCounts.big,
        typical_creator_rows: ids.rowCounts.typical,
        generation_s: dataset.generationS,
      },
      pglite,
      ...main,
      startedAt,
    })
    process.stdout.write(md)
    log(`done in ${totalS} s; results in ${written}${opts.only ? '' : ' and docs/performance.md'}`)
    if (summary.errors_total === 0) return 0
    log(`FAILED: ${summary.errors_total} errors (zero are required); see the errors column`)
    return 1
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
  const startedAt = Date.now()
  const s: Settings = { ...opts, nodeOptions: nodeOptions() }
  log(
    `dataset: ${opts.rows.toLocaleString('en-US')} report rows in ${opts.database}; ${opts.connections} connections, ` +
      `${opts.rounds} rounds of ${opts.seconds} s, pool ${opts.pool}; our server with NODE_OPTIONS="${s.nodeOptions}"`,
  )
  await buildDist()
  return measureAll(opts, s, adminUrl, startedAt)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2), process.env).then(
    (code) => void (process.exitCode = code),
    (err: Error) => {
      process.stderr.write(`bench failed: ${err.stack ?? err}\n`)
      process.exit(1)
    },
  )
}
