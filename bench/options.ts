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
  keep: boolean
  reuse: boolean
  skipPglite: boolean
  /** Substring of scenario names; a run with it leaves docs/performance.md as it is. */
  only: string | undefined
  database: string
  help: boolean
}

export class UsageError extends Error {}

export const USAGE = `usage: npm run bench -- [options]
  --quick              1M report rows, 2 s per measurement (default: 10M rows, 8 s)
  --rows N             report rows in the dataset
  --seconds N          seconds per measurement
  --rounds N           rounds per ratio (default 5): a page and its ceilings and floor, or its PGlite
                       and PostgreSQL servers, measured in turn N times; the median round is reported
  --connections N      wrk connections and pgbench clients (default 16)
  --pool N             database pool of each server (default 4)
  --keep               keep the database after the run
  --reuse              reuse a kept database made by the same migrations and generator
  --only TEXT          only the scenarios whose name contains TEXT
  --skip-pglite        no PGlite run
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
        keep: { type: 'boolean', default: false },
        reuse: { type: 'boolean', default: false },
        'skip-pglite': { type: 'boolean', default: false },
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
    // a median of three rounds still moved by ±0.1 on a shared 2-core machine
    rounds: count('rounds', values.rounds, 5),
    connections: count('connections', values.connections, 16),
    pool: count('pool', values.pool, 4),
    keep: values.keep,
    reuse: values.reuse,
    skipPglite: values['skip-pglite'],
    only: values.only,
    database: databaseName(values.database ?? env.BENCH_DATABASE_NAME ?? 'csapi_bench'),
    help: values.help,
  }
}
