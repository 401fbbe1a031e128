// Every way the docs start the server, run exactly as written, on this Node and on Node 24: each
// command line of a `sh` block in README.md and docs/*.md that starts `serve`, the systemd unit
// (its ExecStart with its EnvironmentFile), and the Dockerfile's CMD with its ENV. Each must
// answer /readyz and stop with exit 0 on SIGTERM. A documented start that fails is a defect (#33).
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { readdirSync, readFileSync } from 'node:fs'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createTestDatabase, type TestDatabase } from '../support/helpers.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const read = (path: string) => readFileSync(join(root, path), 'utf8')

interface Start {
  /** Where it is written. */
  where: string
  /** A shell command line, run in the checkout. */
  command: string
  /** Run without a shell, as systemd and docker run their commands. */
  argv?: string[]
  /** Environment the command line itself does not set (what the docs say to export or give). */
  env: Record<string, string>
}

/** Command lines of the docs' `sh` blocks that start the server. */
export function documentedStarts(): Start[] {
  const files = ['README.md', ...readdirSync(join(root, 'docs')).map((f) => `docs/${f}`)].filter((f) =>
    f.endsWith('.md'),
  )
  const starts: Start[] = []
  for (const file of files) {
    for (const [, block] of read(file).matchAll(/```(?:sh|bash|shell)\n([\s\S]*?)```/g)) {
      for (const line of block!.split('\n')) {
        const command = line.replace(/\s+#.*$/, '').trim()
        if (/\b(csapi(\.js)? serve|npm start)\b/.test(command) && !/--help|--workers/.test(command)) {
          starts.push({ where: file, command, env: {} })
        }
      }
    }
  }
  return starts
}

/** KEY=VALUE lines (systemd EnvironmentFile and docker --env-file syntax). */
const envFile = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .split('\n')
      .filter((l) => /^[A-Z_][A-Z0-9_]*=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1).replace(/^"(.*)"$/, '$1')]),
  )

/** The unit's ExecStart, with the environment of its first EnvironmentFile (the checkout's). */
function unitStart(): Start {
  const unit = read('deploy/csapi.service')
  const dir = /^WorkingDirectory=(.+)$/m.exec(unit)![1]!
  const file = /^EnvironmentFile=(.+)$/m.exec(unit)![1]!
  const exec = /^ExecStart=(.+)$/m.exec(unit)![1]!
  assert.ok(file.startsWith(dir + '/'), 'the environment file is the checkout’s')
  return {
    where: 'deploy/csapi.service',
    command: exec,
    argv: exec.replace(/^\/usr\/bin\/node\b/, 'node').split(/\s+/),
    env: envFile(read(file.slice(dir.length + 1))),
  }
}

/** The Dockerfile's CMD with its ENV (the image's WORKDIR holds what the checkout holds). */
function dockerStart(): Start {
  const text = read('deploy/Dockerfile')
  const env: Record<string, string> = {}
  for (const [, k, v] of text.matchAll(/^ENV ([A-Z_]+)=(.*)$/gm)) env[k!] = v!.replace(/^"(.*)"$/, '$1')
  const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(text)![1]!) as string[]
  return { where: 'deploy/Dockerfile', command: cmd.join(' '), argv: cmd, env }
}

async function freePort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  const port = (s.address() as { port: number }).port
  await new Promise((r) => s.close(r))
  return port
}

/** Node 24's binary (npx fetches it from the npm registry once), or null where it cannot be had. */
function node24(): string | null {
  try {
    return execFileSync('npx', ['-y', 'node@24', '-p', 'process.execPath'], {
      encoding: 'utf8',
      timeout: 300_000,
    }).trim()
  } catch {
    return null
  }
}

async function runStart(start: Start, node: string, db: TestDatabase): Promise<void> {
  const port = await freePort()
  const [file, ...args] = start.argv ?? ['sh', '-c', start.command]
  // `node` of the argv is the Node under test, found first on PATH
  const child = spawn(file === 'node' ? node : file!, args, {
    cwd: root,
    detached: true, // its own process group: SIGTERM reaches npx and the server as Ctrl-C would
    env: {
      ...process.env,
      // what an operator's shell or secrets file gives: the database, and a port of this test's
      PORT: String(port),
      ...start.env,
      ...(start.where.startsWith('deploy/') ? { PORT: String(port) } : {}),
      DATABASE_URL: db.url,
      PATH: `${dirname(node)}:${process.env.PATH}`,
      NODE_OPTIONS: start.env.NODE_OPTIONS ?? '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout!.on('data', (c) => (out += c))
  child.stderr!.on('data', (c) => (out += c))
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>
  let ended: [number | null, string | null] | null = null
  void exited.then((e) => (ended = e))
  try {
    const deadline = Date.now() + 240_000
    for (;;) {
      assert.equal(ended, null, `${start.where}: \`${start.command}\` exited ${JSON.stringify(ended)}:\n${out}`)
      assert.ok(Date.now() < deadline, `${start.where}: \`${start.command}\` never became ready:\n${out}`)
      const res = await get(port, '/readyz').catch(() => null)
      if (res?.status === 200) break
      await new Promise((r) => setTimeout(r, 250))
    }
    assert.equal(JSON.parse((await get(port, '/healthz')).body).status, 'ok')
  } finally {
    if (ended === null) process.kill(-child.pid!, 'SIGTERM')
  }
  const [code, signal] = await exited
  const until = Date.now() + 30_000
  while (groupAlive(child.pid!)) {
    assert.ok(Date.now() < until, `${start.where}: processes of \`${start.command}\` left running:\n${out}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  // npx and a shell between the signal and the server may end by the signal themselves; the
  // server must finish cleanly, and nothing of the group may be left
  assert.match(out, /shut down cleanly/, `${start.where}: \`${start.command}\` after SIGTERM:\n${out}`)
  if (start.argv) assert.deepEqual([code, signal], [0, null], `${start.where}: exit status\n${out}`)
}

/** One GET on a connection of its own, closed after the answer (no keep-alive to wait out). */
function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = ''
      res.on('data', (c) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode!, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}

describe('every documented start command starts the server and stops on SIGTERM', () => {
  let db: TestDatabase
  before(async () => {
    db = await createTestDatabase({ migrated: true })
  })
  after(() => db.drop())

  it('the docs give start commands, none with a fixed --port (PORT chooses it)', () => {
    const starts = documentedStarts()
    assert.ok(
      starts.some((s) => s.where === 'README.md'),
      'README.md has a start command',
    )
    assert.ok(
      starts.some((s) => s.where === 'docs/operations.md'),
      'docs/operations.md has one',
    )
    for (const s of starts) assert.doesNotMatch(s.command, /--port\b/, `${s.where}: ${s.command}`)
  })

  it('deploy/csapi.env and the Dockerfile give the same environment', () => {
    assert.deepEqual(dockerStart().env, envFile(read('deploy/csapi.env')))
  })

  const nodes: [string, () => string | null][] = [
    [`Node ${process.versions.node}`, () => process.execPath],
    ['Node 24', node24],
  ]
  for (const [name, find] of nodes) {
    it(`on ${name}`, { timeout: 1_200_000 }, async (t) => {
      const node = find()
      if (node === null) {
        // CI has the npm registry: there, not finding Node 24 is a failure
        assert.ok(!process.env.CI, 'Node 24 could not be fetched with npx -y node@24')
        return t.skip('Node 24 could not be fetched (no npm registry)')
      }
      for (const start of [...documentedStarts(), unitStart(), dockerStart()]) await runStart(start, node, db)
    })
  }
})
