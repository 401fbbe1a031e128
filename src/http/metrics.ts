// Prometheus metrics (prom-client), served on a listener of their own (CSAPI_METRICS_PORT), never
// on the public port. Label values are bounded: route patterns, methods, status codes, policy
// and database names — never URLs, tokens or account ids.
import { createServer, type Server } from 'node:http'
import client from 'prom-client'
import type { ReadRouter } from '../db/replicas.js'
import type { Queryable } from '../db/index.js'

export class Metrics {
  readonly registry = new client.Registry()
  readonly duration: client.Histogram<'route' | 'method' | 'status'>
  readonly requests: client.Counter<'route' | 'method' | 'status'>
  readonly sandboxRequests: client.Counter<'route' | 'method' | 'status'>
  readonly rateLimited: client.Counter<'policy'>
  readonly rateLimitFallback: client.Gauge
  readonly rateLimitFallbackChecks: client.Counter
  readonly shed: client.Counter
  readonly connectionsRefused: client.Counter<'bound'>
  readonly tokenLookups: client.Counter<'result'>
  readonly webhookDeliveries: client.Counter<'outcome'>

  constructor(private readonly reads: ReadRouter) {
    const registers = [this.registry]
    client.collectDefaultMetrics({ register: this.registry, prefix: 'csapi_' })
    this.duration = new client.Histogram({
      name: 'csapi_http_request_duration_seconds',
      help: 'Time from the request to its answer, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    })
    this.requests = new client.Counter({
      name: 'csapi_http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'],
      registers,
    })
    // requests of test tokens: counted apart, so that sandbox traffic never shows in the live figures
    this.sandboxRequests = new client.Counter({
      name: 'csapi_sandbox_requests_total',
      help: 'HTTP requests of test tokens (sandbox worlds) answered, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'],
      registers,
    })
    this.rateLimited = new client.Counter({
      name: 'csapi_rate_limit_rejections_total',
      help:
        'Requests refused with 429, by policy (default: a token; account: all tokens of an account; ' +
        'auth-failures: an address)',
      labelNames: ['policy'],
      registers,
    })
    this.rateLimitFallback = new client.Gauge({
      name: 'csapi_rate_limit_fallback',
      help: '1 while the shared rate-limit store (Redis) does not answer and limits are kept in this process',
      registers,
      aggregator: 'max',
    })
    this.rateLimitFallbackChecks = new client.Counter({
      name: 'csapi_rate_limit_fallback_checks_total',
      help: "Rate-limit checks answered by this process's buckets because the shared store (Redis) did not answer",
      registers,
    })
    this.shed = new client.Counter({
      name: 'csapi_load_shed_total',
      help: 'Requests refused with 503 because the instance was overloaded (event-loop delay or heap)',
      registers,
    })
    this.connectionsRefused = new client.Counter({
      name: 'csapi_connections_refused_total',
      help: 'Connections closed as they arrived, by bound: total (CSAPI_MAX_CONNECTIONS), per_address',
      labelNames: ['bound'],
      registers,
    })
    this.tokenLookups = new client.Counter({
      name: 'csapi_token_lookups_total',
      help: 'Token lookups by result: hit (the instance cache), miss (the database)',
      labelNames: ['result'],
      registers,
    })
    const nodes = () => this.reads.nodes
    new client.Gauge({
      name: 'csapi_db_pool_connections',
      help: 'Connections of each database pool: in use, idle, and requests waiting for one',
      labelNames: ['database', 'state'],
      registers,
      collect() {
        this.reset()
        for (const n of nodes()) {
          const s = n.db.poolStats()
          this.set({ database: n.name, state: 'in_use' }, s.total - s.idle)
          this.set({ database: n.name, state: 'idle' }, s.idle)
          this.set({ database: n.name, state: 'waiting' }, s.waiting)
        }
      },
    })
    new client.Counter({
      name: 'csapi_db_reads_total',
      help: 'Reads answered by each database',
      labelNames: ['database'],
      registers,
      collect() {
        this.reset()
        for (const n of nodes()) this.inc({ database: n.name }, n.reads)
      },
    })
    new client.Counter({
      name: 'csapi_db_errors_total',
      help: 'Reads that failed because the database did not answer (each retried on the next one)',
      labelNames: ['database'],
      registers,
      collect() {
        this.reset()
        for (const n of nodes()) this.inc({ database: n.name }, n.errors)
      },
    })
    new client.Gauge({
      name: 'csapi_db_up',
      help: '1 when the database answered its last check or read',
      labelNames: ['database', 'role'],
      registers,
      aggregator: 'min', // --workers: up only if every worker reaches it
      collect() {
        this.reset()
        for (const n of nodes()) this.set({ database: n.name, role: n.role }, n.up ? 1 : 0)
      },
    })
    new client.Gauge({
      name: 'csapi_replica_lag_seconds',
      help: 'Replay lag of each replica (0 while it has replayed all it received)',
      labelNames: ['database'],
      registers,
      aggregator: 'max',
      collect() {
        this.reset()
        for (const n of nodes())
          if (n.role === 'replica' && n.lagMs !== null) this.set({ database: n.name }, n.lagMs / 1000)
      },
    })
    new client.Gauge({
      name: 'csapi_replica_serving',
      help: '1 when the replica gets reads (up and within CSAPI_REPLICA_MAX_LAG_MS)',
      labelNames: ['database'],
      registers,
      aggregator: 'min',
      collect() {
        this.reset()
        for (const n of nodes()) if (n.role === 'replica') this.set({ database: n.name }, n.serving ? 1 : 0)
      },
    })
    this.webhookDeliveries = new client.Counter({
      name: 'csapi_webhook_attempts_total',
      help:
        'Webhook delivery attempts made by this instance, by outcome: delivered, retry (failed, ' +
        'will retry), failed (last retry failed: endpoint disabled)',
      labelNames: ['outcome'],
      registers,
    })
    this.ingestMetrics(registers)
    this.webhookQueueMetrics(registers)
  }

