// Report summaries as an integrator would compute them: walk /reports with the same filters and
// dates and add the rows up per group and currency. The reference every summary must equal.
import assert from 'node:assert/strict'

type Get = (path: string, token: string) => Promise<{ status: number; body: any; headers?: Headers }>

export const SUMMARY = '/api/creator/v1/reports/summary'
export const SELLER_SUMMARY = '/api/seller/v1/reports/summary'
export const FRESHNESS = '/api/creator/v1/reports/freshness'
export const METRICS = [
  'rows',
  'clicks',
  'detail_page_views',
  'add_to_carts',
  'orders',
  'units_sold',
  'sales_cents',
  'commission_cents',
] as const

/** The Monday that starts the ISO week of a day. */
export function mondayOf(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`)
  const dow = (new Date(t).getUTCDay() + 6) % 7
  return new Date(t - dow * 86_400_000).toISOString().slice(0, 10)
}

function groupValue(row: any, dim: string): string {
  switch (dim) {
    case 'day':
      return row.date
    case 'week':
      return mondayOf(row.date)
    case 'month':
      return row.date.slice(0, 7)
    case 'link_id':
      return row.link?.id ?? row.link_id // a creator's row, or a seller's
    case 'creator_id':
      return row.creator.id // a seller's row
    default:
      return row[dim]
  }
}

// byte order, as the API orders its keys (collation "C"); the values here are ASCII
const compare = (a: string[], b: string[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1
  return 0
}

/** The summary items of `rows` grouped by `groupBy`, in the API's order. */
export function summarize(rows: any[], groupBy: string[]): any[] {
  const items = new Map<string, { key: string[]; item: any }>()
  for (const r of rows) {
    const values = groupBy.map((d) => groupValue(r, d))
    const key = [...values, r.currency]
    const id = JSON.stringify(key)
    let entry = items.get(id)
    if (!entry) {
      const group = Object.fromEntries(groupBy.map((d, i) => [d, values[i]]))
      entry = { key, item: { group, currency: r.currency, ...Object.fromEntries(METRICS.map((m) => [m, 0])) } }
      items.set(id, entry)
    }
    entry.item.rows += 1
    for (const m of METRICS) if (m !== 'rows') entry.item[m] += r[m]
  }
  return [...items.values()].sort((a, b) => compare(a.key, b.key)).map((e) => e.item)
}

/** Every page of a list, concatenated; checks the page rules on the way. */
export async function walkList(
  get: Get,
  path: string,
  token: string,
  key: string,
  limit: number,
): Promise<{ status: number; items: any[]; body?: any; pages: number }> {
  const items: any[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const sep = path.includes('?') ? '&' : '?'
    const res = await get(`${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, token)
    if (res.status !== 200) {
      assert.equal(pages, 0, `a later page failed: ${JSON.stringify(res.body)}`)
      return { status: res.status, items, body: res.body, pages }
    }
    pages++
    assert.ok(res.body[key].length <= limit)
    if (res.body.next_cursor !== null) assert.equal(res.body[key].length, limit, 'a page before the last is full')
    items.push(...res.body[key])
    cursor = res.body.next_cursor
  } while (cursor)
  return { status: 200, items, pages }
}
