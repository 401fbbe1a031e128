// The page body written around the rows' JSON (src/http/page.ts): a string for a small page, a
// lent Buffer for a large one, and the same bytes either way.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { BodyPool } from '../src/http/body-pool.js'
import { pageBody, STRING_BODY_MAX } from '../src/http/page.js'

const pool = new BodyPool()
const bytes = (b: ReturnType<typeof pageBody>) => (typeof b === 'string' ? Buffer.from(b, 'utf8') : b.bytes)

/** Rows of `n` objects whose text holds quotes, escapes and, unless `ascii`, characters of 2, 3 and 4 UTF-8 bytes. */
const rowsOf = (n: number, ascii = false) =>
  Array.from({ length: n }, (_, i) =>
    JSON.stringify({ id: `r_${i}`, name: ascii ? 'q"uote \\ e' : 'q"uote \\ é 日本 🎉' }),
  ).join(',')

test('a small page is one string, a large one a lent Buffer, each the page as JSON', () => {
  const small = pageBody('brands', rowsOf(3), 'abc.def', pool)
  assert.equal(typeof small, 'string')
  assert.deepEqual(JSON.parse(small as string), {
    brands: [0, 1, 2].map((i) => ({ id: `r_${i}`, name: 'q"uote \\ é 日本 🎉' })),
    next_cursor: 'abc.def',
  })
  const n = Math.ceil(STRING_BODY_MAX / 40)
  const rows = rowsOf(n)
  assert.ok(rows.length > STRING_BODY_MAX)
  const large = pageBody('reports', rows, null, pool)
  assert.ok(typeof large !== 'string')
  assert.equal(large.bytes.buffer, large.lent.buffer, 'the body is a view of the lent Buffer')
  assert.ok(large.lent.length >= large.bytes.length)
  const parsed = JSON.parse(large.bytes.toString('utf8')) as { reports: unknown[]; next_cursor: null }
  assert.equal(parsed.reports.length, n)
  assert.equal(parsed.next_cursor, null)
  assert.equal(pageBody('brands', '', null, pool), '{"brands":[],"next_cursor":null}')
})

test('either side of the threshold, ASCII or not, in a fresh or a reused Buffer, the body is the same bytes', () => {
  const seen = new Set<Buffer>()
  let reused = 0
  for (const round of [1, 2]) {
    for (const ascii of [false, true]) {
      for (const n of [1, 50, Math.ceil(STRING_BODY_MAX / 40), 5_000, 1_000]) {
        const rows = rowsOf(n, ascii)
        const expected = Buffer.from(`{"items":[${rows}],"next_cursor":"c"}`, 'utf8')
        const body = pageBody('items', rows, 'c', pool)
        assert.deepEqual(bytes(body), expected, `round ${round}, ${n} rows, ascii ${ascii}`)
        if (typeof body === 'string') continue
        if (seen.has(body.lent)) reused++
        seen.add(body.lent)
        // given back at once: the next page of the same size class is written over this one
        pool.give(body.lent)
      }
    }
  }
  assert.ok(reused > 0, 'some bodies were written over earlier ones')
})
