// The page body written around the rows' JSON (src/http/page.ts): a string for a small page, a
// Buffer for a large one, and the same bytes either way.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { pageBody, STRING_BODY_MAX } from '../src/http/page.js'

const bytes = (b: string | Buffer) => (typeof b === 'string' ? Buffer.from(b, 'utf8') : b)

/** Rows of `n` objects whose text holds quotes, escapes and characters of 2, 3 and 4 UTF-8 bytes. */
const rowsOf = (n: number) =>
  Array.from({ length: n }, (_, i) => JSON.stringify({ id: `r_${i}`, name: 'q"uote \\ é 日本 🎉' })).join(',')

test('a small page is one string, a large one a Buffer, each the page as JSON', () => {
  const small = pageBody('brands', rowsOf(3), 'abc.def')
  assert.equal(typeof small, 'string')
  assert.deepEqual(JSON.parse(small as string), {
    brands: [0, 1, 2].map((i) => ({ id: `r_${i}`, name: 'q"uote \\ é 日本 🎉' })),
    next_cursor: 'abc.def',
  })
  const rows = rowsOf(Math.ceil(STRING_BODY_MAX / 40))
  assert.ok(rows.length > STRING_BODY_MAX)
  const large = pageBody('reports', rows, null)
  assert.ok(Buffer.isBuffer(large))
  const parsed = JSON.parse(large.toString('utf8')) as { reports: unknown[]; next_cursor: null }
  assert.equal(parsed.reports.length, Math.ceil(STRING_BODY_MAX / 40))
  assert.equal(parsed.next_cursor, null)
  assert.equal(pageBody('brands', '', null), '{"brands":[],"next_cursor":null}')
})

test('either side of the threshold, the body is the same bytes', () => {
  for (const n of [1, 50, Math.ceil(STRING_BODY_MAX / 40)]) {
    const rows = rowsOf(n)
    const asString = `{"items":[${rows}],"next_cursor":"c"}`
    assert.deepEqual(bytes(pageBody('items', rows, 'c')), Buffer.from(asString, 'utf8'), `${n} rows`)
  }
})
