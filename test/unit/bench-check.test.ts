// `npm run bench` refuses to start without its prerequisites, naming the install command, parses
// its options strictly, measures in rotated rounds and starts its servers in sessions of their
// own, our server with the deployment's NODE_OPTIONS. Cheap: nothing is generated or measured.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkPrerequisites, describeProblems, INSTALL } from '../../bench/check.js'
import { parseOptions, UsageError } from '../../bench/options.js'
import { errorsOver, inRounds, medianIndex, rotation } from '../../bench/rounds.js'
import { ROOT, startServer } from '../../bench/process.js'
import { DEFAULT_NODE_OPTIONS, nodeFlags, nodeOptions } from '../../bench/servers/start.js'

// Port 1: nothing listens there, so the connection is refused at once.
const UNREACHABLE = 'postgres://postgres@127.0.0.1:1/postgres'

function bench(args: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...args], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stderr }))
  })
}

test('bench prerequisites: a PATH without wrk stops the run at start with the install command, exit 2', async () => {
  const bin = mkdtempSync(join(tmpdir(), 'csapi-bench-path-'))
  try {
    // pgbench is there, wrk is not
    writeFileSync(join(bin, 'pgbench'), '#!/bin/sh\nexit 0\n')
    chmodSync(join(bin, 'pgbench'), 0o755)
    const problems = await checkPrerequisites(bin, UNREACHABLE)
    assert.deepEqual(problems.tools, ['wrk (package wrk)'])
    assert.match(problems.database ?? '', /cannot be used: /)

    const run = await bench(['--quick'], { PATH: bin, BENCH_DATABASE_URL: UNREACHABLE, HOME: tmpdir() })
    assert.equal(run.code, 2, run.stderr)
    assert.ok(run.stderr.includes(INSTALL), run.stderr)
    assert.match(run.stderr, /not on PATH: wrk \(package wrk\);/)
    assert.doesNotMatch(run.stderr, /pgbench \(package/)
    assert.match(run.stderr, /PostgreSQL at BENCH_DATABASE_URL \(postgres:\/\/postgres@127\.0\.0\.1:1\/postgres\)/)
    assert.doesNotMatch(run.stderr, /\[bench\] dataset/) // nothing started
  } finally {
    rmSync(bin, { recursive: true, force: true })
  }
})

test('bench prerequisites: the message names both tools and the install command', () => {
  const tools = ['wrk (package wrk)', 'pgbench (package postgresql-client)']
  assert.equal(
    describeProblems({ tools, database: null }),
    'bench: missing prerequisites:\n' + `not on PATH: ${tools.join(', ')}; install with:\n  ${INSTALL}\n`,
  )
  assert.equal(describeProblems({ tools: [], database: null }), null)
  assert.equal(INSTALL, 'apt-get update && apt-get install -y wrk postgresql-client')
})

test('bench options: defaults by size, and unknown options or bad numbers refused', async () => {
  const quick = parseOptions(['--quick'])
  assert.equal(quick.rows, 1_000_000)
  assert.equal(quick.seconds, 2)
  assert.equal(quick.rounds, 5)
  assert.equal(parseOptions(['--rounds', '3']).rounds, 3)
  assert.throws(() => parseOptions(['--rounds', '0']), /--rounds takes a positive integer/)
  assert.equal(quick.database, 'csapi_bench')
  assert.equal(quick.skipPglite, false)
  assert.equal(parseOptions(['--skip-pglite']).skipPglite, true)
  const full = parseOptions(['--rows', '200000', '--only', 'brands', '--database', 'csapi_bench_mine'])
  assert.equal(full.rows, 200_000)
  assert.equal(full.seconds, 8)
  assert.deepEqual(full.only, ['brands'])
  assert.equal(full.database, 'csapi_bench_mine')
  assert.equal(parseOptions([], { BENCH_DATABASE_NAME: 'csapi_bench_env' }).database, 'csapi_bench_env')
  assert.throws(() => parseOptions(['--qiuck']), UsageError)
  for (const gone of ['--workers', '--replica', '--scale', '--no-autogroup', '--shared-session', '--cpu-prof']) {
    assert.throws(() => parseOptions([gone]), UsageError, gone)
  }
  assert.throws(() => parseOptions(['--only', '']), /--only takes a non-empty/)
  assert.throws(() => parseOptions(['extra']), UsageError)
  assert.throws(() => parseOptions(['--rows', '1e6']), /--rows takes a positive integer \(got "1e6"\)/)
  assert.throws(() => parseOptions(['--seconds', '0']), UsageError)
  assert.throws(() => parseOptions(['--database', 'x; drop database postgres']), UsageError)
  assert.throws(() => parseOptions(['--database', 'csapi_bench_ingest_base']), /belongs to npm run bench:ingest/)

  const run = await bench(['--rows', 'many'], { PATH: process.env.PATH ?? '', HOME: tmpdir() })
  assert.equal(run.code, 2)
  assert.match(run.stderr, /--rows takes a positive integer/)
  assert.match(run.stderr, /usage: npm run bench/)
})

test('bench rounds: each side goes first in turn, and the median round is reported whole', async () => {
  assert.deepEqual(
    [0, 1, 2].map((r) => rotation(3, r)),
    [
      [0, 1, 2],
      [1, 2, 0],
      [2, 0, 1],
    ],
  )
  assert.equal(medianIndex([0.9, 0.7, 0.8]), 2)
  assert.equal(medianIndex([0.5, 0.5, 0.4, 0.9]), 0) // the lower middle; ties by position
  assert.throws(() => medianIndex([]))

  // sides measure "ours" and a "ceiling"; the order they ran in is recorded
  const order: string[] = []
  const ours = [100, 80, 90]
  const ceiling = [200, 200, 100]
  let o = 0
  let c = 0
  const rounds = await inRounds(
    3,
    [async () => (order.push('ours'), ours[o++]!), async () => (order.push('ceiling'), ceiling[c++]!)],
    ([a, b]) => a! / b!,
  )
  assert.deepEqual(order, ['ours', 'ceiling', 'ceiling', 'ours', 'ours', 'ceiling'])
  assert.deepEqual(rounds.ratios, [0.5, 0.4, 0.9])
  assert.deepEqual(rounds.median, [100, 200]) // round 0: its own ceiling, not another round's
  assert.equal(rounds.all.length, 3)
  const withErrors = {
    median: [],
    ratios: [],
    all: [
      [{ errors: 0 }, { errors: 2 }],
      [{ errors: 1 }, { errors: 0 }],
    ],
  }
  assert.equal(errorsOver(withErrors, 0), 1) // a later round's error counts, though round 0 had none
  assert.equal(errorsOver(withErrors, 1), 2)
})

// The session a process belongs to: field 6 of /proc/PID/stat (after the command in parentheses).
const sessionOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[3])
const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
const tinyServer = (port: number) => [
  '-e',
  `require('node:http').createServer((q, r) => r.end('ok')).listen(${port}, '127.0.0.1')`,
]
const linux = process.platform === 'linux'

