// `csapi`: the operator's command line. Strict arguments; every failure exits non-zero with a
// message that says what to do.
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { readFileSync } from 'node:fs'
import { loadConfig, type Config } from './config.js'
import { ConfigError, openDb, type Db } from './db/index.js'
import { migrate } from './db/migrate.js'
import { openAndMigrate, serve } from './server.js'
import { serveCluster } from './cluster.js'
import { parseDataset, DatasetError } from './dataset/parse.js'
import { importDataset, type ImportCounts } from './dataset/import.js'
import { accountRole, createToken, listTokens, revokeToken } from './data/tokens.js'
import { runDemo } from './demo/run.js'
import { ingestCommand } from './cli/ingest.js'
import { commissionsCommand } from './cli/commissions.js'

class UsageError extends Error {}

const USAGE = `csapi — the Creator and Seller public API service

Usage:
  csapi serve [--port 3000] [--host 127.0.0.1] [--workers N]
                                                 serve the API (applies pending migrations first);
                                                 --workers N: N processes on the port (PostgreSQL)
  csapi migrate                                  apply pending database migrations
  csapi import FILE|-                            load a dataset file (JSON; - reads standard input)
  csapi tokens create --account ID [--name N] [--expires-in 90d]
                                                 issue a token; it is printed once
  csapi tokens list [--account ID]               list tokens (never the tokens themselves)
  csapi tokens revoke TOKEN_ID                   revoke a token at once
  csapi demo [--size small|medium|large] [--serve] [--port 3000] [--host 127.0.0.1] [--amazon-reports DIR]
                                                 load demo data, print tokens and curl commands;
                                                 --amazon-reports writes Amazon report files to ingest
  csapi ingest amazon-attribution FILE|DIR… [--dry-run] [--strict]
                                                 ingest Amazon Attribution reports (JSON pages,
                                                 array, NDJSON or CSV) into report rows
  csapi commissions approve [--through DATE]     pending → approved up to DATE (default today - 28 days)
  csapi commissions pay --creator ID [--through DATE]
                                                 approved → paid; prints the payout per currency

  csapi export reports|products …                stream a list to CSV/NDJSON via the API (see docs/client.md)
Environment: DATABASE_URL (postgres://…, file:PATH, memory:; default PGlite in ./data),
CSAPI_CURSOR_SECRETS, CSAPI_DB_POOL_SIZE, CSAPI_STATEMENT_TIMEOUT_MS, REDIS_URL, LOG_LEVEL and
more (rate limits, timeouts, CORS): every variable is in docs/operations.md.`

function args<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T, positionals = 0) {
  try {
    const parsed = parseArgs({ args: argv, options, allowPositionals: positionals > 0, strict: true })
    if (parsed.positionals.length > positionals) throw new UsageError(`unexpected argument "${parsed.positionals[positionals]}"`)
    return parsed
  } catch (err) {
    if (err instanceof UsageError) throw err
    throw new UsageError((err as Error).message)
  }
}

function port(value: string | undefined, def: number): number {
  const raw = value ?? process.env.PORT
  if (raw === undefined || raw === '') return def
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) throw new UsageError(`--port must be a number from 0 to 65535 (got "${raw}")`)
  return Number(raw)
}

/** "90d", "12h", "30m" → milliseconds. */
export function parseDuration(text: string): number {
  const m = /^(\d+)([dhm])$/.exec(text)
  if (!m || Number(m[1]) === 0) throw new UsageError(`--expires-in must look like 90d, 12h or 30m (got "${text}")`)
  return Number(m[1]) * { d: 86_400_000, h: 3_600_000, m: 60_000 }[m[2] as 'd' | 'h' | 'm']
}

async function withDb<T>(config: Config, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openAndMigrate(config)
  try {
    return await fn(db)
  } finally {
    await db.close()
  }
}

export function formatCounts(counts: ImportCounts): string {
  return Object.entries(counts)
    .map(([section, c]) => `  ${section.padEnd(16)} ${String(c.inserted).padStart(8)} inserted ${String(c.updated).padStart(8)} updated ${String(c.unchanged).padStart(8)} unchanged`)
    .join('\n')
}

