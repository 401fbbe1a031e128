// Slow and greedy clients against the real `csapi serve`: a client that trickles a header line
// at a time and never reads gets its 408 and loses the connection (the server's descriptors come
// back down while the client still lives), so does one whose body stops, and open connections
// are bounded in all and per client address.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { once } from 'node:events'
import { readdirSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { openDb } from '../../src/db/index.js'
import { cliProcess, createTestDatabase, load, sample, type TestDatabase } from '../support/helpers.js'

let db: TestDatabase
before(async () => {
  db = await createTestDatabase({ migrated: true })
})
after(() => db.drop())

async function serve(env: Record<string, string>) {
  const server = cliProcess(db.url, ['serve', '--port', '0'], {
    CSAPI_MAX_EVENT_LOOP_DELAY_MS: '0',
    CSAPI_METRICS_PORT: '0',
    LOG_LEVEL: 'info',
    ...env,
  })
  const base = (await server.waitFor(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/))[1]!
  const metrics = (await server.waitFor(/"metrics":"(http:\/\/127\.0\.0\.1:\d+\/metrics)"/))[1]!
  const port = Number(base)
  return {
    port,
    /** The server process's open descriptors. */
    fds: () => readdirSync(`/proc/${server.child.pid}/fd`).length,
    scrape: async () => (await fetch(metrics)).text(),
    async stop() {
      server.child.kill('SIGKILL')
      await server.exit
    },
  }
}

/** A connection that stays open until closed by either side; `closed` says when the server did. */
async function open(port: number, localAddress = '127.0.0.1') {
  const socket: Socket = connect({ port, host: '127.0.0.1', localAddress })
  socket.on('error', () => {})
  let closed = false
  socket.on('close', () => (closed = true))
  await once(socket, 'connect')
  return { socket, closed: () => closed }
}

async function waitUntil(what: string, ok: () => boolean, ms: number) {
  const until = Date.now() + ms
  while (!ok()) {
    if (Date.now() > until) throw new Error(`timed out after ${ms} ms waiting for ${what}`)
    await sleep(50)
  }
}

test(
  'a client that trickles headers and never reads gets 408, and the server closes its descriptor',
  { timeout: 60_000 },
  async (t) => {
    const s = await serve({ CSAPI_REQUEST_TIMEOUT_MS: '1000' })
    const clients: { socket: Socket; closed: () => boolean }[] = []
    const trickle: NodeJS.Timeout[] = []
    try {
      assert.equal((await fetch(`http://127.0.0.1:${s.port}/healthz`)).status, 200)
      await sleep(200)
      const baseline = s.fds()
      const N = 40
      for (let i = 0; i < N; i++) {
        const c = await open(s.port)
        // never read: the answer stays in the kernel's buffers, as with a client that stalls
        c.socket.pause()
        c.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n')
        trickle.push(setInterval(() => c.socket.writable && c.socket.write('X-Slow: 1\r\n'), 200))
        clients.push(c)
      }
      await waitUntil('every connection accepted', () => s.fds() >= baseline + N, 5000)
      const peak = s.fds()
      // request timeout 1 s, checked every second; the clients keep writing all along
      await waitUntil(`descriptors back near ${baseline} (${s.fds()} now)`, () => s.fds() <= baseline + 2, 8000)
      t.diagnostic(`server descriptors: ${baseline} before, ${peak} with ${N} slow clients, ${s.fds()} after the 408s`)
      // each got the API's 408 before the connection closed
      const c = clients[0]!.socket
      c.resume()
      const answer = String(c.read() ?? '')
      assert.match(answer, /^HTTP\/1\.1 408 Request Timeout\r\n/)
      assert.match(answer, /"code":"invalid_request"/)
      assert.match(answer, /\r\nX-Request-Id: [0-9a-f-]{36}\r\n/)
    } finally {
      for (const i of trickle) clearInterval(i)
      for (const c of clients) c.socket.destroy()
      await s.stop()
    }
  },
)

test('a client that stops sending its body gets 408 within the request timeout, not a silent close', async () => {
  // a token that may write: the body is read after authentication
  const d = await openDb(db.url)
  await load(d, {
    accounts: [{ id: 'cr_slow', role: 'creator', name: 'Slow' }],
    api_tokens: [{ account_id: 'cr_slow', token: 'csapi_slow_body_token', scopes: ['read', 'webhooks:write'] }],
  }).finally(() => d.close())
  const s = await serve({ CSAPI_REQUEST_TIMEOUT_MS: '1000' })
  try {
    const c = await open(s.port)
    let answer = ''
    c.socket.on('data', (d: Buffer) => (answer += d))
    // 11 of the 100 bytes announced, then nothing: the headers are whole, the request is not
    c.socket.write(
      'POST /api/creator/v1/webhook-endpoints HTTP/1.1\r\nHost: localhost\r\n' +
        'Authorization: Bearer csapi_slow_body_token\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"url":"htt',
    )
    await waitUntil('the server closing the connection', c.closed, 10_000)
    // before the socket's own timeout (the request timeout + 5 s) closed it without a word
    assert.match(answer, /^HTTP\/1\.1 408 Request Timeout\r\n/)
    assert.match(answer, /"code":"invalid_request"/)
  } finally {
    await s.stop()
  }
})

test(
  'open connections are bounded per client address and in all; closed ones free their place',
  { timeout: 60_000 },
  async () => {
    const s = await serve({ CSAPI_MAX_CONNECTIONS_PER_ADDRESS: '10', CSAPI_MAX_CONNECTIONS: '14' })
    const held: { socket: Socket; closed: () => boolean }[] = []
    try {
      for (let i = 0; i < 15; i++) held.push(await open(s.port, '127.0.0.1'))
      await waitUntil('the connections over the bound closed', () => held.filter((c) => c.closed()).length >= 5, 5000)
      await sleep(300)
      assert.equal(held.filter((c) => !c.closed()).length, 10, '10 from one address stay open')
      // another address is served
      const other = await open(s.port, '127.0.0.2')
      other.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')
      const [reply] = (await once(other.socket, 'data')) as [Buffer]
      assert.match(String(reply), /^HTTP\/1\.1 200 /)
      // 10 + 4 from a third address fill the total: the 15th connection is closed at once
      const third: { socket: Socket; closed: () => boolean }[] = []
      for (let i = 0; i < 5; i++) third.push(await open(s.port, '127.0.0.3'))
      await waitUntil('the connection over the total closed', () => third.some((c) => c.closed()), 5000)
      await sleep(300)
      assert.equal(third.filter((c) => c.closed()).length, 1)
      // closing the first address's connections frees their places
      for (const c of held) c.socket.destroy()
      await sleep(300)
      const again = await open(s.port, '127.0.0.1')
      again.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')
      const [ok] = (await once(again.socket, 'data')) as [Buffer]
      assert.match(String(ok), /^HTTP\/1\.1 200 /)
      for (const c of third) c.socket.destroy()
      const text = await s.scrape()
      assert.equal(sample(text, 'csapi_connections_refused_total', { bound: 'per_address' }), 5)
      assert.equal(sample(text, 'csapi_connections_refused_total', { bound: 'total' }), 1)
    } finally {
      for (const c of held) c.socket.destroy()
      await s.stop()
    }
  },
)
