// The database as the service sees it while statements run: PGlite in the process
// (src/db/pglite.ts), PostgreSQL over the pool. The statement timeout holds on both,
// transactions commit or roll back whole, errors keep their fields, a closed database says so,
// an idle embedded database never holds a finished process open, and a PGlite directory is open
// in one process at a time (a lock whose holder is gone does not count).
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { type Db, isUnavailable, openDb } from '../../src/db/index.js'
import { DatabaseInUseError, LOCK_FILE } from '../../src/db/dir-lock.js'
import { tempDir } from '../support/temp-dir.js'
import { createTestDatabase, onPostgres, openTestDb } from '../support/helpers.js'

describe('the database while statements run', () => {
  let db: Db
  let close: () => Promise<void>
  before(async () => {
    ;({ db, close } = await openTestDb())
    await db.exec('create table thread_probe (id int primary key, note text)')
  })
  after(() => close())

  it('commits a transaction whole, and rolls back a failed one whole', async () => {
    const ids = await db.transaction(async (tx) => {
      await tx.query('insert into thread_probe (id, note) values ($1, $2)', [1, 'one'])
      await tx.query('insert into thread_probe (id, note) values ($1, $2)', [2, 'two'])
      return tx.query<{ id: number }>('select id from thread_probe order by id')
    })
    assert.deepEqual(ids, [{ id: 1 }, { id: 2 }])
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query('insert into thread_probe (id, note) values ($1, $2)', [3, 'three'])
        await tx.query('insert into thread_probe (id, note) values ($1, $2)', [1, 'again'])
      }),
      (e: { code?: string; constraint?: string; detail?: string }) =>
        e.code === '23505' && e.constraint === 'thread_probe_pkey' && /\(id\)=\(1\)/.test(e.detail ?? ''),
    )
    assert.deepEqual(await db.query('select id, note from thread_probe order by id'), [
      { id: 1, note: 'one' },
      { id: 2, note: 'two' },
    ])
  })

  it('runs concurrent transactions one after another, each seeing its own writes', async () => {
    const one = async (id: number) =>
      db.transaction(async (tx) => {
        await tx.query('insert into thread_probe (id, note) values ($1, $2)', [id, 'concurrent'])
        await new Promise((r) => setTimeout(r, 5))
        const [row] = await tx.query<{ n: number }>(
          `select count(*)::int as n from thread_probe where note = 'concurrent' and id <= $1`,
          [id],
        )
        return row!.n
      })
    const seen = await Promise.all([10, 11, 12, 13].map(one))
    // each transaction saw its own row; on PGlite also every earlier one (they run in turn)
    for (const n of seen) assert.ok(n >= 1)
    const [{ n }] = (await db.query<{ n: number }>(
      `select count(*)::int as n from thread_probe where note = 'concurrent'`,
    )) as [{ n: number }]
    assert.equal(n, 4)
  })

  it('gives a batch job one transaction that a throw rolls back', async () => {
    await assert.rejects(
      db.batch(async (s) => {
        await s.query('insert into thread_probe (id, note) values (20, $1)', ['batch'])
        throw new Error('job failed')
      }),
      /job failed/,
    )
    assert.deepEqual(await db.query(`select id from thread_probe where note = 'batch'`), [])
  })
})

describe('the statement timeout', () => {
  let db: Db
  let done: () => Promise<void>
  before(async () => {
    const t = await createTestDatabase()
    db = await openDb(t.url, { statementTimeoutMs: 150 })
    await db.exec('create table timeout_probe (id int primary key)')
    done = async () => {
      await db.close()
      await t.drop()
    }
  })
  after(() => done())

  it(
    'PostgreSQL cancels a statement at its timeout: 57014, unavailable (503), nothing written',
    {
      skip: !onPostgres && 'PostgreSQL only',
    },
    async () => {
      const err = await db.query('insert into timeout_probe select 1 from pg_sleep(1)').catch((e: unknown) => e)
      assert.equal((err as { code?: string }).code, '57014')
      assert.ok(isUnavailable(err))
      assert.deepEqual(await db.query('select id from timeout_probe'), [])
    },
  )

  it(
    'PGlite does not start a statement still waiting at its timeout: 57014, unavailable (503), nothing written',
    {
      skip: onPostgres && 'PGlite only',
    },
    async () => {
      // PGlite runs one statement at a time: the insert waits behind the sleep past its 150 ms
      const sleep = db.query('select pg_sleep(0.4)')
      const err = await db.query('insert into timeout_probe values (1)').catch((e: unknown) => e)
      await sleep
      assert.equal((err as { code?: string }).code, '57014')
      assert.ok(isUnavailable(err))
      assert.deepEqual(await db.query('select id from timeout_probe'), [])
      // a batch job has no statement timeout, as on PostgreSQL
      const batchSleep = db.query('select pg_sleep(0.3)')
      await db.batch((s) => s.query('insert into timeout_probe values (2)'))
      await batchSleep
      assert.deepEqual(await db.query('select id from timeout_probe'), [{ id: 2 }])
    },
  )
})

