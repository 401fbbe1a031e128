// `npm run soak [-- --minutes 10 --rate 50 --every 30]`: runs the real server in its own
// process under steady mixed load from this one, and reports errors, latency percentiles and
// the server's RSS over time. Target: zero errors, flat memory. Exit 1 on any error.
//
// DATABASE_URL picks the database (default: a fresh PGlite directory under the system temp
// folder, loaded with the demo dataset; PGlite runs queries on the server's event loop, so use
// PostgreSQL for figures that mean anything). The rate limits are raised (all load comes from one
// address and a few tokens) so that the load is not refused; the limiter still runs on every
// request, and everything else runs with production settings.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { fileURLToPath } from 'node:url'
import { setTimeout as sleep } from 'node:timers/promises'
import { openDb } from '../src/db/index.js'
import { migrate } from '../src/db/migrate.js'
import { importDataset } from '../src/dataset/import.js'
import { createToken } from '../src/tokens/tokens.js'
import { generateDemoDataset } from '../src/demo/generate.js'

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string', default: '50' }, // requests a second, open loop
    every: { type: 'string', default: '30' }, // seconds between report lines
    size: { type: 'string', default: 'small' },
  },
})
const minutes = Number(values.minutes)
const rate = Number(values.rate)
const every = Number(values.every)
const size = values.size as 'small' | 'medium' | 'large'
if (!(minutes > 0) || !(rate > 0) || !(every > 0) || !['small', 'medium', 'large'].includes(size)) {
  console.error('usage: npm run soak -- [--minutes 10] [--rate 50] [--every 30] [--size small|medium|large]')
  process.exit(2)
}

const root = fileURLToPath(new URL('..', import.meta.url))
const tempDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'csapi-soak-'))
const databaseUrl = process.env.DATABASE_URL ?? `file:${tempDir}`

// Data and tokens, loaded before the server opens the database.
const db = await openDb(databaseUrl)
await migrate(db)
const { dataset, accounts } = generateDemoDataset({ size })
await importDataset(db, dataset)
const creators = dataset.accounts
  .filter((a) => a.role === 'creator')
  .slice(0, 8)
  .map((a) => a.id)
const creatorTokens = await Promise.all(
  creators.map((id) => createToken(db, { accountId: id, name: 'soak', expiresAt: null }).then((t) => t.token)),
)
const sellerToken = (await createToken(db, { accountId: accounts.seller, name: 'soak', expiresAt: null })).token
const granted = (
  await db.query<{ brand_id: string }>('select brand_id from brand_access where account_id = $1 order by brand_id', [
    accounts.seller,
  ])
).map((r) => r.brand_id)
const dates = dataset.report_rows.map((r) => r.date).sort()
const last = dates[dates.length - 1]!
const dayBefore = (n: number) => new Date(Date.parse(last) - n * 86_400_000).toISOString().slice(0, 10)
await db.close()

// A free port, found by listening on port 0 once; the server's own log stays out of the way.
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const p = (probe.address() as { port: number }).port
    probe.close(() => resolve(p))
  })
})
const base = `http://127.0.0.1:${port}`
// bounded heap as production starts it (npm start, or NODE_OPTIONS)
const serveArgs = ['--import', 'tsx', 'src/bin.ts', 'serve', '--port', String(port)]
const server = spawn(process.execPath, serveArgs, {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    CSAPI_RATE_LIMIT_PER_MINUTE: '1000000',
    CSAPI_AUTH_FAILURES_PER_MINUTE: '1000000',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
})
let up = false
for (let i = 0; i < 600 && !up; i++) {
  up = await fetch(`${base}/readyz`).then(
    (r) => r.ok,
    () => false,
  )
  if (!up) await sleep(100)
}
if (!up) {
  console.error('server did not start')
  server.kill('SIGKILL')
  process.exit(1)
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Math.round(Number(m[1]) / 1024) : NaN
}

// The mix: mostly first pages, some walks along cursors, a few bad requests that must be 4xx.
type Req = { url: string; token?: string; expect: number }
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!
const nextPages: Req[] = []
function nextRequest(): Req {
  const r = Math.random()
  if (r < 0.2 && nextPages.length > 0) return nextPages.shift()!
  if (r < 0.45)
    return { url: `/api/creator/v1/brands?limit=${pick([10, 25, 100])}`, token: pick(creatorTokens), expect: 200 }
  if (r < 0.8) {
    const span = pick([0, 6, 29, 89])
    const filter = pick(['', '&marketplace=US', '&marketplace=de'])
    return {
      url: `/api/creator/v1/reports?start=${dayBefore(span)}&end=${last}&limit=${pick([50, 100, 500])}${filter}`,
      token: pick(creatorTokens),
      expect: 200,
    }
  }
  if (r < 0.95 && granted.length > 0)
    return {
      url: `/api/seller/v1/products?brand_id=${pick(granted)}&limit=${pick([25, 100])}`,
      token: sellerToken,
      expect: 200,
    }
  return pick<Req>([
    { url: '/api/creator/v1/brands', token: 'csapi_not_a_real_token', expect: 401 },
    { url: '/api/creator/v1/brands?limit=0', token: pick(creatorTokens), expect: 400 },
    { url: `/api/creator/v1/reports?start=${last}&end=${dayBefore(3)}`, token: pick(creatorTokens), expect: 400 },
    { url: '/readyz', expect: 200 },
  ])
}

