// The delivery loop, run by every `csapi serve` instance (CSAPI_WEBHOOK_DELIVERY=false turns it
// off on one). Each pass claims due deliveries with FOR UPDATE SKIP LOCKED, so instances never
// claim the same one; the claim itself commits the attempt (state `sending`) and a lease (the
// timeout and a margin) before the request goes out, so a process killed mid-attempt leaves the
// attempt in the log and the delivery due again when the lease ends: at-least-once, never lost.
// After the last retry fails, the endpoint is disabled and the operator told (log line, metric,
// `csapi webhooks list`).
import type { Db } from '../db/index.js'
import type { WebhookConfig } from '../config.js'
import { timestampSql } from '../domain/dates.js'
import { send, type Attempt } from './send.js'

/** An event as the renderer needs it. */
export interface EventRow {
  seq: number
  id: string
  account_id: string
  type: string
  data: string
  feed_after: number | null
  subject_id: string | null
  created_at: string
}

/** Renders the body of an event: `{"id","type","created_at","data"}` (src/http/webhooks/render.ts). */
export type Render = (event: EventRow) => Promise<string>

export type Outcome = 'delivered' | 'retry' | 'failed'

export interface DelivererOptions {
  db: Db
  config: WebhookConfig
  render: Render
  log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void }
  onOutcome?: (outcome: Outcome) => void
  /** How often an idle instance looks for due deliveries. */
  pollMs?: number
  /** Attempts in flight at once per instance. */
  concurrency?: number
}

interface Claimed {
  id: number
  attempts: number
  endpoint_id: string
  url: string
  secrets: string[]
  event_seq: number
  /** Attempts of this delivery left `sending` by a sender that stopped (its lease ran out). */
  interrupted: number[]
}

// One statement, committed before any request goes out: the due deliveries taken with a lease,
// their attempts recorded as sending, and the attempts an earlier claim left sending marked
// interrupted (the lease ran out, so that sender stopped: no outcome will come).
const CLAIM = `with claimed as (
  update webhook_deliveries d
     set attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => $2::double precision)
    from (select d2.id from webhook_deliveries d2
            join webhook_endpoints e on e.id = d2.endpoint_id and e.disabled_at is null
           where d2.status = 'pending' and d2.next_attempt_at <= now()
           order by d2.next_attempt_at, d2.id
           limit $1 for update of d2 skip locked) due,
         webhook_endpoints e
   where d.id = due.id and e.id = d.endpoint_id
  returning d.id, d.attempts, d.endpoint_id, e.url, d.event_seq,
            case when e.previous_secret is not null and e.previous_secret_until > now()
                 then array[e.secret, e.previous_secret] else array[e.secret] end as secrets
), cut as (
  update webhook_attempts a set state = 'interrupted'
    from claimed c
   where a.delivery_id = c.id and a.state = 'sending'
  returning a.delivery_id, a.attempt
), began as (
  insert into webhook_attempts (delivery_id, attempt, state, started_at)
  select c.id, c.attempts, 'sending', now() from claimed c
)
select c.*, array(select cut.attempt from cut where cut.delivery_id = c.id order by cut.attempt) as interrupted
  from claimed c`

const EVENT = `select seq, id, account_id, type, data::text as data, feed_after, subject_id, body,
       ${timestampSql('created_at')} as created_at
  from webhook_events where seq = $1`

// the attempt's outcome, on the row its claim recorded
const COMPLETE = `update webhook_attempts set state = $3, duration_ms = $4, http_status = $5, error = $6
  where delivery_id = $1 and attempt = $2`

export class Deliverer {
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private stopped = false

  constructor(private readonly opts: DelivererOptions) {}

  start(): void {
    this.stopped = false
    let failing: string | null = null
    const loop = async () => {
      if (this.stopped) return
      let busy = false
      this.running = this.pass()
        .then((n) => {
          busy = n > 0
        })
        .then(
          () => {
            failing = null
          },
          (err: Error) => {
            // once per distinct error, not every poll while the database is away
            if (failing !== err.message)
              this.opts.log.warn({ err: err.message }, 'webhook delivery pass failed; retrying')
            failing = err.message
          },
        )
      await this.running
      if (!this.stopped) this.timer = setTimeout(loop, busy ? 0 : (this.opts.pollMs ?? 500))
    }
    this.timer = setTimeout(loop, 0)
  }

