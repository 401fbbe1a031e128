// V8 heap bounds for `csapi serve` are Node flags, given where Node starts: `npm start` and
// `npm run demo` pass them, an operator sets NODE_OPTIONS. A serve without them runs with Node's
// default limit and says so once, with the NODE_OPTIONS line to use.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { setTimeout as sleep } from 'node:timers/promises'
import { DEFAULT_HEAP_FLAGS, heapFlags } from '../../src/http/heap-flags.js'
import { DEFAULT_MALLOC_TUNABLES, mallocTunables } from '../../src/http/malloc.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { scripts: Record<string, string> }
const scripts = pkg.scripts

test("heap flags: the default, the operator's override, their own flags kept, nonsense refused", () => {
  assert.deepEqual(heapFlags({}, []), [
    '--max-old-space-size=128',
    '--max-semi-space-size=8',
    '--initial-old-space-size=64',
  ])
  assert.deepEqual(heapFlags({ CSAPI_NODE_HEAP_FLAGS: '--max-old-space-size=512' }, []), ['--max-old-space-size=512'])
  assert.deepEqual(heapFlags({ CSAPI_NODE_HEAP_FLAGS: '' }, []), [])
  assert.deepEqual(heapFlags({}, ['--max-old-space-size=64']), [])
  assert.deepEqual(heapFlags({ NODE_OPTIONS: '--enable-source-maps --max_semi_space_size=2' }, []), [])
  assert.deepEqual(heapFlags({ NODE_OPTIONS: '--enable-source-maps' }, []), [
    '--max-old-space-size=128',
    '--max-semi-space-size=8',
    '--initial-old-space-size=64',
  ])
  assert.throws(
    () => heapFlags({ CSAPI_NODE_HEAP_FLAGS: '--inspect' }, []),
    /CSAPI_NODE_HEAP_FLAGS takes .* \(got "--inspect"\)/,
  )
  assert.throws(
    () => heapFlags({ CSAPI_NODE_HEAP_FLAGS: '--max-old-space-size=lots' }, []),
    /got "--max-old-space-size=lots"/,
  )
})

test('npm start and npm run demo start node with the bounded heap flags', () => {
  // npm start also keeps glibc's malloc from handing freed memory back (src/http/malloc.ts)
  assert.equal(
    scripts.start,
    `GLIBC_TUNABLES=\${GLIBC_TUNABLES:-${DEFAULT_MALLOC_TUNABLES}} node ${DEFAULT_HEAP_FLAGS} bin/csapi.js serve`,
  )
  // exec: npm's child is node itself, so a signal npm passes on reaches it (test/cli/demo-signals.test.ts)
  assert.equal(scripts.demo, `exec node ${DEFAULT_HEAP_FLAGS} bin/csapi.js demo --serve`)
})

test('serve --help gives the line that starts it with both', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/bin.ts', 'serve', '--help'], { cwd: root })
  let out = ''
  child.stdout.on('data', (c) => (out += c))
  await once(child, 'exit')
  assert.ok(
    out.includes(`GLIBC_TUNABLES=${DEFAULT_MALLOC_TUNABLES} \\\n  NODE_OPTIONS="${DEFAULT_HEAP_FLAGS}" csapi serve`),
    out,
  )
})

test("malloc settings: the default, added to other glibc tunables, the operator's own kept", () => {
  assert.equal(mallocTunables({}), DEFAULT_MALLOC_TUNABLES)
  assert.equal(mallocTunables({ GLIBC_TUNABLES: '' }), DEFAULT_MALLOC_TUNABLES)
  const cpu = 'glibc.cpu.x86_ibt=off'
  assert.equal(mallocTunables({ GLIBC_TUNABLES: cpu }), `${cpu}:${DEFAULT_MALLOC_TUNABLES}`)
  assert.equal(mallocTunables({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }), null)
  assert.equal(mallocTunables({ GLIBC_TUNABLES: 'glibc.cpu.x86_ibt=off:glibc.malloc.tcache_count=0' }), null)
})

interface Log {
  msg: string
  level: number
  heapLimitMb?: number
}

/** `csapi serve` on an empty in-memory database: the heap lines it logged, and its exit code. */
async function serveOnce(nodeFlags: string[], env: Record<string, string>) {
  const base = { ...process.env }
  delete base.NODE_OPTIONS
  delete base.CSAPI_NODE_HEAP_FLAGS
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'src/bin.ts', 'serve', '--port', '0'], {
    cwd: root,
    env: { ...base, DATABASE_URL: 'memory:', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout.on('data', (c) => (out += c))
  child.stderr.on('data', (c) => (out += c))
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>
  const logs = () =>
    out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Log)
  for (let i = 0; i < 600 && !logs().some((l) => l.msg === 'V8 heap limit'); i++) await sleep(100)
  child.kill('SIGTERM')
  const [code] = await exited
  const limit = logs().find((l) => l.msg === 'V8 heap limit')
  assert.ok(limit, `no heap limit logged:\n${out}`)
  return { code, limitMb: limit.heapLimitMb!, warnings: logs().filter((l) => l.level === 40 && /V8 heap/.test(l.msg)) }
}

test("serve logs its heap limit: bounded under npm start's flags or NODE_OPTIONS; otherwise one warning", async () => {
  const flags = scripts.start!.split(' ').filter((a) => a.startsWith('--max-'))
  const started = await serveOnce(flags, {})
  const options = await serveOnce([], { NODE_OPTIONS: flags.join(' ') })
  const plain = await serveOnce([], {})
  for (const bounded of [started, options]) {
    assert.equal(bounded.code, 0)
    // 128 MB old space plus the young generation (three 8 MB semi-spaces)
    assert.ok(bounded.limitMb >= 128 && bounded.limitMb <= 156, `heap limit ${bounded.limitMb} MB`)
    assert.deepEqual(bounded.warnings, [])
  }
  assert.equal(plain.code, 0)
  assert.ok(plain.limitMb > started.limitMb, `Node's default ${plain.limitMb} MB`)
  assert.equal(plain.warnings.length, 1)
  assert.ok(plain.warnings[0]!.msg.includes(`NODE_OPTIONS="${DEFAULT_HEAP_FLAGS}"`), plain.warnings[0]!.msg)
  // the operator chose Node's defaults: no warning
  assert.deepEqual((await serveOnce([], { CSAPI_NODE_HEAP_FLAGS: '' })).warnings, [])
})
