// `csapi webhooks add|list|remove|enable|rotate-secret|test|deliveries|replay`: the operator's
// side of webhooks (docs/webhooks.md). Deliveries themselves run in `csapi serve`.
import { Command, Option } from 'commander'
import { loadConfig } from '../../config.js'
import { AddressRefused } from '../../webhooks/address.js'
import {
  addEndpoint,
  checkEndpointUrl,
  deliveries,
  deliveryOf,
  enableEndpoint,
  eventTypes,
  listEndpoints,
  removeEndpoint,
  replay,
  rotateSecret,
  testEndpoint,
  WebhookError,
  type AttemptLog,
} from '../../webhooks/endpoints.js'
import type { Db } from '../../db/index.js'
import { withDb } from '../db.js'
import { Failure, UsageError } from '../errors.js'
import { println, type Io } from '../io.js'
import { durationOf, integer } from '../options.js'

/** An attempt of the delivery log, after its number and time. */
function attemptLine(a: AttemptLog): string {
  if (a.state === 'sending') return 'sending'
  if (a.state === 'interrupted') return 'interrupted: no outcome (the sender stopped); status and duration unknown'
  return `${a.duration_ms} ms ${a.http_status ?? '-'}${a.error ? ` ${a.error}` : ''}`
}

/**
 * The module's refusals are all of what the command line gave (an account, endpoint or event that
 * is not there, a URL or event type refused): usage mistakes, exit 2.
 */
async function refusing<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    if (err instanceof WebhookError || err instanceof AddressRefused) throw new UsageError(err.message)
    throw err
  }
}

/** An endpoint id given on the command line that names no endpoint is a usage mistake. */
async function namedEndpoint(db: Db, id: string): Promise<void> {
  const [known] = await db.query('select 1 from webhook_endpoints where id = $1', [id])
  if (!known) throw new UsageError(`no webhook endpoint ${id} (csapi webhooks list shows them)`)
}

