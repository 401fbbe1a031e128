// SQL for the seller products list.
import type { Queryable } from '../db/index.js'
import type { ProductStatus } from '../dataset/types.js'

export interface ProductRow {
  id: string
  brand_id: string
  asin: string
  title: string
  status: ProductStatus
  commission_type: 'percentage' | 'flat' | null
  commission_rate_bps: number | null
  commission_flat_cents: number | null
  commission_currency: string | null
  image_url: string | null
  detail_page_url: string | null
  country_code: string | null
  price_cents: number | null
  currency: string | null
}

export async function hasBrandAccess(db: Queryable, accountId: string, brandId: string): Promise<boolean> {
  const rows = await db.query('select 1 from brand_access where account_id = $1 and brand_id = $2', [accountId, brandId], { prepare: true })
  return rows.length > 0
}

/** One page of a brand's products in id order after `afterId` ('' for the first page). */
export async function listBrandProducts(db: Queryable, brandId: string, afterId: string, take: number): Promise<ProductRow[]> {
  return db.query<ProductRow>(
    // The current general terms: the latest commission_terms entry in force today, else the
    // product's base terms (products.commission_*).
    `select p.id, p.brand_id, p.asin, p.title, p.status,
            case when t.type is null then p.commission_type else t.type end as commission_type,
            case when t.type is null then p.commission_rate_bps else t.rate_bps end as commission_rate_bps,
            case when t.type is null then p.commission_flat_cents else t.flat_cents end as commission_flat_cents,
            case when t.type is null then p.commission_currency else t.currency_code end as commission_currency,
            p.image_url, p.detail_page_url, p.country_code, p.price_cents, p.currency
       from products p
       left join lateral (
         select ct.type, ct.rate_bps, ct.flat_cents, ct.currency_code
           from commission_terms ct
          where ct.product_id = p.id and ct.creator_id is null and ct.effective_from <= current_date
          order by ct.effective_from desc
          limit 1
       ) t on true
      where p.brand_id = $1 and p.id > $2
      order by p.id
      limit $3`,
    [brandId, afterId, take],
    { prepare: true },
  )
}
