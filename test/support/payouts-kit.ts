// A creator world for money tests: two creators (cr_x with a US and a DE link, cr_y with a US
// link) and a seller, Amazon Attribution product reports written as the ingest reads them, and
// the payouts' identity read from the tables.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tempDir } from './temp-dir.js'
import type { Queryable } from '../../src/db/index.js'

export const TOKEN_X = 'test_token_payouts_cr_x_001'
export const TOKEN_Y = 'test_token_payouts_cr_y_001'
export const TOKEN_S = 'test_token_payouts_sl_s_001'

export const dataset = {
  accounts: [
    { id: 'cr_x', role: 'creator', name: 'X' },
    { id: 'cr_y', role: 'creator', name: 'Y' },
    { id: 'sl_s', role: 'seller', name: 'S' },
  ],
  api_tokens: [
    { account_id: 'cr_x', token: TOKEN_X },
    { account_id: 'cr_y', token: TOKEN_Y },
    { account_id: 'sl_s', token: TOKEN_S },
  ],
  brands: [{ id: 'b_one', name: 'One', status: 'active' }],
  brand_access: [{ account_id: 'sl_s', brand_id: 'b_one' }],
  products: [
    {
      id: 'p_us',
      brand_id: 'b_one',
      asin: 'B0PAYUS001',
      title: 'US',
      status: 'active',
      country_code: 'US',
      commission: { type: 'percentage', rate_bps: 1000 },
    },
    {
      id: 'p_de',
      brand_id: 'b_one',
      asin: 'B0PAYDE001',
      title: 'DE',
      status: 'active',
      country_code: 'DE',
      commission: { type: 'percentage', rate_bps: 1000 },
    },
  ],
  links: [
    {
      id: 'l_us',
      creator_id: 'cr_x',
      brand_id: 'b_one',
      product_id: 'p_us',
      short_url: 'https://s.example/us',
      destination_url: 'https://www.amazon.com/dp/B0PAYUS001',
      amazon_ad_group_id: '111',
    },
    {
      id: 'l_de',
      creator_id: 'cr_x',
      brand_id: 'b_one',
      product_id: 'p_de',
      short_url: 'https://s.example/de',
      destination_url: 'https://www.amazon.de/dp/B0PAYDE001',
      amazon_ad_group_id: '222',
    },
    {
      id: 'l_y',
      creator_id: 'cr_y',
      brand_id: 'b_one',
      product_id: 'p_us',
      short_url: 'https://s.example/y',
      destination_url: 'https://www.amazon.com/dp/B0PAYUS001',
      amazon_ad_group_id: '333',
    },
  ],
}

const dir = tempDir('csapi-payouts-')
let files = 0
export function report(
  rows: [date: string, adGroupId: string, asin: string, marketplace: string, sales: string][],
): string {
  const path = join(dir, `products-${++files}.json`)
  const reports = rows.map(([date, adGroupId, productAsin, marketplace, sales]) => ({
    date,
    advertiserName: 'One',
    campaignId: '5551234567',
    adGroupId,
    productAsin,
    productName: 'x',
    brandName: 'One',
    marketplace,
    productConversionType: 'Promoted',
    attributedDetailPageViewsClicks14d: '1',
    attributedAddToCartClicks14d: '1',
    attributedPurchases14d: '1',
    unitsSold14d: '1',
    attributedSales14d: sales,
  }))
  writeFileSync(path, JSON.stringify({ reports, cursorId: null }))
  return path
}

/**
 * docs/payouts.md's identity, both ways, per creator and currency, read straight from the tables:
 * every paid row is in exactly one commission line (of a payout of its creator and currency, with
 * its commission) and a commission line's row is paid; and what the payouts paid equals the
 * commissions of the paid rows plus the settled adjustments. Returns what breaks it (none: []).
 */
export async function moneyIdentityBreaks(db: Queryable): Promise<Record<string, unknown>[]> {
  const uncovered = await db.query(
    `select 'row' as what, r.creator_id, r.currency, r.id::text, r.commission_status, count(l.*)::int as lines
       from report_rows r
       left join payout_lines l on l.type = 'commission' and l.report_row_id = r.id
       left join payouts p on p.id = l.payout_id
      group by r.creator_id, r.currency, r.id, r.commission_status
     having (r.commission_status = 'paid') <> (count(l.*) = 1) or count(l.*) > 1
         or bool_or(p.creator_id <> r.creator_id or p.currency <> r.currency or l.amount_cents <> r.commission_cents)
      order by r.id`,
  )
  const sums = await db.query(
    `with paid as (select creator_id, currency, sum(amount_cents) as s from payouts group by 1, 2),
          rows as (select creator_id, currency, sum(commission_cents) as s from report_rows
                    where commission_status = 'paid' group by 1, 2),
          adj as (select a.creator_id, a.currency, sum(a.difference_cents) as s from commission_adjustments a
                   join payouts p on p.id = a.payout_id and p.creator_id = a.creator_id and p.currency = a.currency
                  group by 1, 2),
          stray as (select a.creator_id, a.currency, count(*) as n from commission_adjustments a
                     join payouts p on p.id = a.payout_id
                    where p.creator_id <> a.creator_id or p.currency <> a.currency group by 1, 2),
          k as (select creator_id, currency from paid union select creator_id, currency from rows
                union select creator_id, currency from adj union select creator_id, currency from stray)
     select 'sum' as what, k.creator_id, k.currency, coalesce(paid.s, 0)::text as paid,
            coalesce(rows.s, 0)::text as paid_rows, coalesce(adj.s, 0)::text as settled_adjustments,
            coalesce(stray.n, 0)::int as stray_adjustments
       from k
       left join paid using (creator_id, currency)
       left join rows using (creator_id, currency)
       left join adj using (creator_id, currency)
       left join stray using (creator_id, currency)
      where coalesce(paid.s, 0) <> coalesce(rows.s, 0) + coalesce(adj.s, 0) or stray.n > 0
      order by 2, 3`,
  )
  return [...uncovered, ...sums]
}
