// Webhook endpoints, their secrets, the delivery log and replay (docs/webhooks.md): one module for
// the operator's commands (`csapi webhooks …`, every account's endpoints) and the API's
// /api/creator/v1/webhook-endpoints (an account's own). A function given an `owner` touches only
// that account's endpoints; another account's endpoint is as unknown as one that never existed.
import { randomBytes } from 'node:crypto'
import type { Db, Queryable } from '../db/index.js'
import { EVENT_TYPES, recordTestEvent, type EventType } from '../events/record.js'
import { AddressRefused, checkUrl } from './address.js'
import { newSecret } from './send.js'
import { aRole } from '../domain/roles.js'

export interface Endpoint {
  id: string
  account_id: string
  url: string
  events: string[]
  disabled_at: string | null
  disabled_reason: string | null
  rotating_until: string | null
  pending: number
  delivered: number
  failed: number
  last_attempt_at: string | null
}

const TIME = (c: string) => `to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`

/** A refusal of what was asked (an unknown type, a URL, the limit): the caller's mistake. */
export class WebhookError extends Error {}
/** No such endpoint, or none of this owner's. */
export class NoSuchEndpoint extends WebhookError {}

/** Whose endpoints a call may touch: an account's (the API), or null for every account's (the operator). */
export type Owner = string | null

/** The rules a new or changed endpoint must keep. */
export interface EndpointRules {
  /** Hosts exempt from the https and public-address rules (CSAPI_WEBHOOK_ALLOW_HOSTS). */
  allowHosts: readonly string[]
  /** How many endpoints an account may hold (CSAPI_WEBHOOK_MAX_ENDPOINTS); none: no bound. */
  maxPerAccount?: number
}

/** An endpoint's description: one line of at most this many characters. */
export const MAX_DESCRIPTION = 500

/** The URL by the address rules (AddressRefused), or the name `localhost`, which is loopback whatever DNS says. */
export function checkEndpointUrl(url: string, allowHosts: readonly string[]): void {
  const { hostname } = checkUrl(url, allowHosts)
  const host = hostname.replace(/\.$/, '').toLowerCase()
  if ((host === 'localhost' || host.endsWith('.localhost')) && !allowHosts.includes(hostname))
    throw new AddressRefused(`${hostname} is a loopback name: webhook URLs must reach the public internet`)
}

/** The event types named in a comma-separated list, each known. */
export function eventTypes(raw: string): EventType[] {
  const list = raw
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
  for (const t of list)
    if (!(EVENT_TYPES as readonly string[]).includes(t))
      throw new WebhookError(`unknown event type ${t}: one of ${EVENT_TYPES.join(', ')}`)
  return list as EventType[]
}

export async function addEndpoint(
  db: Queryable,
  accountId: string,
  url: string,
  events: EventType[],
  opts: { description?: string; rules?: EndpointRules } = {},
): Promise<{ id: string; secret: string }> {
  if (opts.rules) checkEndpointUrl(url, opts.rules.allowHosts)
  // the account's row locked: two creations at once cannot both pass the bound. The count is a
  // statement of its own, after the lock: under READ COMMITTED a statement that waited for the
  // lock still reads from the snapshot it began with, so a count in it would miss the endpoint
  // the lock's holder just committed.
  const [account] = await db.query<{ role: string }>('select role from accounts where id = $1 for update', [accountId])
  if (!account) throw new WebhookError(`no account ${accountId}`)
  if (account.role !== 'creator')
    throw new WebhookError(`${accountId} is ${aRole(account.role)}: webhooks notify creators of their own data`)
  const max = opts.rules?.maxPerAccount
  if (max !== undefined) {
    const [held] = await db.query<{ n: number }>(
      'select count(*)::int as n from webhook_endpoints where account_id = $1',
      [accountId],
    )
    if (held!.n >= max) throw new WebhookError(`an account holds at most ${max} webhook endpoints: remove one first`)
  }
  const id = `we_${randomBytes(12).toString('hex')}`
  const secret = newSecret()
  await db.query(
    'insert into webhook_endpoints (id, account_id, url, events, secret, description) values ($1, $2, $3, $4, $5, $6)',
    [id, accountId, url, events, secret, opts.description ?? ''],
  )
  return { id, secret }
}

/** What a change may set; an absent field stays as it is. */
export interface EndpointPatch {
  url?: string
  events?: EventType[]
  description?: string
  /**
   * false: no delivery goes out (events still queue); true, to a disabled endpoint: the queued
   * ones are due at once, each with the whole retry schedule before it (resumeDeliveries).
   */
  enabled?: boolean
}

/**
 * Changes an endpoint; throws NoSuchEndpoint when it is not there (or not the owner's). Run it in a
 * transaction: enabling is two statements.
 */
