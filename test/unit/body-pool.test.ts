// Page bodies in lent Buffers (src/http/body-pool.ts, src/http/page.ts): a Buffer comes back to
// the pool only when its response has closed, so a body still being written to a slow client
// is never overwritten by another page, and one whose client went away comes back too. The
// server listens on a Unix socket: the kernel takes ~200 KB from a client that does not read
// there, where loopback TCP took the whole 3 MB page and no write was left waiting.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { once } from 'node:events'
import { connect } from 'node:net'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { BodyPool, MAX_CLASS, MIN_CLASS } from '../../src/http/body-pool.js'
import { buildApp } from '../../src/http/app.js'
import { pageBodies, sendPage } from '../../src/http/page.js'
import { CURSOR_SECRET, openTestDb } from '../support/helpers.js'
import { tempDir } from '../support/temp-dir.js'

const dir = tempDir('csapi-body-pool-')

test('the pool lends by power-of-two size, takes back its own Buffers once, and keeps a bounded number idle', () => {
  const pool = new BodyPool(3 * MIN_CLASS)
  const a = pool.take(100)
  assert.equal(a.length, MIN_CLASS)
  const b = pool.take(MIN_CLASS + 1)
  assert.equal(b.length, 2 * MIN_CLASS)
  assert.deepEqual(pool.stats(), { lent: 2, idleBytes: 0, allocated: 2 })

  pool.give(a)
  pool.give(a) // twice: ignored
  pool.give(Buffer.alloc(MIN_CLASS)) // not ours: ignored
  assert.deepEqual(pool.stats(), { lent: 1, idleBytes: MIN_CLASS, allocated: 2 })
  assert.equal(pool.take(MIN_CLASS), a, 'an idle Buffer of the size is lent again')
  assert.equal(pool.stats().allocated, 2)

  pool.give(a)
  pool.give(b) // 3 × MIN_CLASS idle: at the bound
  const c = pool.take(10)
  const d = pool.take(10)
  pool.give(c)
  pool.give(d) // would exceed the bound: left to the collector
  assert.deepEqual(pool.stats(), { lent: 0, idleBytes: 3 * MIN_CLASS, allocated: 3 })

  const huge = pool.take(MAX_CLASS + 1)
  assert.equal(huge.length, MAX_CLASS + 1, 'above the largest class: a Buffer of its own size')
  pool.give(huge)
  assert.deepEqual(pool.stats(), { lent: 0, idleBytes: 3 * MIN_CLASS, allocated: 4 })
})

/** One page's rows: `n` objects that each name `tag`, with multi-byte characters when `wide`. */
const rowsOf = (tag: string, n: number, wide = false) =>
  Array.from({ length: n }, (_, i) => JSON.stringify({ id: `${tag}_${i}`, tag, note: wide ? 'é 日本 🎉' : 'x' })).join(
    ',',
  )

/** A raw GET on its own connection; `read()` resumes reading and resolves with status and body. */
async function rawGet(server: string, path: string, { paused = false } = {}) {
  const socket = connect(server)
  await once(socket, 'connect')
  if (paused) socket.pause()
  const chunks: Buffer[] = []
  socket.on('data', (c: Buffer) => chunks.push(c))
  const ended = once(socket, 'end')
  socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`)
  return {
    socket,
    async read() {
      socket.resume()
      await ended
      const all = Buffer.concat(chunks)
      const split = all.indexOf('\r\n\r\n')
      const head = all.subarray(0, split).toString('latin1')
      const body = all.subarray(split + 4)
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1])
      return { status: Number(head.split(' ')[1]), length, body }
    },
  }
}

/** Objects in a test page: ~3.3 MB, more than the kernel takes from a client that does not read. */
const N = 78_000
let servers = 0

async function pageApp() {
  const { db, close } = await openTestDb()
  const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET] })
  app.get('/test/page', async (request, reply) => {
    const { tag, wide } = request.query as { tag: string; wide?: string }
    return sendPage(reply, 'items', rowsOf(tag, wide ? N / 2 : N, Boolean(wide)), null)
  })
  const path = join(dir, `${++servers}.sock`)
  await app.listen({ path })
  return { app, path, close: async () => (await app.close(), await close()) }
}

// the pool has no event to wait on: its state is polled, briefly
const waitFor = async (what: string, ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await sleep(10)
  assert.ok(ok(), what)
}

test('a body still being written to a slow client is not lent to the pages sent meanwhile', async () => {
  const { path, close } = await pageApp()
  try {
    const lent = () => pageBodies.stats().lent
    const before = lent()
    const slow = await rawGet(path, '/test/page?tag=slow', { paused: true })
    await waitFor('the slow page was sent', () => lent() === before + 1)
    await sleep(100)
    assert.equal(lent(), before + 1, 'the slow page is still being written (else this test proves nothing)')

    // other pages, with other content, while the slow one waits
    for (let round = 0; round < 3; round++) {
      const others = await Promise.all(['a', 'b', 'c'].map((tag) => rawGet(path, `/test/page?tag=${tag}`)))
      for (const [i, other] of (await Promise.all(others.map((o) => o.read()))).entries()) {
        const tag = ['a', 'b', 'c'][i]!
        assert.equal(other.status, 200)
        assert.equal(other.body.length, other.length)
        const items = (JSON.parse(other.body.toString('utf8')) as { items: { tag: string }[] }).items
        assert.ok(items.every((it) => it.tag === tag))
      }
    }
    await waitFor('the others were given back', () => lent() === before + 1)

    const got = await slow.read()
    assert.equal(got.status, 200)
    assert.equal(got.body.length, got.length)
    const parsed = JSON.parse(got.body.toString('utf8')) as { items: { tag: string }[]; next_cursor: null }
    assert.equal(parsed.items.length, N)
    assert.ok(
      parsed.items.every((it) => it.tag === 'slow'),
      'the slow page is its own, not another page written over it',
    )
    await waitFor('its Buffer came back once it finished', () => lent() === before)
  } finally {
    await close()
  }
})

test('a lent body holds multi-byte characters as UTF-8, and one whose client went away comes back', async () => {
  const { path, close } = await pageApp()
  try {
    const wide = await (await rawGet(path, '/test/page?tag=w&wide=1')).read()
    assert.equal(wide.body.length, wide.length)
    const items = (JSON.parse(wide.body.toString('utf8')) as { items: { note: string }[] }).items
    assert.equal(items.length, N / 2)
    assert.ok(items.every((it) => it.note === 'é 日本 🎉'))

    const stats = () => pageBodies.stats()
    const before = stats()
    const gone = await rawGet(path, '/test/page?tag=gone', { paused: true })
    await waitFor('the page was sent', () => stats().lent === before.lent + 1)
    await sleep(100)
    assert.equal(stats().lent, before.lent + 1, 'the page is still being written')
    gone.socket.destroy()
    await waitFor('its Buffer came back once the connection closed', () => stats().lent === before.lent)
    const next = await (await rawGet(path, '/test/page?tag=next')).read()
    const nextItems = (JSON.parse(next.body.toString('utf8')) as { items: { tag: string }[] }).items
    assert.ok(nextItems.length === N && nextItems.every((it) => it.tag === 'next'))
  } finally {
    await close()
  }
})
