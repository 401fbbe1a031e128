// SQL for the seller's brands list: a page as one row whose JSON PostgreSQL built from the
// route's schema.
import type { Queryable } from '../../../db/index.js'
import { SellerBrand } from './schema.js'
import { pageOf, readPage, jsonObjectSql } from '../../json-sql.js'
import type { JsonPage } from '../../page.js'

const SELLER_BRAND = jsonObjectSql(SellerBrand, 'b')

// The brands granted to an account, in id order: a range scan of brand_access's primary key.
const SELLER_BRANDS = pageOf(
  SELLER_BRAND,
  (brand) => `select b.id, ${brand}, row_number() over (order by b.id) as n
     from brand_access a
     join brands b on b.id = a.brand_id
    where a.account_id = $1 and a.brand_id > $2
    order by a.brand_id
    limit $3 + 1`,
  ['id'],
  '$3',
)

export async function listSellerBrands(
  db: Queryable,
  accountId: string,
  afterId: string,
  limit: number,
): Promise<JsonPage> {
  return readPage(db, SELLER_BRANDS, [accountId, afterId, limit])
}