interface Window {
  n: number
  errors: number
  ms: number[]
}
const fresh = (): Window => ({ n: 0, errors: 0, ms: [] })
let window = fresh()
const total = fresh()
const errorSamples: string[] = []
const errorKinds = new Map<string, number>()
let inFlight = 0

async function fire(req: Req) {
  const started = performance.now()
  inFlight++
  let ok = false
  let what: string
  try {
    const res = await fetch(base + req.url, {
      headers: req.token ? { authorization: `Bearer ${req.token}` } : {},
      signal: AbortSignal.timeout(10_000),
    })
    const body = await res.text()
    ok = res.status === req.expect
    what = `${res.status} ${body.slice(0, 120)}`
    if (ok && res.status === 200 && req.url.includes('/api/')) {
      const next = (JSON.parse(body) as { next_cursor: string | null }).next_cursor
      if (next && nextPages.length < 1000)
        nextPages.push({ ...req, url: `${req.url.replace(/&cursor=[^&]*/, '')}&cursor=${encodeURIComponent(next)}` })
    }
  } catch (err) {
    what = String((err as Error).cause ?? err)
  } finally {
    inFlight--
  }
  const ms = performance.now() - started
  for (const w of [window, total]) {
    w.n++
    w.ms.push(ms)
    if (!ok) w.errors++
  }
  if (!ok) {
    const kind = /^\d{3}/.test(what)
      ? `HTTP ${what.slice(0, 3)}${what.includes('overloaded') ? ' (shed: overloaded)' : ''}`
      : what.split(':')[0]!
    errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1)
    if (errorSamples.length < 20) errorSamples.push(`${req.url} → ${what}`)
  }
}

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return 0
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!
}
const fmt = (n: number) => n.toFixed(1).padStart(7)

console.log(
  `soak: ${minutes} min at ${rate} req/s against ${base} ` +
    `(${databaseUrl.startsWith('file:') ? 'PGlite' : 'PostgreSQL'}, demo ${size}: ` +
    `${dataset.report_rows.length} report rows)`,
)
console.log('  time    reqs  errors   p50 ms   p99 ms   max ms  RSS MB  in flight')
const rss: number[] = [rssMb(server.pid!)]
const startedAt = Date.now()
const endAt = startedAt + minutes * 60_000
let nextReport = startedAt + every * 1000
let sent = 0
const pending = new Set<Promise<void>>()
while (Date.now() < endAt) {
  // open loop: requests go out on schedule whether or not earlier ones have answered
  const due = Math.floor(((Date.now() - startedAt) / 1000) * rate)
  while (sent < due) {
    sent++
    const p = fire(nextRequest()).finally(() => pending.delete(p))
    pending.add(p)
  }
  if (Date.now() >= nextReport) {
    const r = rssMb(server.pid!)
    rss.push(r)
    const t = Math.round((Date.now() - startedAt) / 1000)
    console.log(
      `${String(t).padStart(5)}s ${String(window.n).padStart(7)} ` +
        `${String(window.errors).padStart(7)} ${fmt(pct(window.ms, 50))}  ` +
        `${fmt(pct(window.ms, 99))}  ${fmt(Math.max(0, ...window.ms))} ${String(r).padStart(7)} ` +
        `${String(inFlight).padStart(10)}`,
    )
    window = fresh()
    nextReport += every * 1000
  }
  await sleep(5)
}
await Promise.all(pending)

server.kill('SIGTERM')
const [code] = (await once(server, 'exit')) as [number | null]
if (tempDir) rmSync(tempDir, { recursive: true, force: true })

const steady = rss.slice(Math.min(2, rss.length - 1))
console.log(
  `\ntotal: ${total.n} requests, ${total.errors} errors; p50 ` +
    `${pct(total.ms, 50).toFixed(1)} ms, p99 ${pct(total.ms, 99).toFixed(1)} ms, max ` +
    `${Math.max(...total.ms).toFixed(1)} ms`,
)
console.log(
  `RSS: start ${rss[0]} MB, min ${Math.min(...steady)} MB, max ${Math.max(...steady)} MB, ` +
    `end ${rss[rss.length - 1]} MB (after warm-up)`,
)
console.log(`server exit on SIGTERM: ${code}`)
if (errorKinds.size) console.log(`errors by kind: ${[...errorKinds].map(([k, n]) => `${k}: ${n}`).join(', ')}`)
if (errorSamples.length) console.log('first errors:\n  ' + errorSamples.join('\n  '))
process.exit(total.errors === 0 && code === 0 ? 0 : 1)
