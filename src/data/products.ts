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
  const rows = await db.query('select 1 from brand_access where account_id = $1 and brand_id = $2', [accountId, brandId])
  return rows.length > 0
}

/** One page of a brand's products in id order after `afterId` ('' for the first page). */
export async function listBrandProducts(db: Queryable, brandId: string, afterId: string, take: number): Promise<ProductRow[]> {
  return db.query<ProductRow>(
    `select id, brand_id, asin, title, status, commission_type, commission_rate_bps,
            commission_flat_cents, commission_currency, image_url, detail_page_url,
            country_code, price_cents, currency
       from products
      where brand_id = $1 and id > $2
      order by id
      limit $3`,
    [brandId, afterId, take],
  )
}