test('bench servers: each in a session of its own, as PostgreSQL is', { skip: !linux }, async () => {
  const own = await startServer({ name: 'own', args: tinyServer, readyPath: '/' })
  try {
    assert.equal(sessionOf(own.pid), own.pid) // a session leader: setsid
    assert.notEqual(sessionOf(own.pid), sessionOf(process.pid))
  } finally {
    await own.stop()
  }
  assert.equal(alive(own.pid), false)
})

test(
  'bench servers: a server in its own session is stopped when the bench is interrupted',
  {
    skip: !linux,
  },
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'csapi-sessions-'))
    try {
      const script = join(dir, 'bench.mts')
      // a bench of its own: it starts one server, prints its pid and waits to be interrupted
      writeFileSync(
        script,
        `import { startServer } from ${JSON.stringify(join(ROOT, 'bench/process.ts'))}
const args = ${tinyServer.toString()}
const s = await startServer({ name: 'tiny', args, readyPath: '/' })
process.stdout.write(s.pid + '\\n')
setInterval(() => {}, 1000)
`,
      )
      const bench = spawn(process.execPath, ['--import', 'tsx', script], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      const pid = await new Promise<number>((resolve, reject) => {
        bench.stdout.once('data', (d: Buffer) => resolve(Number(String(d).trim())))
        bench.once('exit', (code) => reject(new Error(`the bench exited (${code}) before its server started`)))
      })
      assert.ok(alive(pid))
      const exited = new Promise((resolve) => bench.once('exit', (_code, signal) => resolve(signal)))
      bench.kill('SIGINT')
      assert.equal(await exited, 'SIGINT') // it still dies of the signal
      const until = Date.now() + 10_000
      while (alive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 50))
      assert.equal(alive(pid), false, 'the server outlived the bench')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  },
)

test("bench: our server gets deploy/csapi.env's NODE_OPTIONS, or the documented default without the file", () => {
  const dir = mkdtempSync(join(tmpdir(), 'csapi-env-'))
  try {
    const file = join(dir, 'csapi.env')
    assert.equal(nodeOptions(file), DEFAULT_NODE_OPTIONS)
    assert.equal(DEFAULT_NODE_OPTIONS, '--max-old-space-size=128 --max-semi-space-size=8')
    writeFileSync(file, '# V8 heap\nLOG_LEVEL=info\nNODE_OPTIONS=--max-old-space-size=96\n')
    assert.equal(nodeOptions(file), '--max-old-space-size=96')
    writeFileSync(file, 'NODE_OPTIONS="--max-old-space-size=128 --max-semi-space-size=8"\n')
    assert.equal(nodeOptions(file), '--max-old-space-size=128 --max-semi-space-size=8')
    writeFileSync(file, 'LOG_LEVEL=info\n# NODE_OPTIONS=--max-old-space-size=64\n')
    assert.equal(nodeOptions(file), '') // the deployment runs on Node's defaults, so does the bench
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test("bench: our server gets the node flags of deploy/csapi.service's ExecStart", () => {
  assert.deepEqual(nodeFlags(), ['--initial-old-space-size=64'])
  const dir = mkdtempSync(join(tmpdir(), 'csapi-unit-'))
  try {
    const file = join(dir, 'csapi.service')
    writeFileSync(file, '[Service]\nExecStart=/usr/bin/node bin/csapi.js serve\n')
    assert.deepEqual(nodeFlags(file), [])
    assert.deepEqual(nodeFlags(join(dir, 'none.service')), [])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
