// scripts/pg-replica.sh against a primary of the test harness whose pg_hba.conf, like a stock
// Debian cluster's, has no `replication` line.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { freePort, removeAll, startPrimary, type PgNode } from '../support/pg-cluster.js'

let primary: PgNode
let parent: string
let dir: string

const script = (...args: string[]) => spawnSync('scripts/pg-replica.sh', args, { encoding: 'utf8', timeout: 60_000 })

before(async () => {
  primary = await startPrimary({ replication: false })
  parent = mkdtempSync(join(tmpdir(), 'csapi-replica-script-'))
  chmodSync(parent, 0o755) // the postgres user must reach the replica's dir
  dir = join(parent, 'replica')
})

after(async () => {
  if (existsSync(join(dir, 'csapi-replica.conf'))) script('remove', '--dir', dir)
  rmSync(parent, { recursive: true, force: true })
  await removeAll()
})

async function rowsOn(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query('select name from t order by name')).rows.map((r) => r.name)
  } finally {
    await client.end()
  }
}

test('a primary that refuses replication is left alone, with the line to add', async () => {
  const hba = join(primary.dataDir, 'pg_hba.conf')
  const before = readFileSync(hba, 'utf8')
  const r = script('create', '--primary', primary.url(), '--port', String(await freePort()), '--dir', dir)
  assert.equal(r.status, 1, r.stderr)
  assert.match(r.stderr, /no pg_hba.conf entry for replication connection/)
  assert.ok(r.stderr.includes(`Add this line to ${hba}\n  host replication all 127.0.0.1/32 trust\n`), r.stderr)
  assert.match(r.stderr, /--allow-replication/)
  assert.equal(readFileSync(hba, 'utf8'), before)
  assert.equal(existsSync(dir), false)
})

test('create --allow-replication adds the line, reloads, and makes a streaming replica', async () => {
  await primary.query('create table t (name text)')
  await primary.query("insert into t values ('before')")
  const port = await freePort()
  const r = script(
    'create',
    '--primary',
    primary.url(),
    '--port',
    String(port),
    '--dir',
    dir,
    '--allow-replication',
    '--apply-delay-ms',
    '300',
  )
  assert.equal(r.status, 0, r.stdout + r.stderr)
  assert.match(r.stdout, /adding to .*pg_hba\.conf: host replication all 127\.0\.0\.1\/32 trust/)
  assert.match(
    readFileSync(join(primary.dataDir, 'pg_hba.conf'), 'utf8'),
    /# added by csapi scripts\/pg-replica.sh[^\n]*\nhost replication all 127\.0\.0\.1\/32 trust\n$/,
  )

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  assert.ok(r.stdout.includes(`running: ${url}`), r.stdout)
  assert.deepEqual(await rowsOn(url), ['before'])
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  assert.equal((await client.query('show recovery_min_apply_delay')).rows[0].recovery_min_apply_delay, '300ms')
  await client.end()

  await primary.query("insert into t values ('after')")
  for (let i = 0; !(await rowsOn(url)).includes('after'); i++) {
    assert.ok(i < 100, 'the row written on the primary never reached the replica')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
})

test('stop, status, start and remove', async () => {
  assert.equal(script('status', '--dir', dir).status, 0)
  assert.equal(script('stop', '--dir', dir).status, 0)
  assert.equal(script('status', '--dir', dir).status, 3)
  const started = script('start', '--dir', dir)
  assert.equal(started.status, 0, started.stderr)
  assert.match(script('status', '--dir', dir).stdout, /replica[^]*\n\s+t\s/)

  assert.equal(script('remove', '--dir', dir).status, 0)
  assert.equal(existsSync(dir), false)
  const ps = spawnSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).stdout
  assert.ok(!ps.includes(dir), ps)
})

test('remove refuses a dir the script did not make', () => {
  const r = script('remove', '--dir', parent)
  assert.equal(r.status, 1)
  assert.match(r.stderr, /not a replica made by this script/)
  assert.equal(existsSync(parent), true)
})
