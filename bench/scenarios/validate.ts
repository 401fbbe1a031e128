// Every target is fetched once before it is measured: 200, the page's row count equals the
// SQL's, and the same first row from us, the OFFSET baseline and PostGraphile.
import { getJson } from './http.js'
import { graphqlErrors, type GraphqlPage } from './postgraphile.js'
import type { Scenario } from './types.js'

interface Row {
  date?: string
  link?: { id: string }
}

/** Checks a scenario and returns our response body. */
export async function validate(s: Scenario): Promise<string> {
  const res = await fetch(s.ours.url, { headers: s.ours.headers ?? {} })
  const raw = await res.text()
  if (res.status !== 200) throw new Error(`${s.name}: ours answered ${res.status} ${raw.slice(0, 300)}`)
  const list = (JSON.parse(raw) as Record<string, Row[]>)[s.list]
  if (!list) throw new Error(`${s.name}: our response has no "${s.list}"`)
  if (list.length !== s.expectRows) {
    throw new Error(`${s.name}: ours returned ${list.length} rows, the SQL ${s.expectRows}`)
  }
  const first = list[0]
  if (s.offset) {
    const rows = (await getJson(s.offset.url)).reports as Required<Row>[]
    if (rows.length !== list.length || rows[0]?.date !== first?.date || rows[0]?.link.id !== first?.link?.id) {
      throw new Error(`${s.name}: the OFFSET baseline returned a different page`)
    }
  }
  if (s.postgraphile) {
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: s.postgraphile.body! }
    const body = await getJson(s.postgraphile.url, init)
    graphqlErrors(body, s.name)
    const nodes = (body.data as GraphqlPage).allReportRows.nodes
    const top = nodes[0]
    const topLink = top?.linkByLinkIdAndCreatorIdAndBrandId.id
    if (nodes.length !== list.length || top?.date !== first?.date || topLink !== first?.link?.id) {
      throw new Error(`${s.name}: PostGraphile returned a different page`)
    }
  }
  return raw
}
