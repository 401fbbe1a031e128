// SQL for the creator's brands list: a page as one row whose JSON PostgreSQL built from the
// route's schema.
import type { Queryable } from '../../../db/index.js'
import { Brand } from './schema.js'
import { jsonObjectSql, pageSql, readPage } from '../../json-sql.js'
import type { JsonPage } from '../../page.js'

const BRAND_JSON = jsonObjectSql(Brand, 'b', {
  partnership_status: 'p.status',
})

/**
 * One page of the brands a creator may see, in id order after `afterId` ('' for the first
 * page): the discoverable active brands merged with the creator's partnered brands. Each arm
 * is an index range scan stopped at `take` rows, so depth does not change the cost.
 */
const CREATOR_BRANDS = pageSql(
  `with ids as (
     (select id from brands
       where status = 'active' and discoverable and id > $2 order by id limit $3 + 1)
     union
     (select brand_id from partnerships
       where creator_id = $1 and brand_id > $2 order by brand_id limit $3 + 1)
   )
   select b.id, ${BRAND_JSON} as json, row_number() over (order by b.id) as n
     from ids
     join brands b on b.id = ids.id
     left join partnerships p on p.creator_id = $1 and p.brand_id = b.id
    order by b.id
    limit $3 + 1`,
  ['id'],
  '$3',
)

/** One row more than the page is read to know whether more follow. */
export async function listCreatorBrands(
  db: Queryable,
  creatorId: string,
  afterId: string,
  limit: number,
): Promise<JsonPage> {
  return readPage(db, CREATOR_BRANDS, [creatorId, afterId, limit])
}
