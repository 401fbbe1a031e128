// The summary engine's cut of start..end into parts (src/http/summary-engine.ts planParts): the
// parts follow each other without gap or overlap from start to end, month parts are whole months,
// on every range from 0001-01-01 to 9999-12-31. And the statement's shape when the first group is a
// day or a month: the part stops after the page's groups (its exactness: test/property/summary-*).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { planParts, summaryStatement, type SummarySource } from '../../src/http/summary-engine.js'
import { CREATOR_ROWS } from '../../src/http/creator/report-summary/sql.js'
import { BRAND_ROWS } from '../../src/http/seller/report-summary/sql.js'

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
      const parts = planParts(start, end, fine ? 'rows' : 'days', fine ? 'fineMonths' : 'coarseMonths', byDays)
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
  assert.deepEqual(planParts('2025-01-01', '2025-12-31', 'days', 'coarseMonths', false), [
    { grain: 'coarseMonths', from: '2025-01-01', to: '2025-12-01' },
  ])
  assert.deepEqual(planParts('2025-01-15', '2025-03-10', 'rows', 'fineMonths', false), [
    { grain: 'rows', from: '2025-01-15', to: '2025-01-31' },
    { grain: 'fineMonths', from: '2025-02-01', to: '2025-02-01' },
    { grain: 'rows', from: '2025-03-01', to: '2025-03-10' },
  ])
  assert.deepEqual(planParts('2025-06-15', '2025-06-15', 'days', 'coarseMonths', false), [
    { grain: 'days', from: '2025-06-15', to: '2025-06-15' },
  ])
})

test("day or month first: the part groups in the items' order, stops at limit + 1 groups, whatever the range", () => {
  const cases: [SummarySource, string[], string, string][] = [
    [CREATOR_ROWS, ['day'], 'report_day_totals', 'x.date'],
    [CREATOR_ROWS, ['day', 'product_id'], 'report_rows', 'x.date'],
    [CREATOR_ROWS, ['month'], 'report_month_creator_totals', 'x.month'],
    [CREATOR_ROWS, ['month', 'commission_status', 'marketplace'], 'report_month_creator_totals', 'x.month'],
    [CREATOR_ROWS, ['month', 'brand_id'], 'report_month_brand_totals', 'x.month'],
    [CREATOR_ROWS, ['month', 'link_id', 'marketplace'], 'report_month_totals', 'x.month'],
    [BRAND_ROWS, ['month', 'creator_id'], 'report_month_brand_totals', 'x.month'],
    [BRAND_ROWS, ['day'], 'report_day_totals', 'x.date'],
  ]
  for (const [source, groupBy, table, time] of cases) {
    for (const after of [
      null,
      [...groupBy.map((d) => (d === 'day' ? '2025-03-04' : d === 'month' ? '2025-03' : 'k')), 'EUR'],
    ]) {
      for (const [start, end] of [
        ['2024-01-01', '2026-12-31'],
        ['0001-01-01', '9999-12-31'],
      ] as const) {
        const { sql, params } = summaryStatement(source, 'owner', {
          start,
          end,
          filters: {},
          groupBy,
          after,
          limit: 100,
        })
        const part = new RegExp(
          `from ${table} x\\s+where ([^]*?)\\s+group by ([0-9, ]+)\\s+order by \\2\\s+limit \\$(\\d+)::int \\+ 1\\)`,
        ).exec(sql)
        assert.ok(part, `${groupBy} ${start}..${end}: a part over ${table} ends at limit + 1 groups\n${sql}`)
        assert.equal(params[Number(part[3]) - 1], 100)
        assert.equal(part[2]!.split(',').length, groupBy.length + 1, 'grouped by the group values and currency')
        // after a cursor, the part's groups start after it (its own rows, before the limit)
        if (after) assert.match(part[1]!, new RegExp(`\\(${time}, .*\\) > \\(`))
      }
    }
  }
})

test("a creator's whole months come from the brand-less totals unless a brand, product, ASIN or link is named", () => {
  const tables = (filters: Record<string, string>, groupBy: string[]) => {
    const { sql } = summaryStatement(CREATOR_ROWS, 'owner', {
      start: '2025-01-01',
      end: '2025-12-31',
      filters,
      groupBy,
      after: null,
      limit: 100,
    })
    return [...sql.matchAll(/from (report_\w+) x/g)].map((m) => m[1])
  }
  assert.deepEqual(tables({}, []), ['report_month_creator_totals'])
  assert.deepEqual(tables({ marketplace: 'US' }, ['commission_status']), ['report_month_creator_totals'])
  assert.deepEqual(tables({ brand_id: 'b' }, ['month']), ['report_month_brand_totals'])
  assert.deepEqual(tables({}, ['month', 'brand_id']), ['report_month_brand_totals'])
  assert.deepEqual(tables({ asin: 'B0' }, []), ['report_month_totals'])
  assert.deepEqual(tables({}, ['week']), ['report_day_totals'])
  // a seller's source keeps no such table: its months stay on the brand grain
  const seller = summaryStatement(BRAND_ROWS, 'b', {
    start: '2025-01-01',
    end: '2025-12-31',
    filters: {},
    groupBy: ['month'],
    after: null,
    limit: 100,
  })
  assert.match(seller.sql, /from report_month_brand_totals x/)
})
