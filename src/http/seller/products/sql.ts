// SQL for the seller products list: a page as one row whose JSON PostgreSQL built from the
// route's schema (src/http/json-sql.ts).
import { hasRow, type Queryable } from '../../../db/index.js'
import { Product } from './schema.js'
import { pageOf, PRESENT, readPage, jsonObjectSql } from '../../json-sql.js'
import type { JsonPage } from '../../page.js'

export async function hasBrandAccess(db: Queryable, accountId: string, brandId: string): Promise<boolean> {
  return hasRow(db, 'select 1 from brand_access where account_id = $1 and brand_id = $2', [accountId, brandId])
}

// `c` holds the terms shown (below; the creator's products page too); the API's commission object
// spells them out: percentage as rate_bps and rate = rate_bps / 10000 (trim_scale: 0.125, not
// 0.12500000…), flat as flat_cents in currency_code, the other kind's fields 0.
export const COMMISSION_COLUMNS = {
  [PRESENT]: 'c.type is not null',
  type: 'c.type',
  rate: `case when c.type = 'percentage' then trim_scale(c.rate_bps::numeric / 10000) else 0 end`,
  rate_bps: `case when c.type = 'percentage' then c.rate_bps else 0 end`,
  flat_cents: `case when c.type = 'flat' then c.flat_cents else 0 end`,
  currency_code: `case when c.type = 'flat' then c.currency_code else coalesce(p.currency, '') end`,
}

const PRODUCT = jsonObjectSql(Product, 'p', {
  commission: COMMISSION_COLUMNS,
  marketplace_id: 'm.marketplace_id',
})

/**
 * The latest commission_terms entry in force today for each product of the CTE `page`, of the
 * creators `creator` matches (`is null`: the general terms), by commission_terms' indexes.
 */
export const termsInForce = (creator: string) =>
  `select distinct on (ct.product_id) ct.product_id, ct.type, ct.rate_bps, ct.flat_cents, ct.currency_code
       from commission_terms ct
      where ct.product_id in (select id collate "default" from page)
        and ct.creator_id ${creator} and ct.effective_from <= current_date
      order by ct.product_id, ct.effective_from desc`

// One page of a brand's products in id order after $2: a range scan of products_brand_idx.
// The current general terms: the latest commission_terms entry in force today, else the
// product's base terms (products.commission_*), read for the page's products in one pass
// (`terms`). The ids are compared in the index's collation (products.id is "C", byte order;
// commission_terms.product_id is not): compared as they are, the index could not be used.
// One lookup per page, not a subquery per product.
// `granted` is the grant of brand $1 to account $4 read in the page's
// own snapshot: one round trip instead of a check and a page.
const BRAND_PRODUCTS = pageOf(
  PRODUCT,
  (product) => `with page as (
     select * from products
      where brand_id = $1 and id > $2
      order by id
      limit $3 + 1
   ),
   terms as (${termsInForce('is null')})
   select p.id, ${product}, row_number() over (order by p.id) as n
     from page p
     left join terms t on t.product_id = p.id
     left join marketplaces m on m.code = p.country_code
     cross join lateral (
       select coalesce(t.type, p.commission_type) as type,
              case when t.type is null then p.commission_rate_bps else t.rate_bps end as rate_bps,
              case when t.type is null then p.commission_flat_cents else t.flat_cents end as flat_cents,
              case when t.type is null then p.commission_currency else t.currency_code end as currency_code
     ) c
    order by p.id`,
  ['id'],
  '$3',
  ['exists (select 1 from brand_access where account_id = $4 and brand_id = $1) as granted'],
)

export interface BrandProductsPage extends JsonPage {
  /** Whether the brand is granted to the account that asked: when not, the page is refused. */
  granted: boolean
}

/**
 * One page of a brand's products for an account, and whether the brand is granted to it; one
 * row more than the page is read to know if more follow.
 */
export async function listBrandProducts(
  db: Queryable,
  accountId: string,
  brandId: string,
  afterId: string,
  limit: number,
): Promise<BrandProductsPage> {
  return readPage(db, BRAND_PRODUCTS, [brandId, afterId, limit, accountId])
}