function readInput(file: string): string {
  try {
    return readFileSync(file === '-' ? 0 : file, 'utf8')
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`)
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  const out = (s: string) => process.stdout.write(s + '\n')
  switch (command) {
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      out(USAGE)
      return command === undefined ? 2 : 0
    case 'serve': {
      const { values } = args(rest, { port: { type: 'string' }, host: { type: 'string' }, workers: { type: 'string' } })
      const opts = { port: port(values.port, 3000), host: values.host ?? process.env.HOST ?? '127.0.0.1', config: loadConfig() }
      const workers = values.workers ?? '1'
      if (!/^\d{1,3}$/.test(workers) || Number(workers) < 1) throw new UsageError(`--workers must be a number from 1 to 999 (got "${workers}")`)
      if (Number(workers) > 1) await serveCluster(Number(workers), opts)
      else await serve(opts)
      return -1 // keeps running
    }
    case 'migrate': {
      args(rest, {})
      const config = loadConfig()
      const db = await openDb(config.databaseUrl)
      try {
        const applied = await migrate(db)
        out(applied.length ? `applied ${applied.map((m) => `${m.version}_${m.name}`).join(', ')} to ${db.description}` : `${db.description} is up to date`)
      } finally {
        await db.close()
      }
      return 0
    }
    case 'import': {
      const { positionals } = args(rest, {}, 1)
      const file = positionals[0]
      if (!file) throw new UsageError('import needs a FILE, or - to read standard input')
      let raw: unknown
      try {
        raw = JSON.parse(readInput(file))
      } catch (err) {
        if (err instanceof UsageError) throw err
        throw new DatasetError([`${file}: not valid JSON: ${(err as Error).message}`])
      }
      const dataset = parseDataset(raw)
      await withDb(loadConfig(), async (db) => {
        const counts = await importDataset(db, dataset)
        out(`imported ${file === '-' ? 'standard input' : file} into ${db.description}:\n${formatCounts(counts)}`)
      })
      return 0
    }
    case 'ingest':
      return ingestCommand(rest, out)
    case 'commissions':
      return commissionsCommand(rest, out)
    case 'export':
      return (await import('./cli/export.js')).exportCommand(rest)
    case 'tokens':
      return tokens(rest, out)
    case 'demo': {
      const { values } = args(rest, {
        size: { type: 'string', default: 'small' },
        serve: { type: 'boolean', default: false },
        port: { type: 'string' },
        host: { type: 'string' },
        'amazon-reports': { type: 'string' },
      })
      const size = values.size
      if (size !== 'small' && size !== 'medium' && size !== 'large') throw new UsageError('--size must be small, medium or large')
      const config = loadConfig()
      const p = port(values.port, 3000)
      const host = values.host ?? process.env.HOST ?? '127.0.0.1'
      const db = await openAndMigrate(config)
      try {
        out(await runDemo(db, { size, baseUrl: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${p}`, amazonReportsDir: values['amazon-reports'] }))
      } catch (err) {
        await db.close()
        throw err
      }
      if (!values.serve) {
        await db.close()
        out('Start the service with: npx csapi serve')
        return 0
      }
      await serve({ port: p, host, config, db })
      return -1
    }
    default:
      throw new UsageError(`unknown command "${command}"`)
  }
}

async function tokens(argv: string[], out: (s: string) => void): Promise<number> {
  const [sub, ...rest] = argv
  const config = loadConfig()
  switch (sub) {
    case 'create': {
      const { values } = args(rest, { account: { type: 'string' }, name: { type: 'string', default: '' }, 'expires-in': { type: 'string' } })
      if (!values.account) throw new UsageError('tokens create needs --account ID')
      const expiresAt = values['expires-in'] ? new Date(Date.now() + parseDuration(values['expires-in'])) : null
      return withDb(config, async (db) => {
        const role = await accountRole(db, values.account!)
        if (!role) throw new UsageError(`no account "${values.account}": import it first (csapi import FILE)`)
        const t = await createToken(db, { accountId: values.account!, name: values.name!, expiresAt })
        out(`token ${t.id} for ${role} account ${values.account}${expiresAt ? `, expires ${expiresAt.toISOString()}` : ''}.\nIt is shown this once; store it now:\n${t.token}`)
        return 0
      })
    }
    case 'list': {
      const { values } = args(rest, { account: { type: 'string' } })
      return withDb(config, async (db) => {
        const rows = await listTokens(db, values.account)
        const iso = (d: Date | null) => (d ? d.toISOString().replace(/\.\d{3}Z$/, 'Z') : '-')
        const table = [['ID', 'ACCOUNT', 'NAME', 'PREFIX', 'CREATED', 'EXPIRES', 'REVOKED', 'LAST USED']].concat(
          rows.map((t) => [t.id, t.account_id, t.name || '-', `${t.prefix}…`, iso(t.created_at), iso(t.expires_at), iso(t.revoked_at), iso(t.last_used_at)]),
        )
        const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)))
        out(table.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n'))
        if (rows.length === 0) out('(no tokens)')
        return 0
      })
    }
    case 'revoke': {
      const { positionals } = args(rest, {}, 1)
      const id = positionals[0]
      if (!id) throw new UsageError('tokens revoke needs a TOKEN_ID (see csapi tokens list)')
      return withDb(config, async (db) => {
        if (!(await revokeToken(db, id))) throw new UsageError(`no token "${id}" (see csapi tokens list)`)
        out(`token ${id} revoked`)
        return 0
      })
    }
    default:
      throw new UsageError(sub ? `unknown tokens command "${sub}"` : 'tokens needs a command: create, list or revoke')
  }
}

export async function run(argv: string[]): Promise<void> {
  try {
    const code = await main(argv)
    if (code >= 0) process.exitCode = code
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`csapi: ${err.message}\nRun "csapi help" for usage.\n`)
      process.exitCode = 2
    } else if (err instanceof DatasetError) {
      process.stderr.write(`csapi: the file was refused whole; nothing was imported.\n${err.message}\n`)
      process.exitCode = 1
    } else if (err instanceof ConfigError) {
      process.stderr.write(`csapi: configuration: ${err.message}\n`)
      process.exitCode = 1
    } else {
      const e = err as NodeJS.ErrnoException
      const hint =
        e.code === 'ECONNREFUSED'
          ? ' — is PostgreSQL running at DATABASE_URL?'
          : e.code === 'EADDRINUSE'
            ? ' — the port is taken: pick another with --port'
            : ''
      process.stderr.write(`csapi: ${e.message}${hint}\n`)
      process.exitCode = 1
    }
  }
}