export function webhooksCommand(io: Io): Command {
  const webhooks = new Command('webhooks').description(
    "signed webhooks to a creator's endpoint: reports.changed, payout.created, adjustment.created",
  )
  const db = <T>(fn: Parameters<typeof withDb<T>>[1]) => withDb(io, (d) => refusing(() => fn(d)))

  webhooks
    .command('add')
    .description('add an endpoint; prints its id and its signing secret (shown once)')
    .requiredOption('--account <id>', 'the creator account whose events it receives')
    .requiredOption('--url <url>', 'https:// URL (http:// only for hosts in CSAPI_WEBHOOK_ALLOW_HOSTS)')
    .option('--events <types>', 'comma-separated event types (default: all)', '')
    .option('--description <text>', 'a label for it (the API shows it)', '')
    .action((opts: { account: string; url: string; events: string; description: string }) =>
      db(async (d) => {
        // the operator's endpoints keep the API's address rules; the per-account bound is the API's
        const rules = { allowHosts: loadConfig(io.env).webhooks.allowHosts }
        checkEndpointUrl(opts.url, rules.allowHosts)
        const { id, secret } = await addEndpoint(d, opts.account, opts.url, eventTypes(opts.events), {
          description: opts.description,
          rules,
        })
        println(
          io.stdout,
          `${id}\nsecret: ${secret}\n(keep the secret: it is not shown again; rotate-secret makes a new one)`,
        )
      }),
    )

  webhooks
    .command('list')
    .description('every endpoint: state, deliveries pending, delivered and failed, last attempt')
    .action(() =>
      db(async (d) => {
        const all = await listEndpoints(d)
        if (all.length === 0) return println(io.stdout, 'no webhook endpoints')
        for (const e of all) {
          const state = e.disabled_at ? `DISABLED since ${e.disabled_at}: ${e.disabled_reason}` : 'enabled'
          println(
            io.stdout,
            `${e.id}  ${e.account_id}  ${e.url}  events: ${e.events.length ? e.events.join(',') : 'all'}  ${state}\n` +
              `  pending ${e.pending}, delivered ${e.delivered}, failed ${e.failed}; last attempt ` +
              `${e.last_attempt_at ?? 'never'}` +
              (e.rotating_until ? `; previous secret also signs until ${e.rotating_until}` : ''),
          )
        }
      }),
    )

  webhooks
    .command('remove')
    .description('remove an endpoint and its delivery log')
    .argument('<endpoint_id>')
    .action((id: string) => db(async (d) => (await removeEndpoint(d, id), println(io.stdout, `removed ${id}`))))

  webhooks
    .command('enable')
    .description(
      're-enable a disabled endpoint: its pending deliveries go out now, each with the whole retry schedule again',
    )
    .argument('<endpoint_id>')
    .action((id: string) => db(async (d) => (await enableEndpoint(d, id), println(io.stdout, `enabled ${id}`))))

  webhooks
    .command('rotate-secret')
    .description('a new signing secret; the previous one also signs for the overlap')
    .argument('<endpoint_id>')
    .addOption(
      new Option('--overlap <duration>', 'how long both secrets sign: 90d, 12h, 30m')
        .argParser(durationOf('--overlap'))
        .default(86_400_000, '24h'),
    )
    .action((id: string, opts: { overlap: number }) =>
      db(async (d) => {
        const secret = await rotateSecret(d, id, opts.overlap / 1000)
        println(io.stdout, `secret: ${secret}\n(both secrets sign for ${opts.overlap / 1000} s; then only this one)`)
      }),
    )

  webhooks
    .command('test')
    .description('send a webhook.test event to one endpoint and wait for its delivery by csapi serve')
    .argument('<endpoint_id>')
    .option('--wait <seconds>', 'how long to wait for the outcome, 0 to not wait', integer('--wait', 0, 600), 15)
    .action((id: string, opts: { wait: number }) =>
      db(async (d) => {
        await namedEndpoint(d, id)
        const eventId = await d.transaction((tx) =>
          testEndpoint(tx, null, id, 'a test event sent by csapi webhooks test'),
        )
        println(io.stdout, `event ${eventId} queued`)
        const until = Date.now() + opts.wait * 1000
        while (Date.now() < until) {
          const s = await deliveryOf(d, eventId)
          if (s?.status === 'delivered') return println(io.stdout, `delivered (HTTP ${s.http_status})`)
          if (s && s.attempts > 0 && s.error) throw new Failure(`attempt ${s.attempts} failed: ${s.error}`)
          await new Promise((r) => setTimeout(r, 200))
        }
        if (opts.wait > 0)
          throw new Failure(`not delivered within ${opts.wait} s: is csapi serve running with webhook delivery on?`)
      }),
    )

  webhooks
    .command('deliveries')
    .description('the newest deliveries and every attempt: status, duration, error (or sending, interrupted)')
    .option('--endpoint <id>', 'of this endpoint only')
    .option('--failed', 'only deliveries with a failed or interrupted attempt')
    .option('--limit <n>', 'how many, 1 to 1000', integer('--limit', 1, 1000), 50)
    .action((opts: { endpoint?: string; failed?: boolean; limit: number }) =>
      db(async (d) => {
        if (opts.endpoint !== undefined) await namedEndpoint(d, opts.endpoint)
        const list = await deliveries(d, opts.endpoint ?? null, Boolean(opts.failed), opts.limit)
        if (list.length === 0) return println(io.stdout, 'no deliveries')
        for (const x of list) {
          println(io.stdout, `${x.event_id}  ${x.type}  → ${x.endpoint_id}  ${x.status}`)
          for (const a of x.attempts) println(io.stdout, `  #${a.attempt} ${a.started_at} ${attemptLine(a)}`)
        }
      }),
    )

  webhooks
    .command('replay')
    .description('send an event again (or every event since a time) to the live endpoints that take it')
    .argument('[event_id]', 'an event id, evt_…')
    .option('--since <time>', 'every event created at or after this time (ISO 8601)')
    .option('--endpoint <id>', 'to this endpoint only')
    .action((eventId: string | undefined, opts: { since?: string; endpoint?: string }) => {
      if ((eventId === undefined) === (opts.since === undefined))
        throw new UsageError('give either an event id or --since TIME')
      if (opts.since !== undefined && Number.isNaN(Date.parse(opts.since)))
        throw new UsageError(`--since must be a time like 2026-11-23T10:00:00Z (got "${opts.since}")`)
      return db(async (d) => {
        if (opts.endpoint !== undefined) await namedEndpoint(d, opts.endpoint)
        const n = await replay(d, eventId ? { eventId } : { since: opts.since! }, opts.endpoint ?? null)
        println(io.stdout, `${n} deliveries queued`)
      })
    })
  return webhooks
}
