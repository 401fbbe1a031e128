// The summary engine's cut of start..end into parts (src/http/summary-engine.ts planParts): the
// parts follow each other without gap or overlap from start to end, month parts are whole months,
// on every range from 0001-01-01 to 9999-12-31.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { planParts } from '../../src/http/summary-engine.js'

const dayOf = (t: number) => {
  const d = new Date(t)
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${d.toISOString().slice(5, 10)}`
}
const timeOf = (day: string) => {
  const d = new Date(0)
  d.setUTCFullYear(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)))
  return d.getTime()
}
const next = (day: string) => dayOf(timeOf(day) + 86_400_000)
const monthEnd = (day: string) => {
  const d = new Date(0)
  d.setUTCFullYear(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)
  return dayOf(d.getTime())
}
const FIRST = timeOf('0001-01-01')
const LAST = timeOf('9999-12-31')
const dayArb = fc.oneof(
  fc.integer({ min: FIRST, max: LAST }).map((t) => dayOf(Math.floor(t / 86_400_000) * 86_400_000)),
  fc.constantFrom('0001-01-01', '0001-01-31', '0001-02-01', '9999-12-01', '9999-12-31', '2024-02-29', '2025-03-01'),
)

test('parts cover start..end once, in order; month parts are whole months', () => {
  fc.assert(
    fc.property(dayArb, dayArb, fc.boolean(), fc.boolean(), (a, b, fine, byDays) => {
      const [start, end] = a <= b ? [a, b] : [b, a]
      const parts = planParts(start, end, fine, byDays)
      let at = start
      for (const [i, p] of parts.entries()) {
        assert.equal(p.from, at, `part ${i} starts where the previous ended`)
        const months = p.grain === 'fineMonths' || p.grain === 'coarseMonths'
        if (months) {
          assert.ok(!byDays, 'a day or week grouping reads days')
          assert.equal(p.from.slice(8), '01')
          assert.equal(p.to.slice(8), '01', 'a month part names its last month by its first day')
          assert.equal(p.grain, fine ? 'fineMonths' : 'coarseMonths')
        } else assert.equal(p.grain, fine ? 'rows' : 'days')
        const last = months ? monthEnd(p.to) : p.to
        assert.ok(last >= p.from && last <= end)
        at = last === '9999-12-31' ? 'end' : next(last)
      }
      assert.equal(at, end === '9999-12-31' ? 'end' : next(end), 'the parts end at end')
      assert.ok(parts.filter((p) => p.grain.endsWith('Months')).length <= 1)
    }),
    { numRuns: 5000 },
  )
})

test('a whole year is one month part; a day, one daily part', () => {
  assert.deepEqual(planParts('2025-01-01', '2025-12-31', false, false), [
    { grain: 'coarseMonths', from: '2025-01-01', to: '2025-12-01' },
  ])
  assert.deepEqual(planParts('2025-01-15', '2025-03-10', true, false), [
    { grain: 'rows', from: '2025-01-15', to: '2025-01-31' },
    { grain: 'fineMonths', from: '2025-02-01', to: '2025-02-01' },
    { grain: 'rows', from: '2025-03-01', to: '2025-03-10' },
  ])
  assert.deepEqual(planParts('2025-06-15', '2025-06-15', false, false), [
    { grain: 'days', from: '2025-06-15', to: '2025-06-15' },
  ])
})
