// The load generators, each in its own process: wrk for HTTP (one thread, a fixed number of
// connections) and pgbench for the database ceiling (the page's exact statement); and what a
// server process costs under them, read from /proc.
import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { log } from './process.js'

const run = promisify(execFile)

export interface Measure {
  rps: number
  p50_ms: number
  p99_ms: number
  errors: number
}

/** A measure with the requests it counted and, against a server process, its CPU per request. */
export type Sample = Measure & { requests: number; cpu_ms_per_req?: number }

export interface HttpTarget {
  url: string
  headers?: Record<string, string>
  /** A POST body (JSON); GET when absent. */
  body?: string
}

export const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d
export const ratio = (a: number, b: number) => round(a / b)

/** Runs `fn` with a temporary directory, removed afterwards. */
async function inTemp<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'csapi-bench-'))
  try {
    return await fn(dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 }

/** wrk against one target; errors are non-2xx responses plus socket errors and timeouts. */
export function wrk(target: HttpTarget, connections: number, seconds: number): Promise<Sample> {
  return inTemp(async (dir) => {
    const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '--timeout', '5s']
    for (const [k, v] of Object.entries(target.headers ?? {})) args.push('-H', `${k}: ${v}`)
    if (target.body !== undefined) {
      const script = join(dir, 'post.lua')
      const headers = 'wrk.headers["Content-Type"] = "application/json"'
      writeFileSync(script, `wrk.method = "POST"\n${headers}\nwrk.body = [==[${target.body}]==]\n`)
      args.push('-s', script)
    }
    const { stdout } = await run('wrk', [...args, target.url], { maxBuffer: 1 << 20 })
    const num = (re: RegExp) => Number(re.exec(stdout)?.[1] ?? 0)
    const pct = (p: string) => {
      const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(stdout)
      return m ? Number(m[1]) * UNIT_MS[m[2]!]! : NaN
    }
    const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout)
    return {
      rps: round(Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? NaN), 1),
      p50_ms: round(pct('50')),
      p99_ms: round(pct('99')),
      errors: num(/Non-2xx or 3xx responses:\s+(\d+)/) + (sock?.slice(1).reduce((s, n) => s + Number(n), 0) ?? 0),
      requests: num(/(\d+) requests in/),
    }
  })
}

/** The statement as a pgbench script: its $n become pgbench variables bound by `-D`. */
function pgbenchScript(sql: string, params: readonly unknown[]): string {
  // pgbench cannot define an empty variable, so an empty string is written as the literal ''; and
  // it reads `:name` inside a string literal as a variable, so a colon there is spelled chr(58).
  const text = sql
    .replace(/--[^\n]*/g, '') // comments first: an apostrophe in one is not a literal
    .replace(/'(?:[^']|'')*'/g, (lit) => lit.split(':').join(`' || chr(58) || '`))
    .replace(/\$(\d+)/g, (_, n: string) => (params[Number(n) - 1] === '' ? "''" : `:p${n}`))
  return text.trim() + ';\n'
}

/** pgbench on one statement with the page's parameters, prepared or not as the service runs it. */
export function pgbench(
  databaseUrl: string,
  sql: { text: string; params: readonly unknown[]; prepared: boolean },
  clients: number,
  seconds: number,
): Promise<Sample> {
  return inTemp(async (dir) => {
    writeFileSync(join(dir, 'page.sql'), pgbenchScript(sql.text, sql.params))
    const args = ['-n', '-M', sql.prepared ? 'prepared' : 'extended', '-c', String(clients), '-j', '1']
    args.push('-T', String(seconds), '-f', join(dir, 'page.sql'), '-l', '--log-prefix', join(dir, 'tx'))
    sql.params.forEach((v, i) => v !== '' && args.push('-D', `p${i + 1}=${String(v)}`))
    const { stdout } = await run('pgbench', [...args, databaseUrl], { maxBuffer: 1 << 20 })
    const latencies: number[] = []
    for (const f of readdirSync(dir).filter((f) => f.startsWith('tx'))) {
      for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
        const us = Number(line.split(' ')[2])
        if (line && Number.isFinite(us)) latencies.push(us / 1000)
      }
    }
    latencies.sort((a, b) => a - b)
    const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN
    return {
      rps: round(Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? NaN), 1),
      p50_ms: round(at(0.5)),
      p99_ms: round(at(0.99)),
      errors: Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0),
      requests: latencies.length,
    }
  })
}

/** Sums `own(pid)` over a process tree; a process that has gone counts 0. */
function overTree(pid: number, own: (pid: number) => number): number {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)
    return own(pid) + children.reduce((s, k) => s + overTree(Number(k), own), 0)
  } catch {
    return 0
  }
}

/** CPU time (user + system, ms) used so far by a process and its children. */
function cpuMs(pid: number): number {
  return overTree(pid, (p) => {
    const stat = readFileSync(`/proc/${p}/stat`, 'utf8')
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100 // utime, stime in clock ticks (100/s)
  })
}

/** Peak resident set (VmHWM) of a process and its children, in MB. */
export function peakRssMb(pid: number): number {
  const kb = overTree(pid, (p) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0))
  return Math.round(kb / 1024)
}

/** wrk against a server process, with the server's CPU milliseconds per request. */
export async function wrkCpu(target: HttpTarget, pid: number, connections: number, seconds: number) {
  const before = cpuMs(pid)
  const m = await wrk(target, connections, seconds)
  return { ...m, cpu_ms_per_req: round((cpuMs(pid) - before) / Math.max(1, m.requests), 3) }
}

/**
 * Every target under load, two seconds at a time, for at least `minSeconds` in all, before the
 * first measurement: a fresh server's JIT warm-up otherwise lands on the page measured first.
 */
export async function warmUnderLoad(targets: HttpTarget[], connections: number, minSeconds = 20): Promise<void> {
  const started = Date.now()
  do for (const t of targets) await wrk(t, connections, 2)
  while (targets.length > 0 && Date.now() - started < minSeconds * 1000)
  log(`warmed ${targets.length} targets under load in ${Math.round((Date.now() - started) / 1000)} s`)
}

/** A few hundred requests before measuring a page: its statement, plan and pool connections. */
export async function warm(t: HttpTarget, n = 150): Promise<void> {
  const init: RequestInit = t.body
    ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: t.body }
    : { headers: t.headers ?? {} }
  const one = async () => void (await (await fetch(t.url, init)).arrayBuffer())
  for (let i = 0; i < n; i += 10) await Promise.all(Array.from({ length: 10 }, one))
}
