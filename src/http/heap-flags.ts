// V8 heap bounds for the serving processes. Left alone, V8 lets the old generation fill with
// garbage up to hundreds of MB on a large machine before a full collection. Measured under load
// (500-row pages, 16 connections): RSS 220 MB with Node's defaults, 161 MB with
// --max-old-space-size=128 alone, ~40 MB of it live (docs/performance.md). The young generation
// is 8 MB. At 4 MB, with every page body a string, scavenges came 4× as often as at 16 — GC
// took 868 ms of every 8 s of brands pages against 272 ms. Since pages over 16 KB are written
// into lent Buffers (src/http/body-pool.ts), a request leaves about half the young garbage,
// and at 16 MB the scavenges came so seldom that the memory of the sockets' read Buffers, which
// V8 counts towards its next full collection until a scavenge frees them, started two or three
// a second under 500 payout lines: 8 MB took 190–330 µs of CPU off each of those requests and
// 210–760 µs off 500-row reports pages, brands pages within the noise (docs/performance.md).
// The old generation is not collected in full below 64 MB (--initial-old-space-size: V8 skips
// full collections under an initial size the embedder set). With a floor set by V8 from the
// live size alone (~27 MB), in-flight pages promoted by scavenges started a full collection every
// ~0.8 s under 100-brand pages on PGlite, whose requests live longest; measured side by side
// (perf stat, instructions per request of the whole server): PGlite brands page 8.45–8.52 M
// against 8.96–9.11 M; PostgreSQL 500-row reports pages 5.8–6.6 ms of CPU against 8.3–8.4; peak
// RSS 3–8 MB higher on PostgreSQL, 17–25 MB on PGlite (docs/performance.md). PGlite's own
// thread has had the same since its start (src/db/pglite.ts).
// They are Node flags, so they are given where Node starts: `npm start` passes them, operators
// put them in NODE_OPTIONS (docs/operations.md), and `serve --workers` gives them to its workers.
import { getHeapStatistics } from 'node:v8'
import { ConfigError } from '../config.js'

export const DEFAULT_HEAP_FLAGS = '--max-old-space-size=128 --max-semi-space-size=8 --initial-old-space-size=64'
/** A flag CSAPI_NODE_HEAP_FLAGS may hold. */
const HEAP_FLAG = /^--(max[-_](old|semi)|initial[-_]old)[-_]space[-_]size=\d+$/
/** A flag that bounds the heap: a process started with one has chosen its own heap flags. */
const BOUND = /^--max[-_](old|semi)[-_]space[-_]size/

/**
 * The heap flags a serving process should have and lacks: CSAPI_NODE_HEAP_FLAGS, else the
 * default; none when the process already has heap flags (command line or NODE_OPTIONS) or
 * CSAPI_NODE_HEAP_FLAGS is "". Throws ConfigError on a value that is not a heap flag.
 */
export function heapFlags(env: NodeJS.ProcessEnv = process.env, execArgv: string[] = process.execArgv): string[] {
  const given = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)]
  const flags = (env.CSAPI_NODE_HEAP_FLAGS ?? DEFAULT_HEAP_FLAGS).split(/\s+/).filter(Boolean)
  const wrong = flags.find((f) => !HEAP_FLAG.test(f))
  if (wrong) {
    throw new ConfigError(
      'CSAPI_NODE_HEAP_FLAGS takes --max-old-space-size=MB, --max-semi-space-size=MB and ' +
        '--initial-old-space-size=MB, ' +
        `or "" for Node's defaults (got "${wrong}")`,
    )
  }
  return given.some((a) => BOUND.test(a)) ? [] : flags
}

interface Log {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

/** Logs this process's heap limit; `missing` (from heapFlags) warns with the line to start with. */
export function logHeapLimit(log: Log, missing: string[]): void {
  const heapLimitMb = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20)
  log.info({ heapLimitMb }, 'V8 heap limit')
  if (missing.length === 0) return
  log.warn(
    { heapLimitMb, nodeOptions: missing.join(' ') },
    `V8 heap unbounded (Node's default limit): garbage can fill hundreds of MB before a collection. ` +
      `Start Node with NODE_OPTIONS="${missing.join(' ')}" (npm start does; see docs/operations.md)`,
  )
}
