// A test file's scratch directory under the system's temporary directory, removed once the
// file's tests are done, so that a run of the suite leaves nothing behind.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after } from 'node:test'

/** A new directory named `prefix` + random characters; call it at a test file's top level. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  after(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}