export async function updateEndpoint(
  tx: Queryable,
  owner: Owner,
  id: string,
  patch: EndpointPatch,
  rules: EndpointRules,
): Promise<void> {
  if (patch.url !== undefined) checkEndpointUrl(patch.url, rules.allowHosts)
  const enabled = patch.enabled ?? null
  // the deliveries before the endpoint, the order in which the deliverer's record locks them
  if (enabled) await resumeDeliveries(tx, owner, id)
  await exists(
    tx,
    `update webhook_endpoints
        set url = coalesce($3, url), events = coalesce($4::text[], events),
            description = coalesce($5, description),
            disabled_at = case when $6::boolean then null when not $6 then coalesce(disabled_at, now())
                               else disabled_at end,
            disabled_reason = case when $6::boolean then null
                                   when not $6 then coalesce(disabled_reason, 'disabled by its account')
                                   else disabled_reason end,
            disabled_by = case when $6::boolean then null when not $6 then coalesce(disabled_by, 'account')
                               else disabled_by end
      where id = $1 and ($2::text is null or account_id = $2) returning id`,
    [id, owner, patch.url ?? null, patch.events ?? null, patch.description ?? null, enabled],
    id,
  )
}

/**
 * A disabled endpoint's pending deliveries, due now with the retry schedule started over (it counts
 * attempts after retries_from), else each would wait out its last delay and fail at the next error.
 * An attempt in flight keeps its lease and counts as the new schedule's first.
 */
async function resumeDeliveries(tx: Queryable, owner: Owner, id: string): Promise<void> {
  await tx.query(
    `update webhook_deliveries d
        set retries_from = d.attempts - case when f.in_flight then 1 else 0 end,
            next_attempt_at = case when f.in_flight then d.next_attempt_at else now() end
       from (select d2.id,
                    d2.next_attempt_at > now()
                    and exists (select 1 from webhook_attempts a
                                 where a.delivery_id = d2.id and a.attempt = d2.attempts and a.state = 'sending')
                    as in_flight
               from webhook_deliveries d2 join webhook_endpoints e on e.id = d2.endpoint_id
              where e.id = $1 and ($2::text is null or e.account_id = $2) and e.disabled_at is not null
                and d2.status = 'pending') f
      where d.id = f.id`,
    [id, owner],
  )
}

/** A webhook.test event for one endpoint, delivered to it alone; returns the event id. */
export async function testEndpoint(tx: Queryable, owner: Owner, id: string, message: string): Promise<string> {
  await exists(
    tx,
    'select id from webhook_endpoints where id = $1 and ($2::text is null or account_id = $2)',
    [id, owner],
    id,
  )
  return recordTestEvent(tx, id, message)
}

const LAST_ATTEMPT = `(select max(a.started_at)
                        from webhook_attempts a join webhook_deliveries d2 on d2.id = a.delivery_id
                       where d2.endpoint_id = e.id)`

export async function listEndpoints(db: Queryable): Promise<Endpoint[]> {
  return db.query<Endpoint>(
    `select e.id, e.account_id, e.url, e.events, ${TIME('e.disabled_at')} as disabled_at, e.disabled_reason,
            case when e.previous_secret_until > now() then ${TIME('e.previous_secret_until')} end as rotating_until,
            count(*) filter (where d.status = 'pending')::int as pending,
            count(*) filter (where d.status = 'delivered')::int as delivered,
            count(*) filter (where d.status = 'failed')::int as failed,
            ${TIME(LAST_ATTEMPT)} as last_attempt_at
       from webhook_endpoints e left join webhook_deliveries d on d.endpoint_id = e.id
      group by e.id order by e.created_at, e.id`,
  )
}

const exists = async (db: Queryable, sql: string, params: unknown[], id: string) => {
  const rows = await db.query(sql, params)
  if (rows.length === 0) throw new NoSuchEndpoint(`no webhook endpoint ${id}`)
}

/** Removes an endpoint with its deliveries and their attempts (the events stay). */
export const removeEndpoint = (db: Queryable, id: string, owner: Owner = null) =>
  exists(
    db,
    'delete from webhook_endpoints where id = $1 and ($2::text is null or account_id = $2) returning id',
    [id, owner],
    id,
  )

/**
 * Re-enables a disabled endpoint: its pending deliveries go out at once, each with the whole retry
 * schedule before it (failed ones: replay).
 */
export const enableEndpoint = (db: Db, id: string, owner: Owner = null) =>
  db.transaction((tx) => updateEndpoint(tx, owner, id, { enabled: true }, { allowHosts: [] }))

/** A new secret; the previous one keeps signing beside it for `overlapSeconds`. */
export async function rotateSecret(
  db: Queryable,
  id: string,
  overlapSeconds: number,
  owner: Owner = null,
): Promise<string> {
  const secret = newSecret()
  await exists(
    db,
    `update webhook_endpoints
        set previous_secret = secret, previous_secret_until = now() + make_interval(secs => $3::double precision),
            secret = $2
      where id = $1 and ($4::text is null or account_id = $4) returning id`,
    [id, secret, overlapSeconds, owner],
    id,
  )
  return secret
}

/**
 * How an attempt ended: `sending` (no outcome yet), `succeeded` (2xx), `failed` (another answer,
 * a timeout, a refusal), `interrupted` (no outcome will come: its sender stopped mid-attempt).
 */
export type AttemptState = 'sending' | 'succeeded' | 'failed' | 'interrupted'

