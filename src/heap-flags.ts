// V8 heap bounds for the serving processes. Left alone, V8 lets the old generation fill with
// garbage up to hundreds of MB on a large machine before a full collection. Measured under load
// (500-row pages, 16 connections): RSS 220 MB with Node's defaults, 161 MB with
// --max-old-space-size=128 alone, 117 MB with both flags, ~40 MB of it live (docs/performance.md).
// No app code here: `csapi serve` decides with it before loading anything.
const DEFAULT_HEAP_FLAGS = '--max-old-space-size=128 --max-semi-space-size=4'
const HEAP_FLAG = /^--max[-_](old|semi)[-_]space[-_]size/

/**
 * The flags a serving process should start with: CSAPI_NODE_HEAP_FLAGS, else the default; none
 * when this process already has heap flags of the operator's (command line or NODE_OPTIONS).
 * Throws on a value that is not a heap flag.
 */
export function heapFlags(env: NodeJS.ProcessEnv = process.env, execArgv: string[] = process.execArgv): string[] {
  const given = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)]
  if (given.some((a) => HEAP_FLAG.test(a))) return []
  const flags = (env.CSAPI_NODE_HEAP_FLAGS ?? DEFAULT_HEAP_FLAGS).split(/\s+/).filter(Boolean)
  const wrong = flags.find((f) => !/^--max[-_](old|semi)[-_]space[-_]size=\d+$/.test(f))
  if (wrong) {
    throw new Error(`CSAPI_NODE_HEAP_FLAGS takes --max-old-space-size=MB and --max-semi-space-size=MB, or "" for Node's defaults (got "${wrong}")`)
  }
  return flags
}
