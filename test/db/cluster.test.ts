// `csapi serve --workers N`, run as real processes: N workers answer on one port and SIGTERM
// stops them all; a PGlite database (one process's) is refused.
import { after, before, test } from 'node:test'
import { createServer, type AddressInfo } from 'node:net'
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createTestDatabase, onPostgres, type TestDatabase } from '../support/helpers.js'

interface Proc {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  exited: Promise<number | null>
}

function csapi(args: string[], env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/bin.ts', ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (err += d))
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
  return { child, stdout: () => out, stderr: () => err, exited }
}

// the primary's worker processes (not tsx's esbuild service, also a child under tsx)
const workersOf = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number)
    .filter((child) => readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('src/bin.ts'))

test('--workers refuses a PGlite database', async () => {
  const p = csapi(['serve', '--port', '0', '--workers', '2'], { DATABASE_URL: 'memory:' })
  assert.equal(await p.exited, 1)
  assert.match(p.stderr(), /--workers needs PostgreSQL/)
})

test('--workers must be a whole number of at least 1', async () => {
  const p = csapi(['serve', '--port', '0', '--workers', '0'], { DATABASE_URL: 'memory:' })
  assert.equal(await p.exited, 2)
  assert.match(p.stderr(), /--workers must be a number from 1 to 999/)
})

const NODE_OPTIONS = '--max-old-space-size=128 --max-semi-space-size=8'
let t: TestDatabase | undefined
before(async () => {
  if (onPostgres) t = await createTestDatabase()
})
after(async () => {
  await t?.drop()
})

test(
  'two workers serve one port and SIGTERM stops them all',
  { skip: !onPostgres && 'needs TEST_DATABASE_URL' },
  async () => {
    const metricsPort = await freePort()
    const p = csapi(['serve', '--port', '0', '--workers', '2'], {
      DATABASE_URL: t!.url,
      LOG_LEVEL: 'info',
      CSAPI_METRICS_PORT: String(metricsPort),
      NODE_OPTIONS,
    })
    try {
      // each worker logs where it listens; with port 0 they share the one port the primary picked
      const until = Date.now() + 30_000
      let ports: string[] = []
      while (ports.length < 2 && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 100))
        ports = [...p.stdout().matchAll(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/g)].map((m) => m[1]!)
      }
      assert.equal(ports.length, 2, `two workers listening; stderr: ${p.stderr()}`)
      assert.equal(ports[0], ports[1])
      assert.equal(workersOf(p.child.pid!).length, 2)
      // the workers inherit the environment: NODE_OPTIONS as deploy/csapi.env gives it
      for (const w of workersOf(p.child.pid!))
        assert.ok(readFileSync(`/proc/${w}/environ`, 'utf8').split('\0').includes(`NODE_OPTIONS=${NODE_OPTIONS}`))
      // readiness may say 503 while a fresh process is still busy starting (load shedding)
      let ready: { status: number; body: unknown } = { status: 0, body: null }
      while (ready.status !== 200 && Date.now() < until) {
        const res = await fetch(`http://127.0.0.1:${ports[0]}/readyz`)
        ready = { status: res.status, body: await res.json() }
        if (ready.status !== 200) await new Promise((r) => setTimeout(r, 200))
      }
      assert.deepEqual([ready.status, (ready.body as { status: string }).status], [200, 'ok'])
      // the primary serves the workers' metrics summed: 20 probes on new connections, spread by the
      // primary over both workers, are counted once each
      for (let i = 0; i < 20; i++)
        await fetch(`http://127.0.0.1:${ports[0]}/healthz`, { headers: { connection: 'close' } })
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
      const healthz = [
        ...text.matchAll(/^csapi_http_requests_total\{route="\/healthz",method="GET",status="200"\} (\d+)$/gm),
      ]
      assert.deepEqual(
        healthz.map((m) => m[1]),
        ['20'],
        text.slice(0, 2000),
      )
      assert.equal(
        [...text.matchAll(/^csapi_ingest_runs_total /gm)].length,
        1,
        'read from the database: reported once, not summed',
      )
      const workers = workersOf(p.child.pid!)
      p.child.kill('SIGTERM')
      assert.equal(await p.exited, 0)
      for (const pid of workers) assert.throws(() => process.kill(pid, 0), 'worker stopped with the primary')
    } finally {
      if (p.child.exitCode === null) p.child.kill('SIGKILL')
    }
  },
)

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port
      server.close(() => resolve(port))
    })
  })
}
