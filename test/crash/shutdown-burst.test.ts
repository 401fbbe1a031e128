// SIGTERM right after a burst of requests: every request the client had written before the
// signal gets an HTTP answer (200, or 503 with Connection: close), none a reset. Each round is a
// fresh `csapi serve` process started the way production starts it (src/bin.ts, serving in
// its own process). Half the burst goes over keep-alive connections left idle by a first
// burst, half over new connections. Then, once the server has stopped listening, two
// connections opened before the signal send a request: one kept alive after an earlier answer,
// one that has sent nothing yet. Both were promised service (the first by `Keep-Alive:
// timeout=N`), so both must be answered too, and told Connection: close.
import { test, type TestContext } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import http from 'node:http'
import net from 'node:net'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { setTimeout as sleep } from 'node:timers/promises'
import { openDb } from '../../src/db/index.js'
import { CURSOR_SECRET, createTestDatabase, load } from '../support/helpers.js'
import { TOKENS, DAYS, day, fixture } from '../support/fixture.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
// as production starts the server (npm start, or NODE_OPTIONS)
const ROUNDS = Number(process.env.SHUTDOWN_ROUNDS ?? 10)
const BURST = 40
const WARM = 20
const SIGNAL_AFTER_MS = [30, 10, 0] // after the whole burst is written, cycling over the rounds
const GRACE_MS = 8000
const URLS = [
  `/api/creator/v1/reports?start=${day(0)}&end=${day(DAYS - 1)}&limit=500`,
  '/api/creator/v1/brands?limit=100',
  '/healthz',
]
const AUTH = `Bearer ${TOKENS.cr_a}`

interface Answer {
  /** Sent on a connection kept alive from an earlier request. */
  reused: boolean
  status?: number
  connection?: string
  error?: string
}

const answered = (o: Answer) => o.status === 200 || (o.status === 503 && o.connection === 'close')
const describe = (o: Answer) => o.error ?? `${o.status}${o.connection === 'close' ? ' close' : ''}`

/** A GET on the agent; `written` settles once the whole request is on the wire (or failed). */
function get(agent: http.Agent, port: number, path: string) {
  let onWritten!: () => void
  const written = new Promise<void>((resolve) => (onWritten = resolve))
  const answer = new Promise<Answer>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent, headers: { authorization: AUTH } }, (res) => {
      res.resume()
      res.on('end', () =>
        resolve({ reused: req.reusedSocket, status: res.statusCode, connection: res.headers.connection }),
      )
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ reused: req.reusedSocket, error: e.code ?? e.message }))
    })
    // 'finish': the request was handed to the kernel, so its connection was open
    req.on('finish', onWritten)
    req.on('error', (e: NodeJS.ErrnoException) => {
      onWritten()
      resolve({ reused: req.reusedSocket, error: e.code ?? e.message })
    })
  })
  return { written, answer }
}

