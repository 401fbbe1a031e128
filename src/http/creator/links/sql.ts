// SQL for the creator's links list: a page as one row whose JSON PostgreSQL built from the
// route's schema.
import type { Queryable } from '../../../db/index.js'
import { Link } from './schema.js'
import { pageOf, readPage, jsonObjectSql, type PageStatement } from '../../json-sql.js'
import { timestampSql } from '../../schema.js'
import type { JsonPage } from '../../page.js'

const LINK = jsonObjectSql(Link, 'l', {
  id: 'l.id collate "C"',
  asin: 'p.asin',
  created_at: timestampSql('l.created_at'),
})

export interface LinkFilters {
  brand_id?: string
  product_id?: string
}

const statements = new Map<string, PageStatement>()

// A range scan of links_creator_id_idx (creator_id, id in byte order) from the cursor on, the
// brand and product filters checked on each of the creator's links (a creator's links are few:
// no index per filter), stopped after limit + 1 rows; the ASIN is one probe of products' key per
// link with a product. links.id is not "C": the comparisons and the order say collate "C", as the
// index does, so that the order is byte order on any database.
function pageSql(filters: LinkFilters): PageStatement {
  const shape = `${filters.brand_id === undefined ? '-' : 'b'}${filters.product_id === undefined ? '-' : 'p'}`
  let sql = statements.get(shape)
  if (sql !== undefined) return sql
  const where = ['l.creator_id = $1', '(l.id collate "C") > $2']
  const filtered = [
    ['brand_id', filters.brand_id],
    ['product_id', filters.product_id],
  ].filter(([, v]) => v !== undefined)
  filtered.forEach(([col], i) => where.push(`l.${col} = $${4 + i}`))
  sql = pageOf(
    LINK,
    (link) => `select l.id collate "C" as id, ${link}, row_number() over (order by l.id collate "C") as n
       from links l
       left join products p on p.id = l.product_id
      where ${where.join(' and ')}
      order by l.id collate "C"
      limit $3 + 1`,
    ['id'],
    '$3',
  )
  statements.set(shape, sql)
  return sql
}

/** One page of a creator's links in id order after `afterId` ('' first); one row more is read. */
export async function listCreatorLinks(
  db: Queryable,
  creatorId: string,
  filters: LinkFilters,
  afterId: string,
  limit: number,
): Promise<JsonPage> {
  const params: unknown[] = [creatorId, afterId, limit]
  if (filters.brand_id !== undefined) params.push(filters.brand_id)
  if (filters.product_id !== undefined) params.push(filters.product_id)
  return readPage(db, pageSql(filters), params)
}
