// Environment parsed once, at start, into typed settings; a bad value stops the start with a
// message that names the variable.
import { isIP } from 'node:net'
import proxyAddr from '@fastify/proxy-addr'

/** A bad setting: the start stops with a message that names the variable. */
export class ConfigError extends Error {}

export interface Config {
  databaseUrl: string | undefined
  /** Streaming replicas for reads (DATABASE_REPLICA_URLS); empty: every read on DATABASE_URL. */
  replicaUrls: string[]
  /** A replica further behind than this gets no reads. */
  replicaMaxLagMs: number
  /** How often every database is asked for its state (up, lag, position). */
  replicaCheckMs: number
  /** Where GET /metrics is served (Prometheus); null: nowhere. Never the public port. */
  metricsPort: number | null
  metricsHost: string
  cursorSecrets: string[] | undefined
  logLevel: string
  poolSize: number
  statementTimeoutMs: number
  /** How long a request waits for a database connection before 503. */
  dbConnectTimeoutMs: number
  rateLimitPerMinute: number
  rateLimitBurst: number
  /** The budget all tokens of one account share. */
  accountRateLimitPerMinute: number
  accountRateLimitBurst: number
  /** Failed authentications allowed per client address and minute (slows token guessing). */
  authFailuresPerMinute: number
  authFailuresBurst: number
  redisUrl: string | undefined
  /** How long a token lookup is cached: the longest a revoked token still works. */
  tokenCacheMs: number
  corsOrigins: string[]
  /** Time given to requests in flight after SIGTERM before the process gives up. */
  shutdownGraceMs: number
  requestTimeoutMs: number
  keepAliveTimeoutMs: number
  maxHeaderBytes: number
  maxUrlLength: number
  maxEventLoopDelayMs: number
  maxEventLoopUtilization: number
  maxHeapUsedBytes: number
  /** Open connections per instance; more are closed at once. */
  maxConnections: number
  /** Open connections from one peer address (not a trusted proxy); 0: no bound. */
  maxConnectionsPerAddress: number
  trustProxy: TrustProxy
  webhooks: WebhookConfig
}

/** Webhook delivery (docs/webhooks.md). */
export interface WebhookConfig {
  /** Whether this instance delivers (CSAPI_WEBHOOK_DELIVERY, default true). */
  deliver: boolean
  /** Seconds to wait before each retry; the endpoint is disabled when they are used up. */
  retrySeconds: number[]
  timeoutMs: number
  /** Hosts exempt from the https and public-address rules (tests, a local receiver). */
  allowHosts: string[]
  /** How many endpoints an account may make through the API (CSAPI_WEBHOOK_MAX_ENDPOINTS, default 10). */
  maxEndpoints: number
}

/**
 * Which X-Forwarded-For entries are believed: none (false), the last `n` (the entries appended by
 * `n` load balancers in front), or those appended by these proxy addresses (addresses, CIDRs).
 */
export type TrustProxy = false | number | string[]

const TRUST_PROXY_FORMS =
  'give the number of load balancers in front (CSAPI_TRUST_PROXY=1 for one) or their addresses ' +
  '(CSAPI_TRUST_PROXY=10.0.0.5,10.0.1.0/24)'

/** CSAPI_TRUST_PROXY: a hop count or a list of proxy addresses and CIDRs; never "every hop". */
export function trustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim()
  if (value === '' || value === 'false' || value === '0') return false
  if (value === 'true') {
    throw new ConfigError(
      'CSAPI_TRUST_PROXY=true would trust every X-Forwarded-For entry, including those the client ' +
        `writes itself: ${TRUST_PROXY_FORMS}`,
    )
  }
  if (/^\d+$/.test(value)) {
    if (Number(value) > 10) throw new ConfigError(`CSAPI_TRUST_PROXY must be a hop count from 1 to 10 (got "${value}")`)
    return Number(value)
  }
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  for (const entry of list) {
    const [address = '', bits, more] = entry.split('/')
    const named = ['loopback', 'linklocal', 'uniquelocal'].includes(entry)
    const valid = named || (isIP(address) !== 0 && more === undefined && (bits === undefined || /^\d{1,3}$/.test(bits)))
    try {
      if (!valid) throw new Error('not an address')
      proxyAddr.compile(entry)
    } catch {
      throw new ConfigError(`CSAPI_TRUST_PROXY: "${entry}" is neither an address nor a CIDR; ${TRUST_PROXY_FORMS}`)
    }
  }
  return list
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 }