  /** The delivery queue as the database holds it (every instance sees the same): read at most every 5 s. */
  private webhookQueueMetrics(registers: client.Registry[]) {
    const queue = readAtMostEvery(5_000, () => webhookQueue(this.reads.reader()))
    const gauge = (name: string, help: string, pick: (q: WebhookQueue) => number) =>
      new client.Gauge({
        name,
        help,
        registers,
        aggregator: 'first',
        async collect() {
          const q = await queue()
          this.reset()
          if (q) this.set(pick(q))
        },
      })
    gauge(
      'csapi_webhook_queue_depth',
      'Webhook deliveries pending (due or waiting for a retry) to enabled endpoints',
      (q) => q.pending,
    )
    gauge(
      'csapi_webhook_oldest_pending_seconds',
      'Age of the oldest pending webhook delivery to an enabled endpoint (0 when none)',
      (q) => q.oldestSeconds,
    )
    gauge('csapi_webhook_endpoints_disabled', 'Webhook endpoints disabled after failing every retry', (q) => q.disabled)
  }

  /**
   * Ingest runs happen in `csapi ingest` processes; each committed run is recorded in the
   * database (ingest_runs), so the instance reports them. Read at most every 10 s.
   */
  private ingestMetrics(registers: client.Registry[]) {
    const totals = readAtMostEvery(10_000, () => ingestTotals(this.reads.reader()))
    const counter = (name: string, help: string, pick: (t: IngestTotals) => number) =>
      new client.Counter({
        name,
        help,
        registers,
        aggregator: 'first', // read from the database: every worker has the same figure
        async collect() {
          const t = await totals()
          this.reset()
          if (t) this.inc(pick(t))
        },
      })
    counter('csapi_ingest_runs_total', 'Ingest runs committed (csapi ingest amazon-attribution)', (t) => t.runs)
    counter('csapi_ingest_rows_read_total', 'Amazon report rows read by committed ingest runs', (t) => t.rows)
    counter(
      'csapi_ingest_report_rows_written_total',
      'Report rows inserted or updated by committed ingest runs',
      (t) => t.written,
    )
    counter('csapi_ingest_seconds_total', 'Time spent by committed ingest runs', (t) => t.seconds)
    new client.Gauge({
      name: 'csapi_ingest_last_run_timestamp_seconds',
      help: 'When the last committed ingest run finished (Unix time)',
      registers,
      aggregator: 'first',
      async collect() {
        const t = await totals()
        this.reset()
        if (t?.last) this.set(t.last)
      },
    })
    new client.Gauge({
      name: 'csapi_ingest_last_run_seconds',
      help: 'How long the last committed ingest run took',
      registers,
      aggregator: 'first',
      async collect() {
        const t = await totals()
        this.reset()
        if (t?.lastSeconds !== null && t?.lastSeconds !== undefined) this.set(t.lastSeconds)
      },
    })
  }

