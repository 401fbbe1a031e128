// Webhook events, recorded by the transaction of the write that caused them (docs/webhooks.md):
// every writer of report rows and their money (import, ingest, approve, pay) calls
// beginReportWrite first and recordEvents last, so an event commits exactly when its change does.
// Events are recorded only for accounts with an endpoint subscribed to their type, each with one
// delivery per such endpoint, disabled or not (migrations/010_webhooks.sql).
import type { Queryable } from '../db/index.js'
import { REPORTS_WRITE_LOCK } from '../db/locks.js'

export const EVENT_TYPES = ['reports.changed', 'payout.created', 'adjustment.created', 'webhook.test'] as const
export type EventType = (typeof EVENT_TYPES)[number]

/** Where the tables stood when the write began: what it adds is beyond these. */
export interface WriteMark {
  changeSeq: number
  adjustmentId: number
  payoutSeq: number
}

/**
 * Takes the report writers' lock, then reads where the change numbers, adjustments and payouts
 * stand. Under the lock nobody else writes them, so everything past the mark at the end of the
 * transaction is this write's.
 */
export async function beginReportWrite(tx: Queryable): Promise<WriteMark> {
  await tx.query(REPORTS_WRITE_LOCK)
  const [m] = await tx.query<WriteMark>(
    `select (select case when is_called then last_value else last_value - 1 end
               from report_rows_change_seq) as "changeSeq",
            (select coalesce(max(id), 0) from commission_adjustments) as "adjustmentId",
            (select coalesce(max(seq), 0) from payouts) as "payoutSeq"`,
  )
  return m!
}

/**
 * Whether account `a` has an endpoint that takes events of type `t` (SQL over those names). A
 * disabled endpoint counts: its deliveries queue, and go out when it is enabled again.
 */
const subscribed = (a: string, t: string) => `exists (select 1 from webhook_endpoints e
   where e.account_id = ${a} and (cardinality(e.events) = 0 or ${t} = any (e.events)))`

/** Inserts the events a select yields (account_id, type, data, feed_after, subject_id) and their deliveries. */
const fanOut = (source: string) => `with ev as (
    insert into webhook_events (id, account_id, type, data, feed_after, subject_id)
    select 'evt_' || replace(gen_random_uuid()::text, '-', ''), s.account_id, s.type, s.data, s.feed_after, s.subject_id
      from (${source}) s
    returning seq, account_id, type)
  insert into webhook_deliveries (event_seq, endpoint_id)
  select ev.seq, e.id
    from ev join webhook_endpoints e on e.account_id = ev.account_id
     and (cardinality(e.events) = 0 or ev.type = any (e.events))
   order by ev.seq, e.id`

// One reports.changed per subscribed creator whose rows took a change number past the mark: a
// range scan of report_rows_changes_idx (creator_id, change_seq) per subscribed creator. The
// creator is compared in the index's collation: accounts.id is "C", and compared as "C" the
// index's creator_id could not be used (a scan of every report row per creator).
const REPORTS_CHANGED = fanOut(`select a.id as account_id, 'reports.changed' as type,
         json_build_object('rows_changed', c.n, 'first_date', to_char(c.first, 'YYYY-MM-DD'),
                           'last_date', to_char(c.last, 'YYYY-MM-DD')) as data,
         $1::bigint as feed_after, null as subject_id
    from accounts a
    cross join lateral (select count(*)::int as n, min(r.date) as first, max(r.date) as last
                          from report_rows r
                         where r.creator_id = a.id collate "default" and r.change_seq > $1::bigint) c
   where c.n > 0 and ${subscribed('a.id', `'reports.changed'`)}
   order by a.id`)

const ADJUSTMENTS_CREATED = fanOut(`select a.creator_id as account_id, 'adjustment.created' as type, '{}'::json as data,
         null::bigint as feed_after, 'adj_' || a.id as subject_id
    from commission_adjustments a
   where a.id > $1::bigint and ${subscribed('a.creator_id', `'adjustment.created'`)}
   order by a.id`)

const PAYOUTS_CREATED = fanOut(`select p.creator_id as account_id, 'payout.created' as type, '{}'::json as data,
         null::bigint as feed_after, p.id as subject_id
    from payouts p
   where p.seq > $1::bigint and ${subscribed('p.creator_id', `'payout.created'`)}
   order by p.seq`)

/**
 * Records the events of everything written since the mark, in the same transaction: one
 * reports.changed per creator whose rows changed, one adjustment.created per adjustment, one
 * payout.created per payout. Skips the work when no endpoint exists at all.
 */
export async function recordEvents(tx: Queryable, mark: WriteMark): Promise<void> {
  const [any] = await tx.query<{ n: number }>(
    'select count(*)::int as n from (select 1 from webhook_endpoints limit 1) e',
  )
  if (any!.n === 0) return
  await tx.query(REPORTS_CHANGED, [mark.changeSeq])
  await tx.query(ADJUSTMENTS_CREATED, [mark.adjustmentId])
  await tx.query(PAYOUTS_CREATED, [mark.payoutSeq])
}

/** A webhook.test event for one endpoint, delivered to that endpoint alone; returns the event id. */
export async function recordTestEvent(
  tx: Queryable,
  endpointId: string,
  message = 'a test event sent by csapi webhooks test',
): Promise<string> {
  const [ev] = await tx.query<{ id: string }>(
    `with ev as (
       insert into webhook_events (id, account_id, type, data)
       select 'evt_' || replace(gen_random_uuid()::text, '-', ''), e.account_id, 'webhook.test',
              json_build_object('endpoint_id', e.id, 'message', $2::text)
         from webhook_endpoints e where e.id = $1
       returning seq, id)
     , d as (insert into webhook_deliveries (event_seq, endpoint_id) select seq, $1 from ev)
     select id from ev`,
    [endpointId, message],
  )
  if (!ev) throw new Error(`no webhook endpoint ${endpointId}`)
  return ev.id
}
