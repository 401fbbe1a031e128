// A creator world for money tests: two creators (cr_x with a US and a DE link, cr_y with a US
// link) and a seller, and Amazon Attribution product reports written as the ingest reads them.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tempDir } from './temp-dir.js'

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
