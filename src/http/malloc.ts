// glibc malloc settings for the serving processes. Node reads every socket into a fresh 64 KB
// allocation, and glibc gives freed memory at the top of its heap back to the kernel once more
// than 128 KB is free there (a threshold it moves as large blocks come and go), so the next
// reads touch pages the kernel must fault in again. Under load on 100-brand pages (62 KB from
// PostgreSQL per request) a server process took 8–26 page faults per request, each a trap into
// the (virtualized) kernel; with these settings 3–5, and up to 0.14 ms less CPU per request,
// lower in 8 of 8 interleaved rounds (docs/performance.md). The cost: freed memory stays in the
// process for reuse.
//
// They are environment, read by the C library when a process starts, so like the heap flags
// they are given where Node starts: `npm start` passes them, operators set GLIBC_TUNABLES
// (docs/operations.md), and `serve --workers` gives them to its workers. Other C libraries
// (musl, macOS) ignore the variable.

/** Keep up to 256 MB free at the heap's top, grow it 32 MB at a time, map only blocks ≥ 4 MB apart. */
export const DEFAULT_MALLOC_TUNABLES =
  'glibc.malloc.trim_threshold=268435456:glibc.malloc.top_pad=33554432:glibc.malloc.mmap_threshold=4194304'

/**
 * The GLIBC_TUNABLES a serving process should start with: the given value with the default
 * malloc settings added, or null when it already sets malloc tunables of its own.
 */
export function mallocTunables(env: NodeJS.ProcessEnv = process.env): string | null {
  const given = env.GLIBC_TUNABLES ?? ''
  if (/(^|:)glibc\.malloc\./.test(given)) return null
  return given === '' ? DEFAULT_MALLOC_TUNABLES : `${given}:${DEFAULT_MALLOC_TUNABLES}`
}
