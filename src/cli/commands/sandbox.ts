// `csapi sandbox create|list|delete`: sandbox worlds for integrators to test against
// (docs/testing-your-integration.md). A world's test tokens are printed once, when it is made.
import { Command, InvalidArgumentError } from 'commander'
import { inRange, REPORT_DAYS } from '../../domain/dates.js'
import {
  createSandbox,
  DEFAULT_DATE,
  deleteSandbox,
  listSandboxes,
  MAX_ADVANCE_DAYS,
  WORLD_DATES,
} from '../../sandbox/sandbox.js'
import { HISTORY_DAYS } from '../../sandbox/world.js'
import { withDb } from '../db.js'
import { UsageError } from '../errors.js'
import { println, type Io } from '../io.js'
import { day, integer } from '../options.js'

/** --date: a day whose world, history included, ingestion can take (WORLD_DATES). */
function worldDate(raw: string): string {
  const date = day('--date')(raw)
  if (!inRange(date, WORLD_DATES))
    throw new InvalidArgumentError(
      `--date must be from ${WORLD_DATES.first} to ${WORLD_DATES.last}: a world's ${HISTORY_DAYS} days of ` +
        `history and its reports fall from ${REPORT_DAYS.first} to ${REPORT_DAYS.last}, the days ingestion takes`,
    )
  return date
}

export function sandboxCommand(io: Io): Command {
  const sandbox = new Command('sandbox').description(
    'sandbox worlds: test tokens, a world of their own, a clock the integrator advances',
  )
  sandbox
    .command('create')
    .description(
      `make a sandbox world (a creator and a seller, their brands, products, links and ${HISTORY_DAYS} days of ` +
        'reports, payouts and adjustments) and print its id and one test token for each account',
    )
    .option('--name <name>', 'a label to recognise it by')
    .option('--seed <n>', 'the seed of its data: the same seed gives the same numbers (default: random)', (raw) =>
      integer('--seed', 0, 2_147_483_647)(raw),
    )
    .option(
      '--date <day>',
      `the world's today, YYYY-MM-DD, ${WORLD_DATES.first} to ${WORLD_DATES.last} (default ${DEFAULT_DATE})`,
      worldDate,
    )
    .action((opts: { name?: string; seed?: number; date?: string }) =>
      withDb(io, async (db) => {
        const w = await createSandbox(db, opts)
        println(
          io.stdout,
          `sandbox ${w.id}${w.name ? ` (${w.name})` : ''}: seed ${w.seed}, date ${w.date} ` +
            `(reports through the day before)\n` +
            `  creator ${w.creator_id}\n  seller  ${w.seller_id}\n\n` +
            'Test tokens (shown this once; store them now):\n' +
            `  export SANDBOX_CREATOR_TOKEN=${w.tokens.creator}\n` +
            `  export SANDBOX_SELLER_TOKEN=${w.tokens.seller}\n\n` +
            `Move its clock (1 to ${MAX_ADVANCE_DAYS} days) with either token:\n` +
            `  curl -s -X POST -H "Authorization: Bearer $SANDBOX_CREATOR_TOKEN" \\\n` +
            `    -H 'content-type: application/json' \\\n` +
            `    -d '{"days": 30}' http://127.0.0.1:3000/api/v1/sandbox/advance\n` +
            'docs/testing-your-integration.md has the whole path.',
        )
      }),
    )
  sandbox
    .command('list')
    .description('list sandbox worlds: id, name, seed, date, accounts, created')
    .action(() =>
      withDb(io, async (db) => {
        const worlds = await listSandboxes(db)
        if (worlds.length === 0) return println(io.stdout, '(no sandbox worlds)')
        const rows = [
          ['ID', 'NAME', 'SEED', 'DATE', 'CREATOR', 'SELLER', 'CREATED'],
          ...worlds.map((w) => [w.id, w.name, String(w.seed), w.date, w.creator_id, w.seller_id, w.created_at]),
        ]
        const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
        println(
          io.stdout,
          rows
            .map((r) =>
              r
                .map((v, i) => v.padEnd(widths[i]!))
                .join('  ')
                .trimEnd(),
            )
            .join('\n'),
        )
      }),
    )
  sandbox
    .command('delete')
    .description('remove a sandbox world whole: its accounts, tokens, brands, products, links, rows, payouts, events')
    .argument('<id>', 'the world id that sandbox list shows (sbx_…)')
    .action((id: string) =>
      withDb(io, async (db) => {
        if (!(await deleteSandbox(db, id))) throw new UsageError(`no sandbox "${id}" (csapi sandbox list shows them)`)
        println(io.stdout, `sandbox ${id} deleted, with its accounts and tokens`)
      }),
    )
  return sandbox
}
