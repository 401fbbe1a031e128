// What a server process costs, read from /proc: CPU time and peak RSS of the process and its
// children (the small parent that sets heap flags, or the cluster primary and its workers).
import { readFileSync } from 'node:fs'
import { wrk, type HttpTarget, type Measure } from './load.js'
import { log } from './log.js'

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
  const mb = overTree(pid, (p) => {
    const status = readFileSync(`/proc/${p}/status`, 'utf8')
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024
  })
  return Math.round(mb)
}

export type CpuMeasure = Measure & { cpu_ms_per_req: number }

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
  return { ...m, cpu_ms_per_req: Math.round(perReq * 1000) / 1000 }
}

/**
 * Load on every target, two seconds at a time, for at least `minSeconds` in all, before the first
 * measurement of a run. warm() (a few hundred requests) readies a route's statement and plan, not
 * a fresh process: without this, the first scenario measured (the brands page) paid the JIT
 * warm-up of the whole server — 1.0–1.5 ms of CPU per request against ~0.45 ms warm — and each
 * peer's first scenario likewise. The floor is for runs of a few scenarios (`--only`): two
 * targets for 2 s each left the brands page at 1.1–1.3 ms per request where a full run's 40 s of
 * warm-up gave 0.66 ms (docs/performance.md).
 */
export async function warmUnderLoad(targets: HttpTarget[], connections: number, minSeconds = 20): Promise<void> {
  const started = Date.now()
  do for (const t of targets) await wrk(t, connections, 2)
  while (targets.length > 0 && Date.now() - started < minSeconds * 1000)
  log(`warmed ${targets.length} targets under load in ${Math.round((Date.now() - started) / 1000)} s`)
}

/** A few hundred requests before measuring: JIT, plan caches, pool connections, OS page cache. */
export async function warm(t: HttpTarget, n = 150): Promise<void> {
  const init: RequestInit = t.body
    ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: t.body }
    : { headers: t.headers ?? {} }
  const one = async () => {
    const res = await fetch(t.url, init)
    await res.arrayBuffer()
  }
  for (let i = 0; i < n; i += 10) await Promise.all(Array.from({ length: 10 }, one))
}

/**
 * Two targets measured back to back after warming both, the order alternating with `i`: the
 * second of two back-to-back measurements tends to be slower. Returns [a's, b's].
 */
export async function sideBySide(
  a: HttpTarget,
  b: HttpTarget,
  i: number,
  connections: number,
  seconds: number,
): Promise<[Measure, Measure]> {
  await warm(a)
  await warm(b)
  if (i % 2 === 0) {
    const ma = await wrk(a, connections, seconds)
    return [ma, await wrk(b, connections, seconds)]
  }
  const mb = await wrk(b, connections, seconds)
  return [await wrk(a, connections, seconds), mb]
}

/**
 * Two servers of one comparison (replica vs primary, 1M twin vs full): every target under load
 * first (warmUnderLoad, both servers being fresh processes), then each scenario of `a`
 * measured side by side with the scenario of the same name in `b`.
 */
export async function pairsSideBySide<S extends { name: string; ours: HttpTarget }>(
  a: S[],
  b: S[],
  connections: number,
  seconds: number,
): Promise<{ name: string; a: Measure; b: Measure }[]> {
  const pairs = a.map((x) => {
    const y = b.find((z) => z.name === x.name)
    if (!y) throw new Error(`scenario "${x.name}" is missing on the second server`)
    return [x, y] as const
  })
  await warmUnderLoad(
    pairs.flatMap(([x, y]) => [x.ours, y.ours]),
    connections,
  )
  const measured = []
  for (const [i, [x, y]] of pairs.entries()) {
    const [ma, mb] = await sideBySide(x.ours, y.ours, i, connections, seconds)
    measured.push({ name: x.name, a: ma, b: mb })
  }
  return measured
}
