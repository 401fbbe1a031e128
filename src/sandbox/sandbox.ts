// Sandbox worlds: made by `csapi sandbox create`, moved by `POST /api/v1/sandbox/advance`, removed
// by `csapi sandbox delete` (docs/testing-your-integration.md). Every report row of a world comes
// through the real ingestion (Amazon's records made by world.ts), and every approval and payout
// through the real settlement, in transactions that hold the report writers' lock as any writer's.
import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { BatchSession, Db, Queryable } from '../db/index.js'
import { REPORTS_WRITE_LOCK } from '../db/locks.js'
import { importIn } from '../dataset/import.js'
import { addDays, daysBetween, inRange, REPORT_DAYS, timestampSql } from '../domain/dates.js'
import { RESTATEMENT_WINDOW_DAYS } from '../domain/commission.js'
import { beginReportWrite, recordEvents } from '../events/record.js'
import { ingestIn, type ReportSource } from '../ingest/run.js'
import type { RawRecord } from '../ingest/read.js'
import { approveIn } from '../settlement/approve.js'
import { payLinesIn, type PayoutMade } from '../settlement/pay.js'
import { createToken } from '../tokens/tokens.js'
import { SCOPES } from '../domain/scopes.js'
import {
  HISTORY_DAYS,
  linkDay,
  makeWorld,
  performanceRecord,
  productsRecord,
  RESTATED_AT,
  salesAt,
  type LinkDay,
  type World,
} from './world.js'

/** Days one advance may move a world. */

/** A test token may do what an integrator tests: read, and manage its webhook endpoints. */
const TEST_SCOPES = [...SCOPES]
export const MAX_ADVANCE_DAYS = 31
/** A new world's date when none is given: fixed, so that a seed gives the same numbers on any day. */
export const DEFAULT_DATE = '2026-01-15'
/** An advance holds its world this long past its last day's commit; one left by a dead process expires. */
const LEASE_SECONDS = 60
/** How long a keyed advance waits for a running advance of its world (often its own first try) to end. */
export const ADVANCE_WAIT_MS = 30_000
/** How often a waiting advance looks at the lease. */
const WAIT_POLL_MS = 100
/**
 * The dates a world's clock may show: at the first its history starts on REPORT_DAYS.first, at the
 * last it has reported REPORT_DAYS.last; ingestion refuses any day outside those.
 */
export const WORLD_DATES = { first: addDays(REPORT_DAYS.first, HISTORY_DAYS), last: addDays(REPORT_DAYS.last, 1) }

export interface Sandbox {
  id: string
  name: string
  seed: number
  /** The world's today: reports are in through the day before. */
  date: string
  origin: string
  creator_id: string
  seller_id: string
  created_at: string
}

export interface CreatedSandbox extends Sandbox {
  tokens: { creator: string; seller: string }
}

/** The world is advancing already (409 sandbox_busy). */
export class SandboxBusy extends Error {}
/** No such world (deleted while its token was cached). */
export class SandboxGone extends Error {}
/** A date outside WORLD_DATES asked of a world: refused before anything is written (400 invalid_request). */
export class SandboxDateError extends Error {}

const SANDBOX_COLUMNS = `id, name, seed::float8 as seed, to_char(date, 'YYYY-MM-DD') as date,
  to_char(origin, 'YYYY-MM-DD') as origin, creator_id, seller_id,
  ${timestampSql('created_at')} as created_at`

export async function getSandbox(db: Queryable, id: string): Promise<Sandbox | null> {
  const rows = await db.query<Sandbox>(`select ${SANDBOX_COLUMNS} from sandboxes where id = $1`, [id])
  return rows[0] ?? null
}

export async function listSandboxes(db: Queryable): Promise<Sandbox[]> {
  return db.query<Sandbox>(`select ${SANDBOX_COLUMNS} from sandboxes order by created_at, id`)
}

/** What an advance of one day from `date` does, before it runs. */
export function dayPlan(date: string) {
  const next = addDays(date, 1)
  return {
    date: next,
    report_date: date,
    restates: RESTATED_AT.map((age) => addDays(next, -age)),
    approves_through: addDays(next, -RESTATEMENT_WINDOW_DAYS),
    pays: next.endsWith('-01'),
  }
}

