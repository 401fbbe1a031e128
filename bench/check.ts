// What the run needs, checked before it starts, so that a missing load generator or database is
// reported with its fix instead of failing twenty minutes in.
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'
import pg from 'pg'

export const INSTALL = 'apt-get update && apt-get install -y wrk postgresql-client'

/** The tools the measurements spawn, and the package each comes in. */
const TOOLS = { wrk: 'wrk', pgbench: 'postgresql-client' }

function onPath(command: string, path: string): boolean {
  return path.split(delimiter).some((dir) => {
    try {
      return dir !== '' && (accessSync(join(dir, command), constants.X_OK), true)
    } catch {
      return false
    }
  })
}

/** The URL without its password, for messages. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return '(not a URL)'
  }
}

/** A superuser: the run creates and drops databases, and loads with `session_replication_role = replica`. */
async function checkDatabase(adminUrl: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 })
  const at = `BENCH_DATABASE_URL (${safeUrl(adminUrl)})`
  try {
    await client.connect()
    const { rows } = await client.query('select rolsuper from pg_roles where rolname = current_user')
    return rows[0]?.rolsuper ? null : `the role of ${at} is not a superuser`
  } catch (err) {
    return `PostgreSQL at ${at} cannot be used: ${(err as Error).message}`
  } finally {
    await client.end().catch(() => {})
  }
}

export interface Problems {
  tools: string[]
  database: string | null
}

export async function checkPrerequisites(path: string, adminUrl: string): Promise<Problems> {
  const missing = Object.entries(TOOLS).filter(([command]) => !onPath(command, path))
  return { tools: missing.map(([c, pkg]) => `${c} (package ${pkg})`), database: await checkDatabase(adminUrl) }
}

/** The message for the problems found, or null when there are none. */
export function describeProblems(p: Problems): string | null {
  const lines: string[] = []
  if (p.tools.length > 0) lines.push(`not on PATH: ${p.tools.join(', ')}; install with:`, `  ${INSTALL}`)
  if (p.database) {
    lines.push(p.database, '  start PostgreSQL, or set BENCH_DATABASE_URL to a superuser connection string')
  }
  return lines.length > 0 ? `bench: missing prerequisites:\n${lines.join('\n')}\n` : null
}
