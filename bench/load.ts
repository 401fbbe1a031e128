// The load generators, each in its own process: wrk for HTTP (C, one thread, a fixed number
// of connections) and pgbench for the database ceiling (the exact statement, prepared).
import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export interface Measure {
  rps: number
  p50_ms: number
  p99_ms: number
  errors: number
  requests: number
}

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
export async function wrk(target: HttpTarget, connections: number, seconds: number): Promise<Measure> {
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
): Promise<Measure> {
  const dir = mkdtempSync(join(tmpdir(), 'csapi-pgbench-'))
  try {
    const script = join(dir, 'scenario.sql')
    // pgbench cannot define an empty variable: an empty string is written as the literal ''.
    // The planner sees that value, where the server's prepared statement runs a generic plan
    // made without it; that difference is how the brands page's per-brand probe of partnerships
    // showed (#8, docs/performance.md), and test/db/index-use.test.ts now checks the generic plan.
    // It also reads `:name` inside string literals as a variable (a timestamp format's HH24:MI:SS
    // broke the payout lines' ceiling), so a colon in a literal is spelled chr(58), folded to the
    // same constant when the statement is planned.
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
