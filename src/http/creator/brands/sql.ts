// SQL for the creator's brands list: a page as one row whose JSON PostgreSQL built from the
// route's schema.
import type { Queryable } from '../../../db/index.js'
import { Brand } from './schema.js'
import { pageOf, readPage, jsonObjectSql } from '../../json-sql.js'
import type { JsonPage } from '../../page.js'

const BRAND = jsonObjectSql(Brand, 'b', {
  partnership_status: 'p.partnership',
})

/**
 * One page of the brands a creator may see, in id order after `afterId` ('' for the first
 * page): the discoverable active brands of the creator's world ($4: '' live, else its sandbox)
 * merged with the creator's partnered brands (always of its world: migrations/018). Each arm
 * is an index range scan stopped at `take` rows, so depth does not change the cost.
 *
 * The partnership arm carries its status, so the page reads the creator's partnerships once:
 * a brand of the page that has one is among that arm's first `take` rows (no more than `take`
 * partnered brands can precede it in the merge); joining the page to partnerships again would
 * cost one index probe per brand under the prepared statement's generic plan
 * (test/db/index-use.test.ts). `b.id > $2` bounds the brands scan under that plan too.
 */
const CREATOR_BRANDS = pageOf(
  BRAND,
  (brand) => `with ids as (
     (select id, null::text as partnership from brands
       where status = 'active' and discoverable and sandbox_id = $4 and id > $2 order by id limit $3 + 1)
     union all
     (select brand_id, status from partnerships
       where creator_id = $1 and brand_id > $2 order by brand_id limit $3 + 1)
   ),
   page as (
     -- a brand in both arms once, with its partnership (max ignores the other arm's null)
     select id, max(partnership) as partnership from ids group by id
   )
   select b.id, ${brand}, row_number() over (order by b.id) as n
     from page p
     join brands b on b.id = p.id and b.id > $2
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
  sandboxId: string,
): Promise<JsonPage> {
  return readPage(db, CREATOR_BRANDS, [creatorId, afterId, limit, sandboxId])
}