export interface AttemptLog {
  attempt: number
  state: AttemptState
  started_at: string
  /** Known once the attempt has an outcome (succeeded or failed). */
  duration_ms: number | null
  http_status: number | null
  error: string | null
}

export interface DeliveryLog {
  id: number
  event_id: string
  type: string
  endpoint_id: string
  status: string
  attempts: AttemptLog[]
}

// An attempt still `sending` when its delivery's lease (next_attempt_at, set by the claim) has run
// out will get no outcome: its sender stopped. The next claim records it so; until then it is
// shown so. Over webhook_attempts a and webhook_deliveries d.
export const ATTEMPT_STATE = `case when a.state = 'sending' and d.next_attempt_at <= now() then 'interrupted'
                                   else a.state end`

/** The attempts of delivery `d` as a JSON array (AttemptLog), oldest first; `time` writes their start. */
export const attemptsJson = (time: (column: string) => string) =>
  `coalesce((select json_agg(json_build_object('attempt', a.attempt, 'state', ${ATTEMPT_STATE},
                                              'started_at', ${time('a.started_at')},
                                              'duration_ms', a.duration_ms, 'http_status', a.http_status,
                                              'error', a.error) order by a.attempt)
              from webhook_attempts a where a.delivery_id = d.id), '[]')`

/** The newest deliveries with their attempts, of one endpoint or all, failed ones only or all. */
export async function deliveries(
  db: Queryable,
  endpointId: string | null,
  failedOnly: boolean,
  limit: number,
): Promise<DeliveryLog[]> {
  return db.query<DeliveryLog>(
    `select d.id, ev.id as event_id, ev.type, d.endpoint_id, d.status, ${attemptsJson(TIME)} as attempts
       from webhook_deliveries d join webhook_events ev on ev.seq = d.event_seq
      where ($1::text is null or d.endpoint_id = $1)
        and (not $2::boolean or d.status = 'failed'
             or exists (select 1 from webhook_attempts a
                         where a.delivery_id = d.id and ${ATTEMPT_STATE} in ('failed', 'interrupted')))
      order by d.id desc limit $3`,
    [endpointId, failedOnly, limit],
  )
}

/**
 * Sends events again, as new deliveries due now, to the live endpoints of their account that
 * take their type (or to one endpoint): an event by id, or every event since a time.
 */
export async function replay(
  db: Queryable,
  target: { eventId: string } | { since: string },
  endpointId: string | null,
): Promise<number> {
  const byId = 'eventId' in target
  const rows = await db.query(
    `insert into webhook_deliveries (event_seq, endpoint_id)
     select ev.seq, e.id
       from webhook_events ev
       join webhook_endpoints e on e.account_id = ev.account_id and e.disabled_at is null
        and (cardinality(e.events) = 0 or ev.type = any (e.events) or ev.type = 'webhook.test')
      where ${byId ? 'ev.id = $1' : 'ev.created_at >= $1::timestamptz'} and ($2::text is null or e.id = $2)
        and (ev.type <> 'webhook.test' or (ev.data->>'endpoint_id') = e.id)
      order by ev.seq, e.id
     returning id`,
    [byId ? target.eventId : target.since, endpointId],
  )
  if (byId && rows.length === 0) {
    const [ev] = await db.query('select 1 from webhook_events where id = $1', [target.eventId])
    if (!ev) throw new WebhookError(`no event ${target.eventId}`)
  }
  return rows.length
}

/**
 * Sends again, as a new delivery due now, an event this endpoint was sent (its delivery log holds
 * it): the same event id, so the same webhook-id and body. False when the log has no such event.
 * A disabled endpoint's delivery waits, as its other events do, until it is enabled.
 */
export async function replayDelivery(
  db: Queryable,
  owner: Owner,
  endpointId: string,
  eventId: string,
): Promise<boolean> {
  await exists(
    db,
    'select id from webhook_endpoints where id = $1 and ($2::text is null or account_id = $2)',
    [endpointId, owner],
    endpointId,
  )
  const rows = await db.query(
    `insert into webhook_deliveries (event_seq, endpoint_id)
     select ev.seq, $1 from webhook_events ev
      where ev.id = $2 and exists (select 1 from webhook_deliveries d where d.event_seq = ev.seq and d.endpoint_id = $1)
     returning id`,
    [endpointId, eventId],
  )
  return rows.length > 0
}

/** A delivery's state, for `csapi webhooks test` to wait on. */
export async function deliveryOf(
  db: Queryable,
  eventId: string,
): Promise<{ status: string; attempts: number; http_status: number | null; error: string | null } | undefined> {
  const [d] = await db.query<{ status: string; attempts: number; http_status: number | null; error: string | null }>(
    `select d.status, d.attempts, a.http_status, a.error
       from webhook_deliveries d join webhook_events ev on ev.seq = d.event_seq
       left join lateral (select * from webhook_attempts a where a.delivery_id = d.id
                           order by a.attempt desc limit 1) a on true
      where ev.id = $1 order by d.id desc limit 1`,
    [eventId],
  )
  return d
}
