// The replica test harness (test/support/pg-cluster.ts) on real PostgreSQL servers of its own: a
// primary, streaming replicas (one delayed), stop/start, and nothing left behind.
import { after, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  freePort,
  lagBytes,
  memoryKb,
  removeAll,
  replayLagMs,
  startPrimary,
  startReplica,
  waitForReplay,
  type PgNode,
} from '../support/pg-cluster.js'

let primary: PgNode
let replica: PgNode
const all: PgNode[] = []

after(() => removeAll())

const names = (node: PgNode) =>
  node.query<{ name: string }>('select name from t order by id').then((rows) => rows.map((r) => r.name))

test('a primary and a replica start; a row written on the primary appears on the replica', async (t) => {
  const t0 = performance.now()
  primary = await startPrimary()
  const t1 = performance.now()
  replica = await startReplica(primary)
  const t2 = performance.now()
  all.push(primary, replica)
  t.diagnostic(`primary ${Math.round(t1 - t0)} ms, replica ${Math.round(t2 - t1)} ms`)

  assert.deepEqual(await primary.query('select pg_is_in_recovery() as r'), [{ r: false }])
  assert.deepEqual(await replica.query('select pg_is_in_recovery() as r'), [{ r: true }])
  assert.match(replica.url(), /^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/)
  assert.notEqual(primary.port, replica.port)

  await primary.query('create table t (id serial primary key, name text)')
  await primary.query("insert into t (name) values ('one')")
  await waitForReplay(primary, replica)
  assert.deepEqual(await names(replica), ['one'])
  assert.equal(await lagBytes(primary, replica), 0)
  assert.equal(await replayLagMs(replica), 0)
  await assert.rejects(replica.query("insert into t (name) values ('no')"), /read-only transaction/)

  const [state] = await primary.query('select application_name, state from pg_stat_replication')
  assert.deepEqual(state, { application_name: replica.name, state: 'streaming' })
  for (const node of [primary, replica]) {
    const m = memoryKb(node)
    t.diagnostic(
      `${node.role}: ${m.processes} processes, RSS ${Math.round(m.rssKb / 1024)} MiB, PSS ` +
        `${Math.round(m.pssKb / 1024)} MiB`,
    )
  }
})

test('a replica with applyDelayMs=2000 shows a row only after the delay and reports lag', async () => {
  const delayed = await startReplica(primary, { applyDelayMs: 2000 })
  all.push(delayed)
  await waitForReplay(primary, delayed) // the table, created before: older than the delay

  const t0 = Date.now()
  await primary.query("insert into t (name) values ('late')")
  // received but not applied: the row is missing and the replica says it is behind
  for (let i = 0; (await replayLagMs(delayed)) === 0; i++) {
    assert.ok(i < 100, 'the delayed replica never received the commit')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  assert.ok((await lagBytes(primary, delayed)) > 0)
  assert.deepEqual(await names(delayed), ['one'])

  await waitForReplay(primary, delayed)
  const waited = Date.now() - t0
  assert.ok(waited >= 1900, `applied after ${waited} ms`)
  assert.ok(waited < 6000, `applied after ${waited} ms`)
  assert.deepEqual(await names(delayed), ['one', 'late'])
  assert.equal(await replayLagMs(delayed), 0)
  await delayed.remove()
  assert.equal(existsSync(delayed.dir), false)
})

test('a stopped replica starts again and catches up', async () => {
  await replica.stop()
  assert.equal(replica.isRunning(), false)
  await assert.rejects(replica.query('select 1'))
  await primary.query("insert into t (name) values ('while stopped')")
  await replica.start()
  await waitForReplay(primary, replica)
  assert.deepEqual(await names(replica), ['one', 'late', 'while stopped'])

  await replica.stop('immediate')
  await replica.start()
  assert.deepEqual(await names(replica), ['one', 'late', 'while stopped'])
})

test('with the primary stopped the replica still answers reads; it resumes when the primary is back', async () => {
  await primary.stop()
  assert.deepEqual(await names(replica), ['one', 'late', 'while stopped'])
  assert.deepEqual(await replica.query('select pg_is_in_recovery() as r'), [{ r: true }])

  await primary.start()
  await primary.query("insert into t (name) values ('after restart')")
  await waitForReplay(primary, replica)
  assert.deepEqual(await names(replica), ['one', 'late', 'while stopped', 'after restart'])
})

test('a node that cannot start says why, with the server log, and leaves nothing', async () => {
  const busy = createServer()
  const port = await freePort()
  await new Promise<void>((resolve) => busy.listen(port, '127.0.0.1', resolve))
  const before = ours()
  try {
    await assert.rejects(startPrimary({ port }), (err: Error) => {
      assert.match(err.message, new RegExp(`primary csapi-primary-\\w+ on port ${port} did not start`))
      assert.match(err.message, /server\.log \(tail\) ---\n[^]*Address already in use/)
      return true
    })
  } finally {
    busy.close()
  }
  assert.deepEqual(ours(), before)
})

test('removeAll stops every server and deletes every dir of this process', async () => {
  assert.ok(ours().length > 0)
  await removeAll()
  const ps = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
  for (const node of all) {
    assert.ok(!ps.includes(node.name), `a process of ${node.name} is still running`)
    assert.ok(!ps.includes(node.dir), `a process in ${node.dir} is still running`)
    assert.equal(existsSync(node.dir), false)
  }
  assert.deepEqual(ours(), [])
})

// the harness dirs in tmpdir that this process owns
function ours() {
  return readdirSync(tmpdir())
    .filter((e) => e.startsWith('csapi-pg-'))
    .filter((e) => {
      try {
        return Number(readFileSync(join(tmpdir(), e, 'owner.pid'), 'utf8')) === process.pid
      } catch {
        return false
      }
    })
}
