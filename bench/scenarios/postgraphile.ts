// The same reports page from PostGraphile: its allReportRows connection with a condition, ordered
// by (date, id), with the link through its foreign-key relation.
import type { ReportFilters } from '../../src/http/creator/reports/sql.js'
import type { HttpTarget } from '../load.js'
import { getJson } from './http.js'

const CAMEL: Record<keyof ReportFilters, string> = {
  brand_id: 'brandId',
  product_id: 'productId',
  asin: 'asin',
  link_id: 'linkId',
  marketplace: 'marketplace',
}

const PAGE = `query Reports($condition: ReportRowCondition!, $first: Int!, $after: Cursor) {
  allReportRows(condition: $condition, orderBy: [DATE_ASC, ID_ASC], first: $first, after: $after) {
    nodes {
      date brandId productId asin marketplace currency salesCents commissionCents commissionStatus
      orders unitsSold clicks detailPageViews addToCarts
      linkByLinkIdAndCreatorIdAndBrandId { id trackingId shortUrl destinationUrl }
    }
    pageInfo { hasNextPage endCursor }
  }
}`
const CURSOR_AT = `query At($condition: ReportRowCondition!, $offset: Int!) {
  allReportRows(condition: $condition, orderBy: [DATE_ASC, ID_ASC], first: 1, offset: $offset) { edges { cursor } }
}`

export interface GraphqlPage {
  allReportRows: { nodes: { date: string; linkByLinkIdAndCreatorIdAndBrandId: { id: string } }[] }
}

export function graphqlErrors(body: Record<string, unknown>, what: string): void {
  if (body.errors) throw new Error(`PostGraphile ${what}: ${JSON.stringify(body.errors).slice(0, 500)}`)
}

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

/** The request for a creator's page after `depth` rows (PostGraphile's own cursor for it). */
export async function postgraphileTarget(
  base: string,
  name: string,
  creator: string,
  filters: ReportFilters,
  depth: number,
  limit: number,
): Promise<HttpTarget> {
  const condition: Record<string, string> = { creatorId: creator }
  for (const [k, v] of Object.entries(filters)) condition[CAMEL[k as keyof ReportFilters]] = v as string
  let after: string | null = null
  if (depth > 0) {
    const at = { query: CURSOR_AT, variables: { condition, offset: depth - 1 } }
    const body = await getJson(`${base}/graphql`, post(at))
    graphqlErrors(body, name)
    after = (body.data as { allReportRows: { edges: { cursor: string }[] } }).allReportRows.edges[0]!.cursor
  }
  const page = { query: PAGE, variables: { condition, first: limit, after } }
  return { url: `${base}/graphql`, body: JSON.stringify(page) }
}
