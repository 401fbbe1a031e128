// Buckets in Redis, shared by every instance. One Lua script reads, refills and takes
// atomically, on Redis's clock, so instances with skewed clocks still agree.
import { Redis } from 'ioredis'
import { describe, perMs, type Keyed, type RateLimitStore, type Take } from './bucket.js'

// KEYS: the buckets; ARGV: the cost, then units per ms and burst of each bucket. Takes from every
// bucket or from none. Returns { allowed, tokens as text } for each bucket, in order.
const TAKE = `
local cost = tonumber(ARGV[1])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local levels = {}
local all = cost ~= 0
for i, key in ipairs(KEYS) do
  local rate = tonumber(ARGV[2 * i])
  local burst = tonumber(ARGV[2 * i + 1])
  local v = redis.call('HMGET', key, 'tokens', 'at')
  local tokens = tonumber(v[1])
  local at = tonumber(v[2])
  if tokens == nil or at == nil then
    tokens = burst
  else
    tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
  end
  levels[i] = tokens
  if cost > 0 and tokens < cost then all = false end
end
local out = {}
for i, key in ipairs(KEYS) do
  local rate = tonumber(ARGV[2 * i])
  local burst = tonumber(ARGV[2 * i + 1])
  local tokens = levels[i]
  local allowed = 0
  if tokens >= (cost == 0 and 1 or cost) then allowed = 1 end
  if all then
    tokens = math.min(burst, tokens - cost)
    redis.call('HSET', key, 'tokens', tostring(tokens), 'at', tostring(now))
    redis.call('PEXPIRE', key, math.ceil((burst - tokens) / rate) + 1000)
  end
  out[2 * i - 1] = allowed
  out[2 * i] = tostring(tokens)
end
return out
`

type WithTake = Redis & { csapiTake(numberOfKeys: number, ...args: string[]): Promise<(number | string)[]> }

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
    this.redis.defineCommand('csapiTake', { lua: TAKE })
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

  async take(buckets: readonly Keyed[], cost: number): Promise<Take[]> {
    const args = [String(cost), ...buckets.flatMap((b) => [String(perMs(b.policy)), String(b.policy.burst)])]
    const reply = await this.redis.csapiTake(buckets.length, ...buckets.map((b) => this.prefix + b.key), ...args)
    return buckets.map((b, i) => describe(Number(reply[2 * i + 1]), reply[2 * i] === 1, b.policy))
  }

  async close(): Promise<void> {
    this.redis.disconnect()
  }
}
