// Our service as it ships: compiled with tsc into a throwaway package beside the migrations,
// so that the server runs plain JavaScript like `csapi serve`, without a TypeScript loader.
import { spawn } from 'node:child_process'
import { cpSync, mkdirSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT, startServer, type Server } from '../process.js'
import { DEFAULT_HEAP_FLAGS } from '../../src/http/heap-flags.js'
import { mallocTunables } from '../../src/http/malloc.js'

export interface Build {
  entry: string
  remove(): void
}

export async function buildOurs(): Promise<Build> {
  const pkg = join(tmpdir(), `csapi-bench-build-${process.pid}`)
  rmSync(pkg, { recursive: true, force: true })
  mkdirSync(pkg, { recursive: true })
  const remove = () => rmSync(pkg, { recursive: true, force: true })
  try {
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc')
    const args = [
      tsc,
      '-p',
      join(ROOT, 'tsconfig.build.json'),
      '--outDir',
      join(pkg, 'dist'),
      '--sourceMap',
      'false',
      '--declaration',
      'false',
    ]
    await new Promise<void>((resolve, reject) => {
      const c = spawn(process.execPath, args, { stdio: 'inherit' })
      c.on('error', reject)
      c.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`tsc failed (${code})`))))
    })
    cpSync(join(ROOT, 'migrations'), join(pkg, 'migrations'), { recursive: true })
    cpSync(join(ROOT, 'package.json'), join(pkg, 'package.json'))
    symlinkSync(join(ROOT, 'node_modules'), join(pkg, 'node_modules'))
  } catch (err) {
    remove()
    throw err
  }
  return { entry: join(pkg, 'dist/bin.js'), remove }
}

export const CURSOR_SECRET = 'bench-cursor-secret-0123456789abcdef0123456789'

export interface OursSettings {
  entry: string
  pool: number
  workers: number
  cpuProf: boolean
}

/** `csapi serve` over one database, ready when /readyz answers. */
export function startOurs(
  name: string,
  databaseUrl: string,
  s: OursSettings,
  env: Record<string, string> = {},
  readyMs = 60_000,
): Promise<Server> {
  const args = (port: number) => {
    const a: string[] = []
    if (s.cpuProf) a.push('--cpu-prof', `--cpu-prof-dir=${join(tmpdir(), 'csapi-bench-prof')}`)
    a.push(...DEFAULT_HEAP_FLAGS.split(' ')) // as npm start gives them
    a.push(s.entry, 'serve', '--port', String(port))
    if (s.workers > 1) a.push('--workers', String(s.workers))
    return a
  }
  const tunables = mallocTunables()
  return startServer({
    name,
    args,
    readyPath: '/readyz',
    readyMs,
    env: {
      // glibc's malloc settings, as npm start gives them (src/http/malloc.ts)
      ...(tunables !== null && { GLIBC_TUNABLES: tunables }),
      DATABASE_URL: databaseUrl,
      CSAPI_CURSOR_SECRETS: CURSOR_SECRET,
      CSAPI_DB_POOL_SIZE: String(s.pool),
      LOG_LEVEL: 'warn',
      // Capacity is measured, not the per-token limits (their per-request cost is still paid),
      // nor load shedding: a closed loop of 16 connections keeps the event loop saturated by
      // design, and shedding on utilization would answer 503 to part of it.
      CSAPI_RATE_LIMIT_PER_MINUTE: '1000000',
      CSAPI_RATE_LIMIT_BURST: '1000000',
      CSAPI_MAX_EVENT_LOOP_UTILIZATION: '0',
      ...env,
    },
  })
}

/**
 * Our service over a PGlite directory. A PGlite database belongs to one process (no workers),
 * and its one thread runs the statements one at a time, so 16 concurrent requests queue by
 * design: shedding on event-loop delay is off (it answered 503 when the statements ran on the
 * event loop, before src/db/pglite-thread.ts).
 */
export function startOursPglite(databaseUrl: string, s: OursSettings): Promise<Server> {
  const env = { CSAPI_MAX_EVENT_LOOP_DELAY_MS: '0' }
  return startOurs('ours-pglite', databaseUrl, { ...s, workers: 1 }, env, 120_000)
}
