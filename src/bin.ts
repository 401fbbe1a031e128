// Entry point of the `csapi` command (bin/csapi.js loads the compiled copy of this file).
//
// `csapi serve` runs under bounded V8 heap flags (src/heap-flags.ts). They can only be set when
// Node starts, so a single-process serve starts the server again with them and stays as a small
// parent (no app code loaded) that passes signals on and exits with the server's status. With
// --workers the cluster primary is that parent already and gives the flags to its workers.
import { spawn } from 'node:child_process'
import { constants } from 'node:os'
import { heapFlags } from './heap-flags.js'

const args = process.argv.slice(2)
const flags = respawnFlags()

if (flags) {
  const child = spawn(process.execPath, [...process.execArgv, ...flags, process.argv[1]!, ...args], {
    stdio: 'inherit',
    env: { ...process.env, CSAPI_SERVE_CHILD: '1' },
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

/** The flags to restart a single-process `csapi serve` with, or null to run here as we are. */
function respawnFlags(): string[] | null {
  if (args[0] !== 'serve' || process.env.CSAPI_SERVE_CHILD !== undefined) return null
  const workers = args.findIndex((a) => a === '--workers' || a.startsWith('--workers='))
  const n = workers < 0 ? '1' : args[workers]!.includes('=') ? args[workers]!.split('=')[1] : args[workers + 1]
  if (n !== '1') return null // the cluster primary passes the flags to its workers (or the CLI refuses the value)
  try {
    const flags = heapFlags()
    return flags.length > 0 ? flags : null
  } catch (err) {
    process.stderr.write(`csapi: ${(err as Error).message}\n`)
    process.exit(2)
  }
}
