// The servers of a run: ours, started as docs/operations.md says a deployment starts it, and the
// bench's ceiling/floor/OFFSET server and PostGraphile, each with a pool the size of ours.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT, startServer, type Server } from '../process.js'

/** The NODE_OPTIONS of docs/operations.md, when deploy/csapi.env does not say. */
export const DEFAULT_NODE_OPTIONS = '--max-old-space-size=128 --max-semi-space-size=8'

/** NODE_OPTIONS as the deployment's environment file sets it ('' when it sets none). */
export function nodeOptions(file = join(ROOT, 'deploy/csapi.env')): string {
  if (!existsSync(file)) return DEFAULT_NODE_OPTIONS
  const m = /^[ \t]*(?:export[ \t]+)?NODE_OPTIONS[ \t]*=[ \t]*(.*?)[ \t]*$/m.exec(readFileSync(file, 'utf8'))
  return m ? m[1]!.replace(/^(["'])(.*)\1$/, '$2') : ''
}

/** The node flags of the deployment's unit (deploy/csapi.service ExecStart, before bin/csapi.js). */
export function nodeFlags(file = join(ROOT, 'deploy/csapi.service')): string[] {
  if (!existsSync(file)) return []
  const exec = /^ExecStart=\S+\s+(.*?)\s*bin\/csapi\.js\b/m.exec(readFileSync(file, 'utf8'))
  return exec?.[1] ? exec[1].split(/\s+/) : []
}

/** dist/ built from the source as it is: the server runs as `node bin/csapi.js serve`. */
export function buildDist(): Promise<void> {
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc')
  return new Promise((resolve, reject) => {
    const c = spawn(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' })
    c.on('error', reject)
    c.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`tsc failed (${code})`))))
  })
}

// Settings of the bench's shell that would change how our server runs are not passed on.
const OURS = /^(CSAPI_|DATABASE_|REDIS_URL$|NODE_OPTIONS$|GLIBC_TUNABLES$|HOST$|PORT$|LOG_LEVEL$)/

/** `node [the unit's flags] bin/csapi.js serve` over one database, with `nodeOptions` as NODE_OPTIONS. */
export function startOurs(
  name: string,
  databaseUrl: string,
  s: { pool: number; nodeOptions: string },
  env: Record<string, string> = {},
  readyMs = 60_000,
): Promise<Server> {
  return startServer({
    name,
    args: (port) => [...nodeFlags(), 'bin/csapi.js', 'serve', '--port', String(port)],
    readyPath: '/readyz',
    readyMs,
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !OURS.test(k))),
      ...(s.nodeOptions && { NODE_OPTIONS: s.nodeOptions }),
      DATABASE_URL: databaseUrl,
      CSAPI_CURSOR_SECRETS: 'bench-cursor-secret-0123456789abcdef0123456789',
      CSAPI_DB_POOL_SIZE: String(s.pool),
      LOG_LEVEL: 'warn',
      // capacity is measured, not the per-token limits (their cost per request is still paid), nor
      // shedding on utilization: a closed loop of 16 connections keeps the loop busy by design
      CSAPI_RATE_LIMIT_PER_MINUTE: '1000000',
      CSAPI_RATE_LIMIT_BURST: '1000000',
      CSAPI_MAX_EVENT_LOOP_UTILIZATION: '0',
      ...env,
    },
  })
}

/** The ceiling/floor/OFFSET server (baseline.ts) at `base`, chosen beforehand, serving `bodiesFile`. */
export function startBaseline(base: string, bodiesFile: string, databaseUrl: string, pool: number): Promise<Server> {
  return startServer({
    name: 'baseline',
    args: (p) => ['--import', 'tsx', 'bench/servers/baseline.ts', String(p), bodiesFile, databaseUrl, String(pool)],
    readyPath: '/ceiling/0',
    port: Number(new URL(base).port),
  })
}

export function startPostgraphile(databaseUrl: string, pool: number): Promise<Server> {
  return startServer({
    name: 'postgraphile',
    args: (p) => ['--import', 'tsx', 'bench/servers/postgraphile.ts', String(p), databaseUrl, String(pool)],
    readyPath: '/graphql',
  })
}
