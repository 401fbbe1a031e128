// `csapi`: the command tree (one file per command in commands/, registered in COMMANDS) and the
// one place where an outcome becomes an exit status and a message (the rule: docs/architecture.md):
//   0    done, or help or the version asked for;
//   2    the command line is wrong (UsageError): the message, the usage line and the help to run;
//   1    the command line was right and the work failed: "csapi: <message>";
//   130  an export interrupted by Ctrl-C; 143  an export stopped by SIGTERM;
//   141  standard output closed by its reader (| head).
import { readFileSync } from 'node:fs'
import { Command, CommanderError } from 'commander'
import { ConfigError } from '../config.js'
import { DatasetError } from '../dataset/parse.js'
import { SchemaTooNewError } from '../db/migrate.js'
import { Failure, UsageError } from './errors.js'
import { withDefaults, type Io } from './io.js'
import { commissionsCommand } from './commands/commissions.js'
import { demoCommand } from './commands/demo.js'
import { exportCommand } from './commands/export.js'
import { importCommand } from './commands/import.js'
import { ingestCommand } from './commands/ingest.js'
import { payoutsCommand } from './commands/payouts.js'
import { migrateCommand } from './commands/migrate.js'
import { serveCommand } from './commands/serve.js'
import { tokensCommand } from './commands/tokens.js'
import { webhooksCommand } from './commands/webhooks.js'
import { sandboxCommand } from './commands/sandbox.js'

/** Every command, in the order the help lists them; a new command is one file and one line here. */
const COMMANDS: ((io: Io) => Command)[] = [
  serveCommand,
  migrateCommand,
  importCommand,
  tokensCommand,
  demoCommand,
  ingestCommand,
  commissionsCommand,
  payoutsCommand,
  exportCommand,
  webhooksCommand,
  sandboxCommand,
]

const ENVIRONMENT = `
Environment: DATABASE_URL (postgres://…, file:PATH, memory:; default PGlite in ./data),
CSAPI_CURSOR_SECRETS, CSAPI_DB_POOL_SIZE, CSAPI_STATEMENT_TIMEOUT_MS, REDIS_URL, LOG_LEVEL and
more (rate limits, timeouts, CORS): every variable is in docs/operations.md.`

/** The package's version: package.json is two levels up from both src/cli/ and dist/cli/. */
export const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version

/** The whole command tree, writing to io; strict: unknown options and extra arguments are mistakes. */
export function program(io: Io): Command {
  const root = new Command('csapi')
    .description('the Creator and Seller public API service')
    .version(`csapi ${VERSION}`, '-V, --version', 'print the version and exit')
    .addHelpText('after', ENVIRONMENT)
  for (const define of COMMANDS) root.addCommand(define(io))
  const width = () => Math.min(io.stdout.columns ?? 80, 100)
  for (const cmd of commandsOf(root)) {
    cmd
      .allowUnknownOption(false)
      .allowExcessArguments(false)
      .configureOutput({
        writeOut: (s) => io.stdout.write(s),
        writeErr: (s) => io.stderr.write(s),
        outputError: () => {}, // main() reports it, with the rest of the usage path
        getOutHelpWidth: width,
        getErrHelpWidth: width,
        getOutHasColors: () => false,
        getErrHasColors: () => false,
      })
      .exitOverride((err) => {
        throw isHelp(err) ? err : new UsageError(err.message.replace(/^error: /, ''), cmd)
      })
  }
  return root
}

/** A command and all its subcommands, depth first. */
export function commandsOf(cmd: Command): Command[] {
  return [cmd, ...cmd.commands.flatMap(commandsOf)]
}

/** `csapi tokens create` for that command. */
export function pathOf(cmd: Command): string {
  return cmd.parent ? `${pathOf(cmd.parent)} ${cmd.name()}` : cmd.name()
}

const isHelp = (err: CommanderError) =>
  err.code === 'commander.help' || err.code === 'commander.helpDisplayed' || err.code === 'commander.version'

/** Exit status of a process whose output pipe was closed by its reader: 128 + SIGPIPE, as other tools. */
export const EXIT_PIPE_CLOSED = 141

/** Runs `csapi argv…`; resolves to the exit status (a server started by serve keeps running). */
export async function main(argv: string[], given: Partial<Io> = {}): Promise<number> {
  const io = withDefaults(given)
  const root = program(io)
  let running = root
  root.hook('preAction', (_root, action) => {
    running = action
  })
  // A stream that fails to write emits 'error', which would end the process with a stack trace.
  let writeFailed: NodeJS.ErrnoException | undefined
  const onWriteError = (err: NodeJS.ErrnoException) => void (writeFailed ??= err)
  for (const s of [io.stdout, io.stderr]) s.on('error', onWriteError)
  try {
    await root.parseAsync(argv, { from: 'user' })
    return writeFailed ? report(writeFailed, running, io, writeFailed) : 0
  } catch (err) {
    return report(err, running, io, writeFailed)
  } finally {
    for (const s of [io.stdout, io.stderr]) s.removeListener('error', onWriteError)
  }
}

function report(err: unknown, running: Command, io: Io, writeFailed?: NodeJS.ErrnoException): number {
  const say = (text: string) => io.stderr.write(`csapi: ${text}\n`)
  // the reader of the output went away (`| head`): it wanted no more, so there is nothing to say
  if (writeFailed?.code === 'EPIPE') return EXIT_PIPE_CLOSED
  if (writeFailed) {
    say(`cannot write the output: ${writeFailed.message}`)
    return 1
  }
  if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2 // help, already written
  if (err instanceof UsageError) {
    const cmd = err.command ?? running
    const path = pathOf(cmd)
    say(`${err.message}\nusage: ${path} ${cmd.usage()}\nRun "${path} --help" for details.`)
    return 2
  }
  if (err instanceof Failure) {
    say(err.message)
    return err.exitCode
  }
  if (err instanceof DatasetError) say(`the file was refused whole; nothing was imported.\n${err.message}`)
  else if (err instanceof ConfigError) say(`configuration: ${err.message}`)
  else if (err instanceof SchemaTooNewError) say(err.message)
  else say(`${(err as Error).message}${hint(err as NodeJS.ErrnoException)}`)
  return 1
}

function hint(err: NodeJS.ErrnoException): string {
  if (err.code === 'ECONNREFUSED') return ' — is PostgreSQL running at DATABASE_URL?'
  if (err.code === 'EADDRINUSE') return ' — the port is taken: pick another with --port'
  return ''
}