/** About 3 days in 10 attempts: 5s 5m 30m 2h 5h 10h 10h 24h 24h after the first. */
export const DEFAULT_RETRY_SCHEDULE = '5s,5m,30m,2h,5h,10h,10h,24h,24h'

/** `5s,5m,2h,1d` (a bare number is seconds) as seconds. */
export function retrySchedule(raw: string): number[] {
  return raw.split(',').map((part) => {
    const m = /^\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*$/.exec(part)
    if (!m || Number(m[1]) <= 0)
      throw new ConfigError(
        `CSAPI_WEBHOOK_RETRY_SCHEDULE must list delays like 5s,5m,2h,1d, comma-separated (got "${part}")`,
      )
    return Number(m[1]) * UNIT_SECONDS[m[2] || 's']!
  })
}

function int(env: NodeJS.ProcessEnv, name: string, def: number, min: number, max: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return def
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`)
  }
  return Number(raw)
}

function fraction(env: NodeJS.ProcessEnv, name: string, def: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return def
  if (!/^(0(\.\d+)?|1(\.0+)?)$/.test(raw)) throw new ConfigError(`${name} must be a number from 0 to 1 (got "${raw}")`)
  return Number(raw)
}

function bool(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name]
  if (raw === undefined || raw === '' || raw === 'false' || raw === '0') return false
  if (raw === 'true' || raw === '1') return true
  throw new ConfigError(`${name} must be true or false (got "${raw}")`)
}

/** A comma-separated allow-list of exact origins such as https://app.example.com. */
function origins(raw: string | undefined): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  for (const o of list) {
    if (!/^https?:\/\/[^/\s]+$/.test(o)) {
      throw new ConfigError(
        `CSAPI_CORS_ORIGINS must list origins like https://app.example.com, comma-separated (got "${o}")`,
      )
    }
  }
  return list
}

