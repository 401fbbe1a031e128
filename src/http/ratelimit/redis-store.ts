// Buckets in Redis, shared by every instance. One Lua script reads, refills and takes
// atomically, on Redis's clock, so instances with skewed clocks still agree.
import { Redis } from 'ioredis'
import { describe, type Policy, type RateLimitStore, type Take } from './bucket.js'

// KEYS[1] bucket; ARGV: units per ms, burst, cost. Returns { allowed, tokens as text }.
const TAKE = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local v = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(v[1])
local at = tonumber(v[2])
if tokens == nil or at == nil then
  tokens = burst
else
  tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
end
if cost == 0 then
  return { tokens >= 1 and 1 or 0, tostring(tokens) }
end
local allowed = 0
if tokens >= cost then
  tokens = tokens - cost
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate) + 1000)
return { allowed, tostring(tokens) }
`

type WithTake = Redis & { csapiTake(key: string, rate: string, burst: string, cost: string): Promise<[number, string]> }

export interface RedisStoreOptions {
  /** Prepended to every key, so that several deployments can share one Redis. */
  prefix?: string
  /** A command that takes longer fails (and the request is let through). */
  commandTimeoutMs?: number
}

export class RedisStore implements RateLimitStore {
  private readonly redis: WithTake
  private readonly prefix: string

  constructor(url: string, opts: RedisStoreOptions = {}) {
    this.prefix = opts.prefix ?? 'csapi:rl:'
    this.redis = new Redis(url, {
      // Fail fast rather than queue: a request must not wait for Redis to come back.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: opts.commandTimeoutMs ?? 500,
      connectTimeout: 2000,
      lazyConnect: false,
    }) as WithTake
    // Errors reach the caller of take(); without a listener ioredis would log every retry.
    this.redis.on('error', () => {})
    this.redis.defineCommand('csapiTake', { numberOfKeys: 1, lua: TAKE })
  }

  /** Resolves once connected, so that a wrong REDIS_URL stops the start. */
  async ready(timeoutMs = 5000): Promise<void> {
    if (this.redis.status === 'ready') return
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`Redis not ready after ${timeoutMs} ms`)), timeoutMs)
      const onReady = () => done()
      const done = (err?: Error) => {
        clearTimeout(timer)
        this.redis.off('ready', onReady)
        if (err) reject(err)
        else resolve()
      }
      this.redis.on('ready', onReady)
    })
  }

  async take(key: string, policy: Policy, cost: number): Promise<Take> {
    const rate = policy.perMinute / 60_000
    const [allowed, tokens] = await this.redis.csapiTake(
      this.prefix + key,
      String(rate),
      String(policy.burst),
      String(cost),
    )
    return describe(Number(tokens), allowed === 1, policy)
  }

  async close(): Promise<void> {
    this.redis.disconnect()
  }
}
