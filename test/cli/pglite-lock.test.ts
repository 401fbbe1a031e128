// One process at a time on an embedded database directory (src/db/dir-lock.ts): a command run
// while `csapi serve` holds the directory is refused, saying who holds it, and writes nothing;
// once the server stops the command works; a server killed with SIGKILL does not block it.
import { before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { cliProcess, load, onPostgres } from '../support/helpers.js'
import { tempDir } from '../support/temp-dir.js'
import { openDb } from '../../src/db/index.js'
import { migrate } from '../../src/db/migrate.js'
import { DatabaseInUseError, LOCK_FILE } from '../../src/db/dir-lock.js'

const dir = join(tempDir('csapi-lock-'), 'data')
const url = `file:${dir}`

async function run(args: string[]) {
  const p = cliProcess(url, args, { LOG_LEVEL: 'silent' })
  const [code] = await p.exit
  return { code, out: p.output() }
}

async function serve() {
  const p = cliProcess(url, ['serve', '--port', '0'], { LOG_LEVEL: 'info' })
  await p.waitFor(/"msg":"serving"/)
  return p
}

async function tokenCount(): Promise<number> {
  const db = await openDb(url)
  try {
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from api_tokens')
    return row!.n
  } finally {
    await db.close()
  }
}

// the embedded database's own behaviour: nothing differs when the suite runs on PostgreSQL
describe('the embedded database directory, one process at a time', { skip: onPostgres && 'PGlite only' }, () => {
  before(async () => {
    const db = await openDb(url)
    await migrate(db)
    await load(db, { accounts: [{ id: 'cr_lock', role: 'creator', name: 'Lock' }] })
    await db.close()
  })

  it('refuses a command while serve holds it, naming the directory and pid; nothing is written', async () => {
    const server = await serve()
    try {
      for (const args of [
        ['tokens', 'create', '--account', 'cr_lock'],
        ['tokens', 'list'],
      ]) {
        const r = await run(args)
        assert.equal(r.code, 1, r.out)
        assert.ok(r.out.includes(`the embedded database ${dir} is in use`), r.out)
        assert.ok(r.out.includes(`(pid ${server.child.pid})`), r.out)
        assert.match(r.out, /Stop that process .* or use PostgreSQL/s)
        assert.doesNotMatch(r.out, /csapi_[A-Za-z0-9_-]{20}/) // no token printed
      }
      // every opener is refused, this process included
      await assert.rejects(openDb(url), (e) => e instanceof DatabaseInUseError && e.pid === server.child.pid)
    } finally {
      server.child.kill('SIGTERM')
      await server.exit
    }
    assert.ok(!existsSync(join(dir, LOCK_FILE)), 'a clean shutdown leaves no lock')
    assert.equal(await tokenCount(), 0)

    const created = await run(['tokens', 'create', '--account', 'cr_lock'])
    assert.equal(created.code, 0, created.out)
    assert.equal(await tokenCount(), 1)
  })

  it('a server killed with SIGKILL leaves its lock, which does not block the next command', async () => {
    const server = await serve()
    server.child.kill('SIGKILL')
    await server.exit
    assert.ok(existsSync(join(dir, LOCK_FILE)), 'SIGKILL leaves the lock file behind')
    const r = await run(['tokens', 'create', '--account', 'cr_lock'])
    assert.equal(r.code, 0, r.out)
    assert.equal(await tokenCount(), 2)
  })
})