/** Comma-separated postgres:// URLs; replicas need a PostgreSQL primary. */
function replicaUrls(raw: string | undefined, primary: string | undefined): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  for (const u of list) {
    if (!/^postgres(ql)?:\/\//.test(u))
      throw new ConfigError(
        `DATABASE_REPLICA_URLS must list postgres:// URLs, comma-separated (got "${u.split(':')[0]}:…")`,
      )
  }
  if (list.length > 0 && !/^postgres(ql)?:\/\//.test(primary ?? '')) {
    throw new ConfigError('DATABASE_REPLICA_URLS needs DATABASE_URL to be the PostgreSQL primary they replicate')
  }
  return list
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const secrets = env.CSAPI_CURSOR_SECRETS?.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (secrets?.some((s) => s.length < 32)) {
    throw new ConfigError(
      'every secret in CSAPI_CURSOR_SECRETS must be at least 32 characters (try: openssl rand -hex 32)',
    )
  }
  const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
  const logLevel = env.LOG_LEVEL || 'info'
  if (!levels.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${levels.join(', ')}`)
  const perMinute = int(env, 'CSAPI_RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000)
  const failures = int(env, 'CSAPI_AUTH_FAILURES_PER_MINUTE', 120, 1, 1_000_000)
  // room for a few tokens at full speed (production and CI, say) before the account's budget binds
  const accountPerMinute = int(env, 'CSAPI_ACCOUNT_RATE_LIMIT_PER_MINUTE', 2 * perMinute, 1, 2_000_000)
  return {
    databaseUrl: env.DATABASE_URL,
    replicaUrls: replicaUrls(env.DATABASE_REPLICA_URLS, env.DATABASE_URL),
    replicaMaxLagMs: int(env, 'CSAPI_REPLICA_MAX_LAG_MS', 30_000, 0, 86_400_000),
    replicaCheckMs: int(env, 'CSAPI_REPLICA_CHECK_MS', 250, 50, 60_000),
    metricsPort: env.CSAPI_METRICS_PORT ? int(env, 'CSAPI_METRICS_PORT', 0, 0, 65_535) : null,
    metricsHost: env.CSAPI_METRICS_HOST || '127.0.0.1',
    cursorSecrets: secrets && secrets.length > 0 ? secrets : undefined,
    logLevel,
    poolSize: int(env, 'CSAPI_DB_POOL_SIZE', 10, 1, 1000),
    statementTimeoutMs: int(env, 'CSAPI_STATEMENT_TIMEOUT_MS', 5000, 0, 3_600_000),
    dbConnectTimeoutMs: int(env, 'CSAPI_DB_CONNECT_TIMEOUT_MS', 1000, 100, 60_000),
    rateLimitPerMinute: perMinute,
    // A minute's allowance may be spent at once (a pagination walk, a nightly sync), then the
    // token is paced at the sustained rate.
    rateLimitBurst: int(env, 'CSAPI_RATE_LIMIT_BURST', perMinute, 1, 1_000_000),
    accountRateLimitPerMinute: accountPerMinute,
    accountRateLimitBurst: int(env, 'CSAPI_ACCOUNT_RATE_LIMIT_BURST', accountPerMinute, 1, 2_000_000),
    authFailuresPerMinute: failures,
    authFailuresBurst: int(env, 'CSAPI_AUTH_FAILURES_BURST', 60, 1, 1_000_000),
    redisUrl: env.REDIS_URL || undefined,
    tokenCacheMs: int(env, 'CSAPI_TOKEN_CACHE_MS', 5000, 0, 60_000),
    corsOrigins: origins(env.CSAPI_CORS_ORIGINS),
    shutdownGraceMs: int(env, 'CSAPI_SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    requestTimeoutMs: int(env, 'CSAPI_REQUEST_TIMEOUT_MS', 30_000, 1000, 600_000),
    keepAliveTimeoutMs: int(env, 'CSAPI_KEEP_ALIVE_TIMEOUT_MS', 5000, 100, 600_000),
    maxHeaderBytes: int(env, 'CSAPI_MAX_HEADER_BYTES', 16_384, 1024, 1_048_576),
    maxUrlLength: int(env, 'CSAPI_MAX_URL_LENGTH', 4096, 256, 65_536),
    maxEventLoopDelayMs: int(env, 'CSAPI_MAX_EVENT_LOOP_DELAY_MS', 1000, 0, 60_000),
    // Off by default: a saturated loop still serves, and shedding on utilization refuses most of
    // a closed-loop load. Delay measures the queue instead.
    maxEventLoopUtilization: fraction(env, 'CSAPI_MAX_EVENT_LOOP_UTILIZATION', 0),
    maxHeapUsedBytes: int(env, 'CSAPI_MAX_HEAP_USED_BYTES', 0, 0, 1e12),
    maxConnections: int(env, 'CSAPI_MAX_CONNECTIONS', 10_000, 1, 1_000_000),
    maxConnectionsPerAddress: int(env, 'CSAPI_MAX_CONNECTIONS_PER_ADDRESS', 100, 0, 1_000_000),
    trustProxy: trustProxy(env.CSAPI_TRUST_PROXY),
    webhooks: {
      deliver:
        env.CSAPI_WEBHOOK_DELIVERY === undefined ||
        env.CSAPI_WEBHOOK_DELIVERY === '' ||
        bool(env, 'CSAPI_WEBHOOK_DELIVERY'),
      retrySeconds: retrySchedule(env.CSAPI_WEBHOOK_RETRY_SCHEDULE || DEFAULT_RETRY_SCHEDULE),
      timeoutMs: int(env, 'CSAPI_WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
      allowHosts: (env.CSAPI_WEBHOOK_ALLOW_HOSTS ?? '')
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean),
      maxEndpoints: int(env, 'CSAPI_WEBHOOK_MAX_ENDPOINTS', 10, 0, 10_000),
    },
  }
}
