// Crash safety of `csapi commissions pay`: the process is killed (SIGKILL) while it marks a large
// payout's rows paid; the database then holds no payout, no line, and every row still approved,
// exactly as before; the same pay run again pays all of it, once.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { openDb, type Db } from '../../src/db/index.js'
import { cliProcess, createTestDatabase, load, onPostgres } from '../support/helpers.js'
import { bigDataset, dirBytes, whileWriting } from '../support/crash-kit.js'

const ROWS = Number(process.env.CSAPI_TEST_PAY_ROWS ?? (onPostgres ? 200_000 : 50_000))

async function state(db: Db) {
  const [s] = await db.query<{ payouts: number; lines: number; approved: number; paid: number; commission: string }>(
    `select (select count(*)::int from payouts) as payouts,
            (select count(*)::int from payout_lines) as lines,
            (select count(*)::int from report_rows
              where creator_id = 'crash_cr' and commission_status = 'approved') as approved,
            (select count(*)::int from report_rows
              where creator_id = 'crash_cr' and commission_status = 'paid') as paid,
            (select sum(commission_cents)::text from report_rows where creator_id = 'crash_cr') as commission`,
  )
  return s!
}

test(
  `SIGKILL while pay marks ${ROWS} rows paid leaves no payout and every row approved; the ` + `re-run pays all once`,
  async (t) => {
    const tdb = await createTestDatabase({ migrated: true })
    try {
      let db = await openDb(tdb.url)
      await load(db, bigDataset(ROWS, 'approved'))
      const before = await state(db)
      assert.deepEqual([before.payouts, before.approved, before.paid], [0, ROWS, 0])
      await db.close()
      const startBytes = tdb.url.startsWith('file:') ? dirBytes(tdb.url.slice('file:'.length)) : 0

      const first = cliProcess(tdb.url, ['commissions', 'pay', '--creator', 'crash_cr'])
      let exited = false
      void first.exit.then(() => (exited = true))
      const started = Date.now()
      // inside the transaction: the payout and its lines inserted, the rows being marked paid
      await whileWriting(tdb.url, startBytes, 'update report_rows', () => exited, 8 * 1024 * 1024)
      first.child.kill('SIGKILL')
      const [code, signal] = await first.exit
      assert.equal(signal, 'SIGKILL', `pay was not killed (exit ${code}): ${first.output()}`)
      const killedAfter = Date.now() - started

      db = await openDb(tdb.url)
      assert.deepEqual(await state(db), before, 'the killed pay left something behind')
      await db.close()

      const second = cliProcess(tdb.url, ['commissions', 'pay', '--creator', 'crash_cr'])
      const [code2] = await second.exit
      assert.equal(code2, 0, second.output())
      db = await openDb(tdb.url)
      const after = await state(db)
      const [payout] = await db.query<{ amount: string; lines: number }>(
        `select amount_cents::text as amount, line_count as lines from payouts`,
      )
      await db.close()
      assert.deepEqual([after.payouts, after.lines, after.approved, after.paid], [1, ROWS, 0, ROWS])
      assert.deepEqual(payout, { amount: before.commission, lines: ROWS }, 'one payout of every row, to the cent')
      t.diagnostic(`killed after ${killedAfter} ms, mid-transaction; nothing left; the re-run paid ${ROWS} rows`)
    } finally {
      await tdb.drop()
    }
  },
)