  /** Records one answered request (an onResponse hook). */
  observe(route: string, method: string, status: number, seconds: number, sandbox = false): void {
    const labels = { route, method, status: String(status) }
    if (sandbox) return void this.sandboxRequests.inc(labels)
    this.duration.observe(labels, seconds)
    this.requests.inc(labels)
  }

  text(): Promise<string> {
    return this.registry.metrics()
  }
}

interface IngestTotals {
  runs: number
  rows: number
  written: number
  seconds: number
  last: number | null
  lastSeconds: number | null
}

interface WebhookQueue {
  pending: number
  oldestSeconds: number
  disabled: number
}

/** A figure read from the database at most every `ms` (scrapes in between share it); null if the read failed. */
function readAtMostEvery<T>(ms: number, read: () => Promise<T>): () => Promise<T | null> {
  let cached: { at: number; value: Promise<T | null> } | null = null
  return () => {
    if (!cached || Date.now() - cached.at > ms) cached = { at: Date.now(), value: read().catch(() => null) }
    return cached.value
  }
}

async function webhookQueue(db: Queryable): Promise<WebhookQueue> {
  const [q] = await db.query<WebhookQueue>(
    // the queue of the enabled endpoints (a disabled one's deliveries wait: its own gauge tells)
    `with live as (select d.created_at from webhook_deliveries d
                     join webhook_endpoints e on e.id = d.endpoint_id and e.disabled_at is null
                    where d.status = 'pending')
     select (select count(*)::int from live) as pending,
            coalesce((select extract(epoch from now() - min(created_at))::float8 from live), 0) as "oldestSeconds",
            -- an alert's gauge: endpoints paused by their account are not failing
            (select count(*)::int from webhook_endpoints where disabled_by = 'retries') as disabled`,
  )
  return q!
}

async function ingestTotals(db: Queryable): Promise<IngestTotals> {
  const [t] = await db.query<IngestTotals>(
    `select count(*)::int as runs, coalesce(sum(rows_read), 0)::float8 as rows,
            coalesce(sum(inserted + updated), 0)::float8 as written,
            coalesce(sum(elapsed_ms), 0)::float8 / 1000 as seconds,
            extract(epoch from max(finished_at))::float8 as last,
            (select elapsed_ms::float8 / 1000 from ingest_runs order by finished_at desc limit 1) as "lastSeconds"
       from ingest_runs`,
  )
  return t!
}

/**
 * `serve --workers N`: the primary serves the sum of its workers' metrics (prom-client's cluster
 * aggregation: each worker answers with its registry over the cluster IPC channel).
 */
export function clusterMetrics(): { text(): Promise<string> } {
  const aggregator = new client.AggregatorRegistry()
  return { text: () => aggregator.clusterMetrics() }
}

/** In a worker: the registry the primary's aggregation asks for. */
export function shareWithPrimary(metrics: Metrics): void {
  client.AggregatorRegistry.setRegistries([metrics.registry])
  new client.AggregatorRegistry() // constructing one is what makes the worker answer the primary
}

/** Serves GET /metrics on its own port (never the public one); anything else is 404. */
export function listenMetrics(metrics: { text(): Promise<string> }, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: GET /metrics\n')
      return
    }
    metrics.text().then(
      (body) => res.writeHead(200, { 'content-type': client.register.contentType }).end(body),
      (err: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${err.message}\n`),
    )
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve(server))
  })
}
