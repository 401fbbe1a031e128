// Dates across the whole range a client can type, years 0000 to 99999: the reports endpoint
// answers 200 exactly for the real calendar days from 0001-01-01 to 9999-12-31 (with end not
// before start) and 400 invalid_request for everything else, never a 5xx. The oracle is
// JavaScript's own proleptic Gregorian calendar, not the service's code.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { RUNS, hostileApp } from '../support/hostile-kit.js'
import { TOKENS } from '../support/fixture.js'

let app: FastifyInstance
let close: () => Promise<void>
before(async () => {
  ;({ app, close } = await hostileApp())
})
after(() => close())

const R = '/api/creator/v1/reports'

/** Whether y-m-d is a real day that the API takes (years 1 to 9999). */
function oracle(y: number, m: number, d: number): boolean {
  if (y < 1 || y > 9999) return false
  const t = new Date(0)
  t.setUTCFullYear(y, m - 1, d) // unlike Date.UTC, years 0-99 stay themselves
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d
}

const pad = (n: number, w: number) => String(n).padStart(w, '0')
const day = fc.record({
  y: fc.oneof(fc.integer({ min: 0, max: 99_999 }), fc.constantFrom(0, 1, 4, 100, 400, 1900, 2000, 2024, 9999, 10_000)),
  m: fc.integer({ min: 0, max: 13 }),
  d: fc.integer({ min: 0, max: 32 }),
  width: fc.constantFrom(4, 4, 4, 5, 3),
})
const text = (x: { y: number; m: number; d: number; width: number }) =>
  `${pad(x.y, x.width)}-${pad(x.m, 2)}-${pad(x.d, 2)}`
const real = (x: { y: number; m: number; d: number; width: number }) => /^\d{4}-/.test(text(x)) && oracle(x.y, x.m, x.d)

test('year 0000, five-digit years and impossible days are 400 invalid_request, never 500', async () => {
  for (const [start, end] of [
    ['0000-01-01', '2026-03-01'],
    ['2026-03-01', '0000-12-31'],
    ['0000-02-29', '0000-02-29'],
    ['10000-01-01', '10000-01-02'],
    ['2026-02-29', '2026-03-01'],
  ]) {
    const res = await app.inject({
      url: `${R}?start=${start}&end=${end}`,
      headers: { authorization: `Bearer ${TOKENS.cr_a}` },
    })
    assert.equal(res.statusCode, 400, `${start}..${end}: ${res.body}`)
    assert.equal(res.json().error.code, 'invalid_request')
    assert.match(
      res.json().error.message,
      /^(start|end) must be a real calendar date in the form YYYY-MM-DD from 0001-01-01 to 9999-12-31$/,
    )
  }
  for (const [start, end] of [
    ['0001-01-01', '9999-12-31'],
    ['2024-02-29', '2024-02-29'],
    ['0004-02-29', '0400-02-29'],
  ]) {
    const res = await app.inject({
      url: `${R}?start=${start}&end=${end}`,
      headers: { authorization: `Bearer ${TOKENS.cr_a}` },
    })
    assert.equal(res.statusCode, 200, `${start}..${end}: ${res.body}`)
  }
})

test(
  `${RUNS} random date pairs over years 0000-99999: 200 exactly for real days in range and ` + `end ≥ start`,
  async () => {
    await fc.assert(
      fc.asyncProperty(day, day, async (a, b) => {
        const [start, end] = [text(a), text(b)]
        const res = await app.inject({
          url: `${R}?start=${start}&end=${end}&limit=1`,
          headers: { authorization: `Bearer ${TOKENS.cr_a}` },
        })
        const ok = real(a) && real(b) && end >= start
        assert.equal(res.statusCode, ok ? 200 : 400, `${start}..${end}: ${res.body}`)
        if (!ok) assert.equal(res.json().error.code, 'invalid_request')
      }),
      { numRuns: RUNS },
    )
  },
)
