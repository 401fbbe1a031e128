// Linux's autogroup scheduling (kernel.sched_autogroup_enabled) shares the CPU between sessions
// as groups, not between processes. PostgreSQL runs in a session of its own; our server, wrk and
// pgbench run in the bench's. The ceilings are each measured with the other side nearly idle —
// pgbench's own CPU is small, so PostgreSQL's group gets what it asks — while our server's page
// needs both groups busy at once, and the split between them is then not the one the pipeline
// needs (on the brands page PostgreSQL does ~70% of the work). Measured on this 2-core machine
// (docs/performance.md): with autogroup off our brands page served ~10% more requests a second
// and pgbench the same. So a ratio against the combined ceiling depends on this setting, and the
// bench records it; `--no-autogroup` turns it off for the run and restores it after.
import { readFileSync, writeFileSync } from 'node:fs'
import { log } from './log.js'

export const AUTOGROUP = '/proc/sys/kernel/sched_autogroup_enabled'

/** 'on', 'off', or 'absent' (a kernel without autogroup, or not Linux). */
export function autogroupState(path = AUTOGROUP): 'on' | 'off' | 'absent' {
  try {
    return readFileSync(path, 'utf8').trim() === '0' ? 'off' : 'on'
  } catch {
    return 'absent'
  }
}

/**
 * Turns autogroup off until the returned function is called (also on SIGINT/SIGTERM); a no-op
 * when it is already off or absent. Throws when the setting cannot be written (not root).
 */
export function autogroupOff(path = AUTOGROUP): () => void {
  if (autogroupState(path) !== 'on') return () => {}
  try {
    writeFileSync(path, '0')
  } catch (err) {
    throw new Error(`--no-autogroup: cannot write ${path} (${(err as Error).message}); it takes root`, {
      cause: err,
    })
  }
  log(`autogroup scheduling off for this run (${path}); it is restored at the end`)
  let restored = false
  const restore = () => {
    if (restored) return
    restored = true
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    writeFileSync(path, '1')
    log('autogroup scheduling restored')
  }
  const onSignal = (signal: NodeJS.Signals) => {
    restore()
    process.kill(process.pid, signal)
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  return restore
}
