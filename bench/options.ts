// The command line of `npm run bench`, parsed strictly: an unknown option or a number that is
// not one is refused before anything runs.
import { parseArgs } from 'node:util'

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
  --only TEXT          only the pages whose name contains TEXT (repeatable), with the pages they are
                       compared with; writes bench/results/partial.{json,md}, not latest or the doc
  --skip-pglite        no PGlite run
  --database NAME      database name (default $BENCH_DATABASE_NAME or csapi_bench)
environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres, a superuser)`

function count(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)) || Number(value) < 1) {
    throw new UsageError(`--${name} takes a positive integer (got "${value}")`)
  }
  return Number(value)
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

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const flag = { type: 'boolean', default: false } as const
  const num = { type: 'string' } as const
  let values
  try {
    ;({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        ...{ quick: flag, keep: flag, reuse: flag, 'skip-pglite': flag, help: { ...flag, short: 'h' } },
        ...{ rows: num, seconds: num, rounds: num, connections: num, pool: num, database: num },
        only: { type: 'string', multiple: true },
      },
    }))
  } catch (err) {
    throw new UsageError((err as Error).message)
  }
  const quick = values.quick
  if (values.only?.includes('')) throw new UsageError('--only takes a non-empty part of a page name')
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

export type Options = ReturnType<typeof parseOptions>
