// SQL for the creator's products list: the active products of a brand the creator can see, with
// the commission it would earn today.
import type { Queryable } from '../../../db/index.js'
import { CreatorProduct } from './schema.js'
import { COMMISSION_COLUMNS, termsInForce } from '../../seller/products/sql.js'
import { pageOf, readPage, jsonObjectSql } from '../../json-sql.js'
import type { JsonPage } from '../../page.js'

const PRODUCT = jsonObjectSql(CreatorProduct, 'p', {
  commission: COMMISSION_COLUMNS,
  marketplace_id: 'm.marketplace_id',
})

/**
 * The brand is on the creator's brands list (creator/brands): active and discoverable in the
 * creator's world ('' live, else its sandbox), or partnered (partnerships never join two worlds).
 */
const visible = (brand: string, creator: string, sandbox: string) => `exists (select 1 from brands b
   where b.id = ${brand}
     and ((b.status = 'active' and b.discoverable and b.sandbox_id = ${sandbox})
          or exists (select 1 from partnerships s where s.creator_id = ${creator} and s.brand_id = b.id)))`
const VISIBLE = visible('$1', '$4', '$5')

// One page of a brand's active products in id order after $2: a range scan of products_brand_idx,
// none read when the brand is not visible to the creator (a one-time filter). The terms are the
// commission engine's (src/ingest/sql.ts) for a row dated today: the creator's own latest entry
// in force, else the latest general one, else the product's base terms; each read for the page's
// products in one pass (`own`, `general`), by commission_terms' indexes on product_id, compared
// in their collation (products.id is "C").
const CREATOR_PRODUCTS = pageOf(
  PRODUCT,
  (product) => `with page as (
     select * from products
      where brand_id = $1 and id > $2 and status = 'active' and ${VISIBLE}
      order by id
      limit $3 + 1
   ),
   own as (${termsInForce('= $4')}),
   general as (${termsInForce('is null')})
   select p.id, ${product}, row_number() over (order by p.id) as n
     from page p
     left join own o on o.product_id = p.id
     left join general g on g.product_id = p.id
     left join marketplaces m on m.code = p.country_code
     cross join lateral (
       select t.* from (
         select o.type, o.rate_bps, o.flat_cents, o.currency_code, 1 as k where o.type is not null
         union all
         select g.type, g.rate_bps, g.flat_cents, g.currency_code, 2 where g.type is not null
         union all
         select p.commission_type, p.commission_rate_bps, p.commission_flat_cents, p.commission_currency, 3
       ) t order by t.k limit 1
     ) c
    order by p.id`,
  ['id'],
  '$3',
  [`${VISIBLE} as visible`],
)

export interface CreatorProductsPage extends JsonPage {
  /** Whether the brand is on the creator's brands list: when not, the page is refused. */
  visible: boolean
}

/** One page of a visible brand's active products for a creator; one row more is read. */
export async function listCreatorProducts(
  db: Queryable,
  creatorId: string,
  brandId: string,
  afterId: string,
  limit: number,
  sandboxId: string,
): Promise<CreatorProductsPage> {
  return readPage(db, CREATOR_PRODUCTS, [brandId, afterId, limit, creatorId, sandboxId])
}

/** Whether brand `brandId` is on the creator's brands list. */
export async function brandVisible(
  db: Queryable,
  creatorId: string,
  brandId: string,
  sandboxId: string,
): Promise<boolean> {
  const rows = await db.query<{ visible: boolean }>(
    `select ${visible('$1', '$2', '$3')} as visible`,
    [brandId, creatorId, sandboxId],
    { prepare: true },
  )
  return rows[0]?.visible ?? false
}
