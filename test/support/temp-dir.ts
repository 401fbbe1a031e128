// A test file's scratch directory under the system's temporary directory, removed when the test
// file's process exits, so that a run leaves nothing behind: node:test's `after`, called inside a
// test after an await, attaches to no test and does not run.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A new directory named `prefix` + random characters, anywhere in a test file. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
  return dir
}
