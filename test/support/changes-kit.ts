// What an integrator keeps in sync with the changes feed: a copy of its report rows keyed by
// (date, link.id, product_id, marketplace), updated by applying every item as an upsert; and
// the reference it must equal: a full walk of /api/creator/v1/reports over all dates.
import assert from 'node:assert/strict'

export interface Row {
  date: string
  product_id: string
  marketplace: string
  link: { id: string }
  [field: string]: unknown
}

export const rowKey = (r: Row) => `${r.date}|${r.link.id}|${r.product_id}|${r.marketplace}`

type Get = (path: string, token: string) => Promise<{ status: number; body: any; headers?: Headers }>

export const CHANGES = '/api/creator/v1/reports/changes'
export const ALL_DATES = 'start=0001-01-01&end=9999-12-31'

/** Follows the feed of one creator; `poll` reads pages until has_more is false. */
export class Mirror {
  readonly rows = new Map<string, Row>()
  cursor: string | null = null
  items = 0
  pages = 0

  constructor(
    private readonly get: Get,
    private readonly token: string,
    private readonly limit = 7,
  ) {}

  /** Reads until caught up; returns the items of this poll. */
  async poll(): Promise<number> {
    let n = 0
    for (let i = 0; i < 100_000; i++) {
      const q = `limit=${this.limit}${this.cursor ? `&cursor=${encodeURIComponent(this.cursor)}` : ''}`
      const res = await this.get(`${CHANGES}?${q}`, this.token)
      assert.equal(res.status, 200, JSON.stringify(res.body))
      assert.equal(typeof res.body.next_cursor, 'string', 'next_cursor is never null')
      assert.ok(res.body.reports.length <= this.limit)
      if (res.body.has_more) assert.equal(res.body.reports.length, this.limit, 'a page before the end is full')
      // within one page a row appears at most once
      const keys = res.body.reports.map(rowKey)
      assert.equal(new Set(keys).size, keys.length, 'a row twice on one page')
      for (const r of res.body.reports as Row[]) this.rows.set(rowKey(r), r)
      n += res.body.reports.length
      this.pages++
      this.cursor = res.body.next_cursor
      if (!res.body.has_more) break
    }
    this.items += n
    return n
  }
}

/** Every report row of the creator, as a full walk of /reports over all dates returns them. */
export async function walkAll(get: Get, token: string, limit = 500): Promise<Map<string, Row>> {
  const rows = new Map<string, Row>()
  let cursor: string | null = null
  do {
    const res = await get(
      `/api/creator/v1/reports?${ALL_DATES}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      token,
    )
    assert.equal(res.status, 200, JSON.stringify(res.body))
    for (const r of res.body.reports as Row[]) {
      assert.ok(!rows.has(rowKey(r)), `${rowKey(r)} twice in one walk`)
      rows.set(rowKey(r), r)
    }
    cursor = res.body.next_cursor
  } while (cursor)
  return rows
}

/** The mirror holds exactly what /reports returns: the same keys, each row deep-equal. */
export function assertSame(mirror: Map<string, Row>, reference: Map<string, Row>, what = 'mirror') {
  const missing = [...reference.keys()].filter((k) => !mirror.has(k))
  const extra = [...mirror.keys()].filter((k) => !reference.has(k))
  assert.deepEqual(
    { missing: missing.slice(0, 5), extra: extra.slice(0, 5) },
    { missing: [], extra: [] },
    `${what}: ${missing.length} missing, ${extra.length} extra`,
  )
  for (const [k, r] of reference) assert.deepEqual(mirror.get(k), r, `${what}: row ${k} differs`)
}
