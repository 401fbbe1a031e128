// Graceful shutdown of the real server process: under steady load it gets SIGTERM, stops
// accepting, finishes what it accepted, and exits 0 within the grace period. Every request the
// server accepted (it logged it) reached the client as a 200.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { setTimeout as sleep } from 'node:timers/promises'
import { openDb } from '../src/db/index.js'
import { migrate } from '../src/db/migrate.js'
import { CURSOR_SECRET, createTestDatabase, load } from './helpers.js'
import { TOKENS, DAYS, day, fixture } from './fixture.js'

const root = fileURLToPath(new URL('..', import.meta.url))

test('SIGTERM under load: zero failed requests among those accepted, exit 0 within the grace period', async (t) => {
  const tdb = await createTestDatabase()
  const setup = await openDb(tdb.url)
  await migrate(setup)
  await load(setup, fixture())
  await setup.close()

  const grace = 8000
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/bin.ts', 'serve', '--port', '0'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: tdb.url,
      CSAPI_CURSOR_SECRETS: CURSOR_SECRET,
      CSAPI_SHUTDOWN_GRACE_MS: String(grace),
      CSAPI_RATE_LIMIT_PER_MINUTE: '1000000',
      CSAPI_MAX_EVENT_LOOP_DELAY_MS: '0',
      CSAPI_MAX_EVENT_LOOP_UTILIZATION: '0',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (c) => (out += c))
  child.stderr.on('data', (c) => (err += c))
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>
  try {
    let base = ''
    for (let i = 0; i < 300 && !base; i++) {
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
      if (m) base = m[1]!
      else await sleep(100)
    }
    assert.ok(base, `server did not start:\n${out}\n${err}`)

    type Outcome = { id: string; status?: number; error?: string; sentBeforeSignal: boolean }
    const outcomes: Outcome[] = []
    let signalled = false
    let stop = false
    let n = 0
    const urls = [`/api/creator/v1/reports?start=${day(0)}&end=${day(DAYS - 1)}&limit=500`, '/api/creator/v1/brands?limit=100', '/api/creator/v1/brands?limit=5']
    const worker = async (w: number) => {
      while (!stop) {
        const id = `sd-${w}-${n++}`
        const o: Outcome = { id, sentBeforeSignal: !signalled }
        try {
          const res = await fetch(base + urls[n % urls.length]!, { headers: { authorization: `Bearer ${TOKENS.cr_a}`, 'x-request-id': id } })
          await res.arrayBuffer()
          o.status = res.status
        } catch (e) {
          o.error = String((e as { cause?: unknown }).cause ?? e)
          if (signalled) await sleep(20) // refused: the server is going away
        }
        outcomes.push(o)
      }
    }
    const workers = Array.from({ length: 12 }, (_, w) => worker(w))
    await sleep(1500)
    signalled = true
    const signalAt = Date.now()
    child.kill('SIGTERM')
    const [code, signal] = await exited
    const took = Date.now() - signalAt
    stop = true
    await Promise.all(workers)

    assert.equal(signal, null)
    assert.equal(code, 0, `exit code ${code}\n${err}`)
    assert.ok(took < grace, `took ${took} ms`)

    const lines = out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { msg: string; reqId?: string; status?: number })
    const shutdownAt = lines.findIndex((l) => l.msg.startsWith('shutting down'))
    assert.ok(shutdownAt > 0, 'the server logged the shutdown')
    assert.ok(lines.some((l) => l.msg === 'shut down cleanly'))
    const accepted = new Map(lines.filter((l) => l.msg === 'request' && l.reqId?.startsWith('sd-')).map((l) => [l.reqId!, l.status]))
    const finishedAfterSignal = lines.slice(shutdownAt).filter((l) => l.msg === 'request').length

    // Every request the server accepted was answered, and answered well.
    const byId = new Map(outcomes.map((o) => [o.id, o]))
    for (const [id, status] of accepted) {
      assert.equal(status, 200, `${id} logged with ${status}`)
      const o = byId.get(id)
      assert.ok(o, `${id} accepted but not seen by the client`)
      assert.equal(o.status, 200, `${id} accepted but the client got ${o.status ?? o.error}`)
    }
    // Nothing failed with an HTTP error; the only failures are connections refused after close.
    const failures = outcomes.filter((o) => o.status !== 200)
    for (const f of failures) {
      assert.equal(f.status, undefined, `${f.id} got HTTP ${f.status}`)
      assert.ok(!accepted.has(f.id))
    }
    const before = outcomes.filter((o) => o.sentBeforeSignal)
    assert.ok(before.length > 50, 'there was load')
    t.diagnostic(
      `${outcomes.length} requests; ${accepted.size} accepted, all 200; ${finishedAfterSignal} finished after SIGTERM; ` +
        `${failures.length} refused after close, ${failures.filter((f) => f.sentBeforeSignal).length} of them sent before the signal but never accepted (${[...new Set(failures.map((f) => f.error?.split(':')[0]))].join(', ') || 'none'}); exit 0 after ${took} ms`,
    )
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL')
    await tdb.drop()
  }
})

// `csapi serve` restarts itself under a bounded heap (src/bin.ts); the parent passes SIGTERM on.
test('csapi serve runs the server under bounded heap flags; SIGTERM to the parent stops both', { skip: process.platform !== 'linux' && 'reads /proc' }, async () => {
  const serveWith = async (env: Record<string, string>) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/bin.ts', 'serve', '--port', '0'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: 'memory:', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (c) => (out += c))
    const exited = once(child, 'exit') as Promise<[number | null, string | null]>
    for (let i = 0; i < 300 && !/Server listening at/.test(out); i++) await sleep(100)
    assert.match(out, /Server listening at/)
    const { readFileSync } = await import('node:fs')
    const kids = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)
    const cmdlines = kids.map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'))
    child.kill('SIGTERM')
    const [code] = await exited
    for (const pid of kids) assert.throws(() => process.kill(Number(pid), 0), 'the server process is gone too')
    return { code, cmdlines }
  }
  const bounded = await serveWith({})
  assert.equal(bounded.code, 0)
  assert.equal(bounded.cmdlines.length, 1)
  assert.ok(bounded.cmdlines[0]!.includes('--max-old-space-size=128') && bounded.cmdlines[0]!.includes('--max-semi-space-size=4'), bounded.cmdlines[0]!.join(' '))
  const custom = await serveWith({ CSAPI_NODE_HEAP_FLAGS: '--max-old-space-size=300' })
  assert.ok(custom.cmdlines[0]!.includes('--max-old-space-size=300'))
  const off = await serveWith({ CSAPI_NODE_HEAP_FLAGS: '' })
  assert.equal(off.code, 0)
  assert.deepEqual(off.cmdlines, [], 'no second process when turned off')
})