/** A connection that is open but has sent nothing; `send` writes one request and reads the answer. */
async function silentConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1')
  await once(socket, 'connect')
  let raw = ''
  let error: string | undefined
  socket.setEncoding('latin1')
  socket.on('data', (c: string) => (raw += c))
  socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message))
  const closed = once(socket, 'close')
  return {
    async send(path: string): Promise<Answer> {
      if (!socket.destroyed) socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${AUTH}\r\n\r\n`)
      await closed // the answer must say Connection: close, so the server closes after it
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(raw)?.[1]
      const connection = /\r\nconnection: *([^\r]*)/i.exec(raw)?.[1]?.toLowerCase()
      return status
        ? { reused: false, status: Number(status), connection }
        : { reused: false, error: error ?? (raw ? 'garbled answer' : 'closed without an answer') }
    },
  }
}

/** Resolves once a new connection to the port is refused: the server no longer listens. */
async function refused(port: number) {
  for (const until = Date.now() + GRACE_MS; Date.now() < until; await sleep(20)) {
    const socket = net.connect(port, '127.0.0.1')
    const result = await new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'))
      socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'))
    })
    socket.destroy()
    if (result === 'ECONNREFUSED') return
  }
  assert.fail('the server kept listening')
}

interface Round {
  burst: Answer[]
  keptAlive: Answer
  silent: Answer
}

async function round(t: TestContext, n: number, dbUrl: string): Promise<Round> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/bin.ts', 'serve', '--port', '0'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      CSAPI_CURSOR_SECRETS: CURSOR_SECRET,
      CSAPI_SHUTDOWN_GRACE_MS: String(GRACE_MS),
      CSAPI_RATE_LIMIT_PER_MINUTE: '1000000',
      CSAPI_MAX_EVENT_LOOP_DELAY_MS: '0',
      CSAPI_MAX_EVENT_LOOP_UTILIZATION: '0',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (c) => (out += c))
  child.stderr.on('data', (c) => (err += c))
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity })
  const lateAgent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  try {
    let port = 0
    for (let i = 0; i < 300 && !port; i++) {
      const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out)
      if (m) port = Number(m[1])
      else await sleep(100)
    }
    assert.ok(port, `server did not start:\n${out}\n${err}`)

    const warm = await Promise.all(
      Array.from({ length: WARM }, (_, i) => get(agent, port, URLS[i % URLS.length]!).answer),
    )
    assert.deepEqual(
      warm.map(describe),
      warm.map(() => '200'),
      `round ${n}: warm-up`,
    )
    assert.equal(describe(await get(lateAgent, port, '/healthz').answer), '200') // its connection stays open, idle
    const silent = await silentConnection(port)

    const burst = Array.from({ length: BURST }, (_, i) => get(agent, port, URLS[i % URLS.length]!))
    await Promise.all(burst.map((r) => r.written))
    const delay = SIGNAL_AFTER_MS[n % SIGNAL_AFTER_MS.length]!
    await sleep(delay)
    const signalAt = performance.now()
    child.kill('SIGTERM')
    const answers = await Promise.all(burst.map((r) => r.answer))

    await refused(port)
    const keptAlive = await get(lateAgent, port, URLS[0]!).answer
    const late = await silent.send(URLS[1]!)
    agent.destroy() // the client's idle connections go, as a client's would after its idle timeout
    lateAgent.destroy()

    const [code, signal] = await exited
    const unanswered = answers.filter((o) => !answered(o)).length
    t.diagnostic(
      `round ${n}: SIGTERM ${delay} ms after the burst; ${unanswered} of ${BURST} unanswered; ` +
        `late on a kept-alive connection: ` +
        `${describe(keptAlive)}${keptAlive.reused ? '' : ' (not reused: it was closed)'}, ` +
        `late on a silent one: ${describe(late)}; exit ${code} after ${Math.round(performance.now() - signalAt)} ms`,
    )
    assert.equal(signal, null)
    assert.equal(code, 0, `round ${n}: exit code ${code}\n${err}`)
    assert.match(out, /shut down cleanly/)
    return { burst: answers, keptAlive, silent: late }
  } finally {
    agent.destroy()
    lateAgent.destroy()
    if (child.exitCode === null) child.kill('SIGKILL')
  }
}

test(
  `SIGTERM right after a burst of ${BURST} requests, ${ROUNDS} rounds: every request on a ` +
    `connection open before the signal is answered`,
  async (t) => {
    const tdb = await createTestDatabase({ migrated: true })
    try {
      const setup = await openDb(tdb.url)
      await load(setup, fixture())
      await setup.close()

      const rounds: Round[] = []
      for (let n = 0; n < ROUNDS; n++) rounds.push(await round(t, n, tdb.url))

      const count = (list: Answer[]) => {
        const by = new Map<string, number>()
        for (const o of list) {
          const k = `${describe(o)} (${o.reused ? 'kept-alive' : 'new'} connection)`
          by.set(k, (by.get(k) ?? 0) + 1)
        }
        return [...by].map(([k, v]) => `${k} ×${v}`).join(', ')
      }
      const burst = rounds.flatMap((r) => r.burst)
      const failed = burst.filter((o) => !answered(o))
      t.diagnostic(`burst: ${burst.length} requests, all written before SIGTERM: ${count(burst)}`)
      const badKeptAlive = rounds.filter(
        (r) => !r.keptAlive.reused || !answered(r.keptAlive) || r.keptAlive.connection !== 'close',
      )
      const badSilent = rounds.filter((r) => !answered(r.silent) || r.silent.connection !== 'close')
      assert.deepEqual(
        {
          failed: failed.length,
          roundsWithFailures: rounds.filter((r) => r.burst.some((o) => !answered(o))).length,
          badKeptAlive: badKeptAlive.length,
          badSilent: badSilent.length,
        },
        { failed: 0, roundsWithFailures: 0, badKeptAlive: 0, badSilent: 0 },
        `burst: ${failed.length} of ${burst.length} unanswered (${count(failed) || 'none'}); ` +
          `late request on a kept-alive connection failed in ${badKeptAlive.length} of ${ROUNDS} ` +
          `rounds (${badKeptAlive.map((r) => describe(r.keptAlive)).join(', ')}); ` +
          `late request on a silent connection failed in ${badSilent.length} of ${ROUNDS} rounds ` +
          `(${badSilent.map((r) => describe(r.silent)).join(', ')})`,
      )
    } finally {
      await tdb.drop()
    }
  },
)
