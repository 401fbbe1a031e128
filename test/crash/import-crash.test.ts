// Crash safety of `csapi import`: the process is killed (SIGKILL) in the middle of a large
// import; the database then holds none of the file and exactly what it held before, and the
// same import run again loads all of it.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDb, type Db } from '../../src/db/index.js'
import { createTestDatabase, load, onPostgres, cliProcess } from '../support/helpers.js'
import { fixture } from '../support/fixture.js'
import { bigDataset, dirBytes, whileWriting } from '../support/crash-kit.js'

// PGlite imports a few thousand rows a second here, PostgreSQL far more: sizes that keep the file
// under a minute on each (CSAPI_TEST_IMPORT_ROWS overrides).
const ROWS = Number(process.env.CSAPI_TEST_IMPORT_ROWS ?? (onPostgres ? 200_000 : 50_000))
const TABLES = ['accounts', 'brands', 'products', 'links', 'report_rows', 'api_tokens', 'partnerships', 'brand_access']

async function snapshot(db: Db) {
  const counts: Record<string, number> = {}
  for (const t of TABLES) counts[t] = (await db.query<{ n: number }>(`select count(*)::int as n from ${t}`))[0]!.n
  const crash = (
    await db.query<{ n: number }>(`select count(*)::int as n from report_rows where link_id like 'crash_l_%'`)
  )[0]!.n
  const accounts = (await db.query<{ n: number }>(`select count(*)::int as n from accounts where id = 'crash_cr'`))[0]!
    .n
  return { counts, crash, accounts }
}

const importProcess = (url: string, file: string) => cliProcess(url, ['import', file])

test(`SIGKILL in the middle of a ${ROWS}-row import leaves none of it; the re-run loads all of it`, async (t) => {
  const tdb = await createTestDatabase({ migrated: true })
  const work = mkdtempSync(join(tmpdir(), 'csapi-crash-'))
  try {
    const file = join(work, 'big.json')
    writeFileSync(file, JSON.stringify(bigDataset(ROWS)))
    let db = await openDb(tdb.url)
    await load(db, fixture())
    const before = await snapshot(db)
    await db.close()
    const startBytes = tdb.url.startsWith('file:') ? dirBytes(tdb.url.slice('file:'.length)) : 0

    const first = importProcess(tdb.url, file)
    let exited = false
    void first.exit.then(() => (exited = true))
    const started = Date.now()
    await whileWriting(tdb.url, startBytes, 'insert into report_rows', () => exited)
    first.child.kill('SIGKILL')
    const [code, signal] = await first.exit
    assert.equal(signal, 'SIGKILL', `the import was not killed (exit ${code}): ${first.output()}`)
    const killedAfter = Date.now() - started

    db = await openDb(tdb.url)
    const afterCrash = await snapshot(db)
    await db.close()
    assert.deepEqual(afterCrash, before, 'the killed import left something behind')

    const reopenedAt = Date.now()
    const second = importProcess(tdb.url, file)
    const [code2] = await second.exit
    assert.equal(code2, 0, second.output())
    assert.match(second.output(), new RegExp(`report_rows\\s+${ROWS} inserted`))

    db = await openDb(tdb.url)
    const done = await snapshot(db)
    await db.close()
    assert.equal(done.crash, ROWS)
    assert.equal(done.accounts, 1)
    assert.equal(done.counts.report_rows, before.counts.report_rows! + ROWS)
    t.diagnostic(
      `killed after ${killedAfter} ms, mid-transaction; nothing left; re-run loaded ${ROWS} ` +
        `rows in ${Date.now() - reopenedAt} ms`,
    )
  } finally {
    rmSync(work, { recursive: true, force: true })
    await tdb.drop()
  }
})
