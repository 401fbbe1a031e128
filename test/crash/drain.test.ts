// Shutdown's drain (src/http/plugins/core.ts): once app.drain() is called, every answer says
// Connection: close and its connection closes after it, including the answer to a request that
// arrived before the drain began; before it, connections are kept alive.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { once } from 'node:events'
import { connect, type Socket } from 'node:net'
import { buildApp } from '../../src/http/app.js'
import { CURSOR_SECRET, openTestDb } from '../support/helpers.js'

/** A raw keep-alive connection: `ask` sends one GET and resolves with the answer's status and Connection header. */
async function rawConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1')
  await once(socket, 'connect')
  let buffered = ''
  let waiting: ((head: string) => void) | null = null
  socket.setEncoding('latin1')
  socket.on('data', (chunk: string) => {
    buffered += chunk
    const m = /^HTTP\/1\.1 [^]*?\r\n\r\n/.exec(buffered)
    if (!m || !waiting) return
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(m[0])?.[1] ?? 0)
    if (buffered.length < m[0].length + length) return
    buffered = buffered.slice(m[0].length + length)
    const w = waiting
    waiting = null
    w(m[0])
  })
  const ended = once(socket, 'end')
  return {
    ended,
    async ask(path: string) {
      const head = new Promise<string>((resolve) => (waiting = resolve))
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`)
      const h = await head
      return {
        status: Number(h.split(' ')[1]),
        connection: /\r\nconnection: *([^\r]*)/i.exec(h)?.[1]?.toLowerCase(),
      }
    },
    destroy: () => socket.destroy(),
  }
}

test('after drain(), every answer closes its connection, even to a request that arrived before it', async () => {
  const { db, close } = await openTestDb()
  const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET] })
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  let arrived!: () => void
  const slowArrived = new Promise<void>((resolve) => (arrived = resolve))
  app.get('/test/slow', async () => {
    arrived()
    await gate
    return { ok: true }
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as { port: number }).port
  const early = await rawConnection(port)
  const idle = await rawConnection(port)
  try {
    // before the drain: kept alive
    assert.deepEqual(await early.ask('/healthz'), { status: 200, connection: 'keep-alive' })
    assert.deepEqual(await idle.ask('/readyz'), { status: 200, connection: 'keep-alive' })

    // a request in flight when the drain begins is answered, with Connection: close
    const slow = early.ask('/test/slow')
    await slowArrived
    app.drain()
    release()
    assert.deepEqual(await slow, { status: 200, connection: 'close' })
    await early.ended // and the server closes that connection after the answer

    // a request that arrives after it on a connection kept alive from before: the same
    assert.deepEqual(await idle.ask('/healthz'), { status: 200, connection: 'close' })
    await idle.ended

    // readiness fails from the drain on, so that a load balancer stops sending traffic
    const late = await rawConnection(port)
    assert.deepEqual(await late.ask('/readyz'), { status: 503, connection: 'close' })
    await late.ended
    // whatever its query string: a probe ignores it (operations.md)
    const probe = await rawConnection(port)
    assert.deepEqual(await probe.ask('/readyz?from=lb'), { status: 503, connection: 'close' })
    await probe.ended

    // and so do the router's own errors, which run no hooks (a malformed escape in a path parameter)
    const bad = await rawConnection(port)
    assert.deepEqual(await bad.ask('/api/creator/v1/payouts/%zz/lines'), { status: 400, connection: 'close' })
    await bad.ended
  } finally {
    early.destroy()
    idle.destroy()
    await app.close()
    await close()
  }
})
