// The page body written around the rows' JSON (src/http/page.ts): one Buffer, the page's bytes
// whatever the size of the page or the characters of its rows.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { pageBody } from '../src/http/page.js'

/** Rows of `n` objects whose text holds quotes, escapes and characters of 2, 3 and 4 UTF-8 bytes. */
const rowsOf = (n: number) =>
  Array.from({ length: n }, (_, i) => JSON.stringify({ id: `r_${i}`, name: 'q"uote \\ é 日本 🎉' })).join(',')

test('the body is one Buffer holding the page as JSON', () => {
  const small = pageBody('brands', rowsOf(3), 'abc.def')
  assert.ok(Buffer.isBuffer(small))
  assert.deepEqual(JSON.parse(small.toString('utf8')), {
    brands: [0, 1, 2].map((i) => ({ id: `r_${i}`, name: 'q"uote \\ é 日本 🎉' })),
    next_cursor: 'abc.def',
  })
  const large = pageBody('reports', rowsOf(5000), null)
  const parsed = JSON.parse(large.toString('utf8')) as { reports: unknown[]; next_cursor: null }
  assert.equal(parsed.reports.length, 5000)
  assert.equal(parsed.next_cursor, null)
  assert.equal(pageBody('brands', '', null).toString('utf8'), '{"brands":[],"next_cursor":null}')
})

test('the body is exactly the bytes of the page as a UTF-8 string, at every size', () => {
  for (const n of [0, 1, 50, 5000]) {
    const rows = rowsOf(n)
    for (const cursor of ['c', null]) {
      const asString = `{"items":[${rows}],"next_cursor":${JSON.stringify(cursor)}}`
      assert.deepEqual(pageBody('items', rows, cursor), Buffer.from(asString, 'utf8'), `${n} rows, cursor ${cursor}`)
    }
  }
})
