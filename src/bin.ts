// Entry point of the `csapi` command (bin/csapi.js loads the compiled copy of this file).
//
// `csapi serve` runs under a bounded V8 heap. Left alone, V8 lets the old generation fill with
// garbage up to hundreds of MB on a large machine before a full collection (measured: 220 MB
// RSS serving 500-row pages at 16 connections, ~40 MB of it live). Heap limits can only be set
// when Node starts, so this process starts the server again with them and stays as a small
// parent (no app code loaded) that passes signals on and exits with the server's status.
// An operator who sets --max-old-space-size (flag or NODE_OPTIONS) keeps theirs;
// CSAPI_MAX_OLD_SPACE_MB=0 turns this off.
import { spawn } from 'node:child_process'
import { constants } from 'node:os'

const args = process.argv.slice(2)
const flags = serveHeapFlags()

if (flags) {
  const child = spawn(process.execPath, [...process.execArgv, ...flags, process.argv[1]!, ...args], {
    stdio: 'inherit',
    env: { ...process.env, CSAPI_HEAP_FLAGS: flags.join(' ') },
  })
  // SIGINT from a terminal reaches the whole process group, the server included; SIGTERM is
  // passed on for it, so that the server sees one shutdown request, never a second SIGINT.
  process.on('SIGINT', () => child.kill('SIGTERM'))
  process.on('SIGTERM', () => child.kill('SIGTERM'))
  process.on('SIGHUP', () => child.kill('SIGHUP'))
  child.on('error', (err) => {
    process.stderr.write(`csapi: could not start the server process: ${err.message}\n`)
    process.exit(1)
  })
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 1)))
} else {
  const { run } = await import('./cli.js')
  await run(args)
}

/** The heap flags to restart `csapi serve` with, or null to run here as we are. */
function serveHeapFlags(): string[] | null {
  if (args[0] !== 'serve' || process.env.CSAPI_HEAP_FLAGS !== undefined) return null
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)]
  if (given.some((a) => /^--max[-_]old[-_]space[-_]size/.test(a))) return null
  const raw = process.env.CSAPI_MAX_OLD_SPACE_MB ?? '128'
  if (!/^\d+$/.test(raw)) {
    process.stderr.write(`csapi: CSAPI_MAX_OLD_SPACE_MB must be a whole number of MB, or 0 to leave the heap alone (got "${raw}")\n`)
    process.exit(2)
  }
  if (Number(raw) === 0) return null
  return [`--max-old-space-size=${Number(raw)}`]
}