describe('a closed database', () => {
  it('refuses statements as unavailable (503), not as a bug', async () => {
    // a database of its own on PostgreSQL, dropped afterwards (its pool is closed here)
    const t = onPostgres ? await createTestDatabase() : undefined
    try {
      const db = await openDb(t?.url ?? 'memory:')
      await db.close()
      const err = await db.query('select 1').then(
        () => null,
        (e: unknown) => e,
      )
      assert.ok(err, 'a query on a closed database answered')
      assert.ok(isUnavailable(err), `not taken as unavailable: ${String(err)}`)
    } finally {
      await t?.drop()
    }
  })
})

describe('an idle embedded database', { skip: onPostgres && 'PGlite only' }, () => {
  it('does not hold a finished process open (a CLI command that never closed it still exits)', () => {
    const script = [
      `const { openDb } = await import(${JSON.stringify(new URL('../../src/db/index.ts', import.meta.url).href)})`,
      `const db = await openDb('memory:')`,
      `const [row] = await db.query('select 41 + 1 as answer')`,
      `console.log(row.answer)`,
    ].join('\n')
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    })
    assert.equal(r.signal, null, 'the process was still running after 30 s')
    assert.equal(r.status, 0, r.stderr)
    assert.equal(r.stdout.trim(), '42')
  })
})

describe('the lock of an embedded database directory', { skip: onPostgres && 'PGlite only' }, () => {
  const root = tempDir('csapi-dirlock-')
  let n = 0
  /** A new directory holding `holder` as its lock file. */
  const lockedBy = (holder: object) => {
    const dir = join(root, `d${n++}`)
    mkdirSync(dir)
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ host: hostname(), token: 'theirs', ...holder }))
    return dir
  }
  const opens = async (dir: string) => {
    const db = await openDb(`file:${dir}`)
    assert.equal(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid, process.pid)
    await db.close()
    assert.ok(!existsSync(join(dir, LOCK_FILE)), 'close leaves no lock')
  }

  it('is refused a second time in the same process until the first closes; memory: takes none', async () => {
    const dir = join(root, 'twice')
    const first = await openDb(`file:${dir}`)
    await assert.rejects(openDb(`file:${dir}`), (e) => e instanceof DatabaseInUseError && e.pid === process.pid)
    await first.query('select 1') // the refused open did not disturb the holder
    await first.close()
    await opens(dir)
    const [a, b] = [await openDb('memory:'), await openDb('memory:')]
    await Promise.all([a.close(), b.close()])
  })

  it('is refused while a live process holds it', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' })
    try {
      const started = /^\d+ \(.*\) \S (.*)$/.exec(readFileSync(`/proc/${other.pid}/stat`, 'utf8'))?.[1]
      const dir = lockedBy({ pid: other.pid, started: started?.split(' ')[18] ?? null })
      await assert.rejects(openDb(`file:${dir}`), (e: Error) => {
        assert.ok(e instanceof DatabaseInUseError)
        assert.equal(e.message.includes(`${dir} is in use by another csapi process (pid ${other.pid})`), true)
        return true
      })
    } finally {
      other.kill('SIGKILL')
      await once(other, 'exit')
    }
  })

  it('is taken over when its holder is gone, or its pid now belongs to another process', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid
    await opens(lockedBy({ pid: dead, started: '1' }))
    // a live pid that started at another time than the holder did: reused by another process
    await opens(lockedBy({ pid: process.ppid, started: '1' }))
    // this process's own pid, but not a lock it holds (a restarted container's pid 1)
    await opens(lockedBy({ pid: process.pid, started: null }))
    await opens(lockedBy({})) // not a lock this code wrote
  })
})