/** The first day of the next month after `date`: when the creator is paid next. */
export function nextPayday(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number]
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`
}

function worldOf(s: Pick<Sandbox, 'id' | 'seed' | 'origin'>): World {
  return makeWorld(s.seed, s.id.slice(4), s.origin)
}

/** The records of link-days as they stand at the world date `date`, as one report source. */
function source(name: string, records: RawRecord[]): ReportSource {
  return {
    name,
    async *batches() {
      if (records.length > 0) yield records
    },
  }
}

/**
 * PRODUCTS records of link-days as they stand on `date`, or at `maxAge` for older ones (every sale
 * listed, zeros too: a sale all returned is reported at zero, which reverses its row).
 */
function productsAt(seed: number, lds: LinkDay[], date: string, maxAge = Infinity): RawRecord[] {
  return lds.flatMap((ld) =>
    salesAt(seed, ld, Math.min(maxAge, daysBetween(ld.day, date))).sales.map((s) => productsRecord(ld, s)),
  )
}

function linkDays(s: Pick<Sandbox, 'seed' | 'origin'>, world: World, days: string[]): LinkDay[] {
  return days.flatMap((day) =>
    world.links.flatMap((link) => {
      const ld = linkDay(s.seed, s.origin, link, day)
      return ld ? [ld] : []
    }),
  )
}

/**
 * Makes a world: its platform (import), 90 days of history ingested as Amazon reported and
 * restated them, approved and paid month by month as its clock would have, and one test token for
 * its creator and one for its seller. One transaction: a world is there whole or not at all.
 */
export async function createSandbox(
  db: Db,
  opts: { name?: string; seed?: number; date?: string } = {},
): Promise<CreatedSandbox> {
  const id = `sbx_${randomBytes(6).toString('hex')}`
  const seed = opts.seed ?? randomBytes(4).readUInt32BE() % 1_000_000
  const date = opts.date ?? DEFAULT_DATE
  if (!inRange(date, WORLD_DATES))
    throw new SandboxDateError(
      `a world's date must be from ${WORLD_DATES.first} to ${WORLD_DATES.last}: its ${HISTORY_DAYS} days of ` +
        `history and its reports must fall from ${REPORT_DAYS.first} to ${REPORT_DAYS.last}, got ${date}`,
    )
  const origin = addDays(date, -HISTORY_DAYS)
  const world = makeWorld(seed, id.slice(4), origin)
  return db.batch(
    async (s) => {
      const mark = await beginReportWrite(s)
      await s.query(
        `insert into sandboxes (id, name, seed, date, origin, creator_id, seller_id)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [id, opts.name ?? '', seed, date, origin, world.creatorId, world.sellerId],
      )
      await importIn(s, world.dataset, { sandboxId: id })
      const days: string[] = []
      for (let d = origin; d < date; d = addDays(d, 1)) days.push(d)
      const lds = linkDays({ seed, origin }, world, days)
      const perf = lds.flatMap((ld) => performanceRecord(ld))
      // as first reported, then the restatements before approval (reversals among them) ...
      const first = lds.flatMap((ld) => ld.sales.map((sale) => productsRecord(ld, sale)))
      await ingestIn(s, [source('history', [...first, ...perf])])
      const early = lds.filter((ld) => daysBetween(ld.day, date) >= RESTATED_AT[0])
      await ingestIn(s, [source('history-restated', productsAt(seed, early, date, RESTATED_AT[1]))])
      // ... then settled month by month, and the restatements of approved rows (adjustments)
      for (let d = addDays(origin, 1); d <= date; d = addDays(d, 1)) {
        if (!d.endsWith('-01')) continue
        await approveIn(s, addDays(d, -RESTATEMENT_WINDOW_DAYS), world.creatorId)
        await payLinesIn(s, world.creatorId, addDays(d, -1))
      }
      await approveIn(s, addDays(date, -RESTATEMENT_WINDOW_DAYS), world.creatorId)
      const late = lds.filter((ld) => daysBetween(ld.day, date) >= RESTATED_AT[2])
      await ingestIn(s, [source('history-restated-late', productsAt(seed, late, date))])
      const token = async (accountId: string) =>
        (await createToken(s, { accountId, name: `sandbox ${id}`, expiresAt: null, scopes: TEST_SCOPES })).token
      const tokens = { creator: await token(world.creatorId), seller: await token(world.sellerId) }
      await recordEvents(s, mark)
      const made = (await getSandbox(s, id))!
      return { ...made, tokens }
    },
    { name: 'sandbox create' },
  )
}

export interface DayAdvanced {
  date: string
  report_date: string
  rows: { new: number; restated: number; reversed: number; approved: number; paid: number }
  adjustments: number
  payouts: Pick<PayoutMade, 'id' | 'currency' | 'amount_cents' | 'line_count'>[]
}

export interface Advanced {
  id: string
  from: string
  date: string
  days: DayAdvanced[]
}

/** An Idempotency-Key's answer: recalled once the world is held, recorded as the world is let go. */
export interface Once {
  recall(q: Queryable): Promise<unknown>
  record(q: Queryable, answer: Advanced): Promise<void>
}

/** Takes the world's lease: its date, or null while another advance holds it (or the world is gone). */
async function takeLease(db: Queryable, id: string): Promise<string | null> {
  const [taken] = await db.query<{ date: string }>(
    `update sandboxes set advancing_since = now()
      where id = $1 and (advancing_since is null or advancing_since < now() - make_interval(secs => $2))
      returning to_char(date, 'YYYY-MM-DD') as date`,
    [id, LEASE_SECONDS],
  )
  return taken?.date ?? null
}

/**
 * The lease once the advance holding it has ended, or null after `waitMs`; or, as soon as the
 * key's answer is recorded, that answer, whoever holds the world by then. Polled with a read,
 * which does not queue behind a running day's lock on the world's row as the lease's update does.
 */
async function leaseWhenFree(
  db: Queryable,
  id: string,
  waitMs: number,
  once: Once,
): Promise<{ from: string } | { prior: unknown } | null> {
  const until = Date.now() + waitMs
  while (Date.now() < until) {
    // recorded only as its advance let go of the world: a retry need not wait for the next one
    const prior = await once.recall(db)
    if (prior) return { prior }
    await sleep(WAIT_POLL_MS)
    const [world] = await db.query<{ free: boolean }>(
      `select advancing_since is null or advancing_since < now() - make_interval(secs => $2) as free
         from sandboxes where id = $1`,
      [id, LEASE_SECONDS],
    )
    if (!world) return null
    if (world.free) {
      const date = await takeLease(db, id)
      if (date !== null) return { from: date }
    }
  }
  return null
}

/**
 * Moves a world's clock `days` days, one transaction per day: the new day's reports and Amazon's
 * restatements ingested, what left the restatement window approved, the creator paid on the first
 * of a month. One advance per world at a time; a crash leaves the world at a whole day. With `once`,
 * an answered key replays (`replayed`), and a busy world is waited for (leaseWhenFree): a retry's
 * first try may still be running. Past WORLD_DATES.last: SandboxDateError; busy: SandboxBusy.
 */
export async function advanceSandbox(
  db: Db,
  id: string,
  days: number,
  once?: Once,
  opts: { waitMs?: number } = {},
): Promise<Advanced & { replayed?: true }> {
  let from = await takeLease(db, id)
  if (from === null && once) {
    const waited = await leaseWhenFree(db, id, opts.waitMs ?? ADVANCE_WAIT_MS, once)
    if (waited && 'prior' in waited) return { ...(waited.prior as Advanced), replayed: true }
    from = waited?.from ?? null
  }
  if (from === null) {
    if (await getSandbox(db, id)) throw new SandboxBusy(`sandbox ${id} is advancing already`)
    throw new SandboxGone(`no sandbox ${id}`)
  }
  const out: DayAdvanced[] = []
  let done: Advanced | undefined
  try {
    // read while the world is held: the advance that recorded it has let go of the world
    const prior = await once?.recall(db)
    if (prior) return { ...(prior as Advanced), replayed: true }
    const left = daysBetween(from, WORLD_DATES.last)
    if (days > left) {
      const stops = `its clock stops at ${WORLD_DATES.last} (reports are ingested through ${REPORT_DAYS.last})`
      throw new SandboxDateError(
        left === 0
          ? `this world cannot advance: it is at ${from}, and ${stops}`
          : `days must be at most ${left} for this world, at ${from}: ${stops}`,
      )
    }
    const sandbox = await getSandbox(db, id)
    if (!sandbox) throw new SandboxGone(`no sandbox ${id}`)
    const world = worldOf(sandbox)
    for (let i = 0; i < days; i++) {
      // a day is small: a transaction on a pooled connection, not a batch job's own connection
      out.push(await db.transaction((tx) => advanceOneDay({ ...tx, copyFrom: null }, sandbox, world)))
    }
    done = { id, from, date: out.at(-1)?.date ?? from, days: out }
  } finally {
    const release = (q: Queryable) => q.query('update sandboxes set advancing_since = null where id = $1', [id])
    const answer = done
    if (answer && once)
      await db.transaction(async (tx) => {
        await once.record(tx, answer)
        await release(tx)
      })
    else await release(db)
  }
  return done
}

async function advanceOneDay(s: BatchSession, sandbox: Sandbox, world: World): Promise<DayAdvanced> {
  const mark = await beginReportWrite(s)
  // the world's date as committed: the day this transaction moves it from
  const [row] = await s.query<{ date: string }>(
    `update sandboxes set advancing_since = now() where id = $1 returning to_char(date, 'YYYY-MM-DD') as date`,
    [sandbox.id],
  )
  // deleted between two days: a delete takes the writers' lock first, so it waits for a running day
  if (!row) throw new SandboxGone(`no sandbox ${sandbox.id}`)
  const plan = dayPlan(row.date)
  const today = linkDays(sandbox, world, [plan.report_date])
  const restated = linkDays(sandbox, world, plan.restates).filter(
    (ld) => salesAt(sandbox.seed, ld, daysBetween(ld.day, plan.date)).restatedNow,
  )
  const records = [
    ...today.flatMap((ld) => ld.sales.map((sale) => productsRecord(ld, sale))),
    ...today.flatMap((ld) => performanceRecord(ld)),
    ...productsAt(sandbox.seed, restated, plan.date),
  ]
  const ingested = await ingestIn(s, [source(`sandbox ${sandbox.id} ${plan.date}`, records)])
  const approved = await approveIn(s, plan.approves_through, sandbox.creator_id)
  const paid = plan.pays ? await payLinesIn(s, sandbox.creator_id, addDays(plan.date, -1)) : null
  await s.query('update sandboxes set date = $2, advancing_since = now() where id = $1', [sandbox.id, plan.date])
  await recordEvents(s, mark)
  const r = ingested.reportRows
  return {
    date: plan.date,
    report_date: plan.report_date,
    rows: {
      new: r.inserted,
      restated: r.updated - r.reversed + r.restated,
      reversed: r.reversed,
      approved: approved.reduce((n, t) => n + t.rows, 0),
      paid: 0,
      ...(paid ? { paid: await paidRows(s, paid.payouts) } : {}),
    },
    adjustments: ingested.adjustments.count,
    payouts: (paid?.payouts ?? []).map(({ id, currency, amount_cents, line_count }) => ({
      id,
      currency,
      amount_cents,
      line_count,
    })),
  }
}

async function paidRows(s: Queryable, payouts: PayoutMade[]): Promise<number> {
  if (payouts.length === 0) return 0
  const [n] = await s.query<{ n: number }>(
    `select count(*)::int as n from payout_lines where payout_id = any($1::text[]) and type = 'commission'`,
    [payouts.map((p) => p.id)],
  )
  return n!.n
}

/**
 * Removes a world whole: its report rows, payouts (allowed for a world alone: migrations/018),
 * adjustments, events, endpoints, tokens, links, products, brands and accounts. False when none.
 * It waits for a running day of an advance, and the advance's next day finds the world gone.
 */
export async function deleteSandbox(db: Db, id: string): Promise<boolean> {
  return db.batch(
    async (s) => {
      // the writers' lock before the world's row, in the order an advance's day takes them:
      // the other order deadlocks with a day that holds the lock and waits for the row
      await s.query(REPORTS_WRITE_LOCK)
      const found = await s.query('select 1 from sandboxes where id = $1 for update', [id])
      if (found.length === 0) return false
      await s.query(`select set_config('csapi.deleting_sandbox', $1, true)`, [id])
      const accounts = `(select id from accounts where sandbox_id = $1)`
      const brands = `(select id from brands where sandbox_id = $1)`
      for (const sql of [
        `delete from payout_lines where creator_id in ${accounts}`,
        `delete from commission_adjustments where creator_id in ${accounts}`,
        `delete from payouts where creator_id in ${accounts}`,
        `delete from report_rows where creator_id in ${accounts}`,
        `delete from webhook_deliveries where event_seq in
           (select seq from webhook_events where account_id in ${accounts})`,
        `delete from webhook_events where account_id in ${accounts}`,
        `delete from webhook_endpoints where account_id in ${accounts}`,
        `delete from links where creator_id in ${accounts}`,
        `delete from products where brand_id in ${brands}`,
        `delete from brands where sandbox_id = $1`,
        `delete from accounts where sandbox_id = $1`,
        `delete from sandboxes where id = $1`,
      ])
        await s.query(sql, [id])
      return true
    },
    { name: 'sandbox delete' },
  )
}
