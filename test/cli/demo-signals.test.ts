// `npm run demo` stops whole on SIGTERM or SIGINT: npm, and the node process serving the demo.
// A signal sent to npm alone (a supervisor, `kill PID`) is passed on by npm to its child; Ctrl-C
// reaches every process of the terminal's group, node twice (npm passes it on too). Each run is
// its own process group, so the test sees every process the run started.
import { after, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { tempDir } from '../support/temp-dir.js'

const dir = tempDir('csapi-demo-signals-')
const groups: number[] = []
after(() => {
  for (const pgid of groups) if (alive(pgid)) process.kill(-pgid, 'SIGKILL')
})

/** Whether any process of the group is left. */
function alive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}

function demo(): { npm: ChildProcess; log: () => string; exited: Promise<unknown> } {
  const npm = spawn('npm', ['run', 'demo'], {
    detached: true, // a process group of its own
    env: { ...process.env, DATABASE_URL: `file:${join(dir, 'data')}`, PORT: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  groups.push(npm.pid!)
  let log = ''
  npm.stdout!.on('data', (d) => (log += d))
  npm.stderr!.on('data', (d) => (log += d))
  return { npm, log: () => log, exited: new Promise((resolve) => npm.on('exit', resolve)) }
}

async function until(what: () => boolean, seconds: number, why: string, log: () => string) {
  for (let i = 0; i < seconds * 10 && !what(); i++) await new Promise((r) => setTimeout(r, 100))
  assert.ok(what(), `${why}\n${log()}`)
}

for (const [signal, to, when] of [
  ['SIGTERM', 'npm', 'serving'],
  ['SIGINT', 'the group', 'serving'],
  ['SIGTERM', 'npm', 'loading'],
] as const) {
  test(`${signal} to ${to} while ${when}: every process of npm run demo ends`, async () => {
    const run = demo()
    const pgid = run.npm.pid!
    if (when === 'serving') {
      await until(() => /"msg":"serving"/.test(run.log()), 300, 'the demo serves', run.log)
    } else {
      await until(() => /> csapi@[\d.]+ demo\n/.test(run.log()), 60, 'npm started the script', run.log)
      await new Promise((r) => setTimeout(r, 500))
      assert.doesNotMatch(run.log(), /Demo data/, 'still loading')
    }
    process.kill(to === 'npm' ? pgid : -pgid, signal)
    await until(() => !alive(pgid), 30, 'no process of the run is left', run.log)
    await run.exited
    if (when === 'serving') assert.match(run.log(), /"msg":"shut down cleanly"/, 'node finished its shutdown')
  })
}
