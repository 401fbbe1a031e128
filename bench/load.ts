// The load generators, each in its own process: wrk for HTTP (C, one thread, a fixed number
// of connections) and pgbench for the database ceiling (the exact statement, prepared); and
// what a server process costs under them, read from /proc.
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

/** A measure with the number of requests it counted (for CPU per request). */
export type Sample = Measure & { requests: number }

export interface HttpTarget {
  url: string
  headers?: Record<string, string>
  /** A POST body (JSON); GET when absent. */
  body?: string
}

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d

function toMs(value: string, unit: string): number {
  const n = Number(value)
  return unit === 'us' ? n / 1000 : unit === 's' ? n * 1000 : unit === 'm' ? n * 60_000 : n
}

/** Runs wrk against one target; errors are non-2xx responses plus socket errors and timeouts. */
export async function wrk(target: HttpTarget, connections: number, seconds: number): Promise<Sample> {
  const dir = mkdtempSync(join(tmpdir(), 'csapi-wrk-'))
  try {
    const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '--timeout', '5s']
    for (const [k, v] of Object.entries(target.headers ?? {})) args.push('-H', `${k}: ${v}`)
    if (target.body !== undefined) {
      const script = join(dir, 'post.lua')
      writeFileSync(
        script,
        `wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\nwrk.body = [==[${target.body}]==]\n`,
      )
      args.push('-s', script)
    }
    args.push(target.url)
    const { stdout } = await run('wrk', args, { maxBuffer: 1 << 20 })
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? NaN)
    const pct = (p: string) => {
      const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(stdout)
      return m ? toMs(m[1]!, m[2]!) : NaN
    }
    const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0)
    const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout)
    const socketErrors = sock ? sock.slice(1).reduce((s, n) => s + Number(n), 0) : 0
    const requests = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0)
    return {
      rps: round(rps, 1),
      p50_ms: round(pct('50')),
      p99_ms: round(pct('99')),
      errors: non2xx + socketErrors,
      requests,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Runs pgbench with one statement, its $n placeholders bound to the same values as pgbench
 * variables, prepared or not as the service runs it (extended protocol either way).
 */
export async function pgbench(
  databaseUrl: string,
  sql: string,
  params: readonly unknown[],
  prepared: boolean,
  clients: number,
  seconds: number,
): Promise<Sample> {
  const dir = mkdtempSync(join(tmpdir(), 'csapi-pgbench-'))
  try {
    const script = join(dir, 'scenario.sql')
    // pgbench cannot define an empty variable, so an empty string is written as the literal ''
    // (the planner then sees the value, where the server's generic plan does not). It also reads
    // `:name` inside a string literal as a variable, so a colon there is spelled chr(58).
    const text = sql
      .replace(/--[^\n]*/g, '') // comments first: an apostrophe in one is not a literal
      .replace(/'(?:[^']|'')*'/g, (lit) => lit.split(':').join(`' || chr(58) || '`))
      .replace(/\$(\d+)/g, (_, n: string) => (params[Number(n) - 1] === '' ? "''" : `:p${n}`))
    writeFileSync(script, text.trim() + ';\n')
    const args = [
      '-n',
      '-M',
      prepared ? 'prepared' : 'extended',
      '-c',
      String(clients),
      '-j',
      '1',
      '-T',
      String(seconds),
      '-f',
      script,
      '-l',
      '--log-prefix',
      join(dir, 'tx'),
    ]
    params.forEach((v, i) => v !== '' && args.push('-D', `p${i + 1}=${String(v)}`))
    args.push(databaseUrl)
    const { stdout } = await run('pgbench', args, { maxBuffer: 1 << 20 })
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? NaN)
    const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0)
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
      rps: round(tps, 1),
      p50_ms: round(at(0.5)),
      p99_ms: round(at(0.99)),
      errors: failed,
      requests: latencies.length,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function children(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
}

/** Sums `own(pid)` over a process tree; a process that has gone counts 0. */
function overTree(pid: number, own: (pid: number) => number): number {
  try {
    return own(pid) + children(pid).reduce((s, k) => s + overTree(k, own), 0)
  } catch {
    return 0
  }
}

/** CPU time (user + system, ms) used so far by a process and its children. */
export function cpuMs(pid: number): number {
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

export type CpuMeasure = Sample & { cpu_ms_per_req: number }

/** wrk against a server process, adding the server's CPU milliseconds per request. */
export async function wrkCpu(
  target: HttpTarget,
  pid: number,
  connections: number,
  seconds: number,
): Promise<CpuMeasure> {
  const before = cpuMs(pid)
  const m = await wrk(target, connections, seconds)
  const perReq = (cpuMs(pid) - before) / Math.max(1, m.requests)
  return { ...m, cpu_ms_per_req: round(perReq, 3) }
}

/**
 * Every target under load, two seconds at a time, for at least `minSeconds` in all, before the
 * first measurement: a fresh server's JIT warm-up otherwise lands on whichever page is measured
 * first (about twice its CPU per request).
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
