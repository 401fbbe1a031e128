// The command line of `npm run bench`, parsed strictly: an unknown option or a number that is
// not one is refused before anything runs.
import { parseArgs } from 'node:util'

export interface Options {
  quick: boolean
  rows: number
  seconds: number
  /** Rounds per ratio: a page and what it is compared with, measured in turn this many times. */
  rounds: number
  connections: number
  pool: number
  workers: number
  keep: boolean
  reuse: boolean
  skipPglite: boolean
  skipScale: boolean
  scale: boolean
  skipReplica: boolean
  replica: boolean
  allowReplication: boolean
  cpuProf: boolean
  /** Turn Linux's autogroup scheduling off for the run (bench/autogroup.ts). */
  noAutogroup: boolean
  /** Start the servers in the bench's session, as before 2026-11-25 (bench/process.ts). */
  sharedSession: boolean
  /** Substring of scenario names; a run with it writes latest.{json,md} only. */
  only: string | undefined
  /** The PostgreSQL database of the run; its 1M twin is `<database>_1m`. */
  database: string
  help: boolean
}

export class UsageError extends Error {}

export const USAGE = `usage: npm run bench -- [options]
  --quick              1M report rows, 2 s per measurement (default: 10M rows, 8 s)
  --rows N             report rows in the dataset
  --seconds N          seconds per measurement
  --rounds N           rounds per ratio (default 5): a page, its ceilings and its floor, or its
                       PGlite and PostgreSQL servers, measured in turn N times; the median round
                       is reported
  --connections N      wrk connections and pgbench clients (default 16)
  --pool N             database pool per server process (default 4)
  --workers N          csapi serve --workers N (default 1)
  --keep               keep the database(s) after the run
  --reuse              reuse a kept database when it has the right size
  --only TEXT          only the scenarios whose name contains TEXT
  --cpu-prof           a V8 CPU profile of our server in $TMPDIR/csapi-bench-prof
  --no-autogroup       turn the kernel's autogroup scheduling off for the run, restored after
                       (root; it splits the CPU between PostgreSQL's session and ours: bench/README.md)
  --shared-session     start the servers in the bench's session, beside wrk and pgbench (default:
                       each server in a session of its own, as PostgreSQL's is: bench/README.md)
  --skip-pglite        no PGlite run
  --skip-scale         no 1M twin in a full run
  --scale              the 1M twin in any run
  --skip-replica       no streaming-replica run in a full run
  --replica            the streaming-replica run in any run (reports pages from a replica beside the primary)
  --allow-replication  let scripts/pg-replica.sh add a replication line to a local primary's pg_hba.conf
  --database NAME      database name (default $BENCH_DATABASE_NAME or csapi_bench)
environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres, a superuser)`

function count(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1) {
    throw new UsageError(`--${name} takes a positive integer (got "${value}")`)
  }
  return n
}

// The name goes into `create/drop database`, and bench:ingest keeps its own databases.
function databaseName(value: string): string {
  if (!/^[a-z_][a-z0-9_]{0,59}$/.test(value)) {
    throw new UsageError(`--database takes a lower-case SQL identifier (got "${value}")`)
  }
  if (value.startsWith('csapi_bench_ingest')) {
    throw new UsageError(`--database ${value}: csapi_bench_ingest* belongs to npm run bench:ingest`)
  }
  return value
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = {}): Options {
  let values
  try {
    ;({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        quick: { type: 'boolean', default: false },
        rows: { type: 'string' },
        seconds: { type: 'string' },
        rounds: { type: 'string' },
        connections: { type: 'string' },
        pool: { type: 'string' },
        workers: { type: 'string' },
        keep: { type: 'boolean', default: false },
        reuse: { type: 'boolean', default: false },
        'skip-pglite': { type: 'boolean', default: false },
        'skip-scale': { type: 'boolean', default: false },
        scale: { type: 'boolean', default: false },
        'skip-replica': { type: 'boolean', default: false },
        replica: { type: 'boolean', default: false },
        'allow-replication': { type: 'boolean', default: false },
        'cpu-prof': { type: 'boolean', default: false },
        'no-autogroup': { type: 'boolean', default: false },
        'shared-session': { type: 'boolean', default: false },
        only: { type: 'string' },
        database: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }))
  } catch (err) {
    throw new UsageError((err as Error).message)
  }
  const quick = values.quick
  if (values.only === '') throw new UsageError('--only takes a non-empty part of a scenario name')
  return {
    quick,
    rows: count('rows', values.rows, quick ? 1_000_000 : 10_000_000),
    seconds: count('seconds', values.seconds, quick ? 2 : 8),
    // Five, not three: in one quick run of 3 rounds the bare floor server gave 0.64 to 1.14 of
    // the products page's ceiling, so a median of three still moved by ±0.1 (bench/README.md).
    rounds: count('rounds', values.rounds, 5),
    connections: count('connections', values.connections, 16),
    pool: count('pool', values.pool, 4),
    workers: count('workers', values.workers, 1),
    keep: values.keep,
    reuse: values.reuse,
    skipPglite: values['skip-pglite'],
    skipScale: values['skip-scale'],
    scale: values.scale,
    skipReplica: values['skip-replica'],
    replica: values.replica,
    allowReplication: values['allow-replication'],
    cpuProf: values['cpu-prof'],
    noAutogroup: values['no-autogroup'],
    sharedSession: values['shared-session'],
    only: values.only,
    database: databaseName(values.database ?? env.BENCH_DATABASE_NAME ?? 'csapi_bench'),
    help: values.help,
  }
}