  /** Stops claiming; waits for the attempts in flight (at most the timeout). */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    await this.running
  }

  /** One pass: claims due deliveries and attempts them; returns how many. */
  async pass(): Promise<number> {
    const { db, config } = this.opts
    const lease = config.timeoutMs / 1000 + 30
    const claimed = await db.query<Claimed>(CLAIM, [this.opts.concurrency ?? 8, lease])
    for (const c of claimed)
      for (const attempt of c.interrupted)
        this.opts.log.warn(
          { endpoint: c.endpoint_id, delivery: c.id, attempt },
          'webhook attempt interrupted: its sender stopped before an outcome; retrying',
        )
    await Promise.all(claimed.map((c) => this.attempt(c)))
    return claimed.length
  }

  private async attempt(c: Claimed): Promise<void> {
    let eventId = `#${c.event_seq}`
    let result: Attempt
    try {
      const event = await this.body(c.event_seq)
      eventId = event.id
      result = await send(c.url, c.secrets, event, this.opts.config)
    } catch (err) {
      result = { ok: false, status: null, error: `not sent: ${(err as Error).message}`, durationMs: 0 }
    }
    await this.record(c, eventId, result)
  }

  /** The event's body as first rendered: retries and replays send the same bytes. */
  private async body(seq: number): Promise<{ id: string; body: string }> {
    const { db } = this.opts
    const [row] = await db.query<EventRow & { body: string | null }>(EVENT, [seq])
    if (!row) throw new Error(`webhook event ${seq} is gone`)
    if (row.body !== null) return { id: row.id, body: row.body }
    const body = await this.opts.render(row)
    const [kept] = await db.query<{ body: string }>(
      `update webhook_events set body = coalesce(body, $2) where seq = $1 returning body`,
      [seq, body],
    )
    return { id: row.id, body: kept!.body }
  }

  private async record(c: Claimed, eventId: string, r: Attempt): Promise<void> {
    const { db, config, log } = this.opts
    const retries = config.retrySeconds
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const state = r.ok ? 'succeeded' : 'failed'
      await tx.query(COMPLETE, [c.id, c.attempts, state, r.durationMs, r.status, r.error])
      // the place in the schedule as it is now: enabling the endpoint during the attempt started it over
      const [d] = await tx.query<{ tries: number }>(
        'select attempts - retries_from as tries from webhook_deliveries where id = $1 for update',
        [c.id],
      )
      const tries = d?.tries ?? c.attempts
      const outcome: Outcome = r.ok ? 'delivered' : tries > retries.length ? 'failed' : 'retry'
      if (outcome === 'delivered') {
        await tx.query(`update webhook_deliveries set status = 'delivered', delivered_at = now() where id = $1`, [c.id])
      } else if (outcome === 'retry') {
        // exponential in the schedule; ±10% jitter so that retries of one outage spread out
        const delay = retries[tries - 1]! * (0.9 + Math.random() * 0.2)
        await tx.query(
          `update webhook_deliveries set next_attempt_at = now() + make_interval(secs => $2::double precision)
            where id = $1`,
          [c.id, delay],
        )
      } else {
        await tx.query(`update webhook_deliveries set status = 'failed' where id = $1`, [c.id])
        await tx.query(
          `update webhook_endpoints set disabled_at = now(), disabled_reason = $2, disabled_by = 'retries'
            where id = $1 and disabled_at is null`,
          [c.endpoint_id, `event ${eventId} failed ${c.attempts} attempts; last: ${r.error}`],
        )
      }
      return outcome
    })
    this.opts.onOutcome?.(outcome)
    const fields = { endpoint: c.endpoint_id, event: eventId, attempt: c.attempts, status: r.status, ms: r.durationMs }
    if (outcome === 'failed') {
      log.warn(
        { ...fields, error: r.error },
        'webhook endpoint disabled: every retry failed (csapi webhooks enable re-enables it; replay resends)',
      )
    } else if (outcome === 'retry') log.info({ ...fields, error: r.error }, 'webhook attempt failed; will retry')
    else log.info(fields, 'webhook delivered')
  }
}
