// A small dataset with every case the contract distinguishes: several creators, sellers and
// operators; brands in every status and visibility; products in every status with each kind
// of commission; enough rows to paginate at several page sizes.

export const TOKENS = {
  cr_a: 'test_token_creator_a_0001',
  cr_b: 'test_token_creator_b_0001',
  cr_c: 'test_token_creator_c_0001',
  sl_a: 'test_token_seller_a_00001',
  sl_b: 'test_token_seller_b_00001',
  op_a: 'test_token_operator_a_001',
  expired: 'test_token_creator_a_expired',
  revoked: 'test_token_creator_a_revoked',
} as const

export const ACCOUNTS = ['cr_a', 'cr_b', 'cr_c', 'sl_a', 'sl_b', 'op_a'] as const
export const CREATORS = ['cr_a', 'cr_b', 'cr_c'] as const
export const SELLERS = ['sl_a', 'sl_b', 'op_a'] as const // seller-side accounts (op_a is an operator)

const MARKETS = [
  { code: 'US', id: 'ATVPDKIKX0DER', currency: 'USD' },
  { code: 'UK', id: 'A1F83G8C2ARO7P', currency: 'GBP' },
  { code: 'DE', id: 'A1PA6795UKMFR9', currency: 'EUR' },
  { code: 'JP', id: 'A1VC38T7YXB528', currency: 'JPY' },
]
const STATUSES = ['active', 'inactive', 'archived'] as const
const COMMISSION_STATUSES = ['pending', 'approved', 'paid', 'reversed'] as const

export const DAYS = 30
export const FIRST_DAY = '2026-03-01'
export const day = (i: number) => new Date(Date.parse(FIRST_DAY) + i * 86_400_000).toISOString().slice(0, 10)

export function fixture() {
  const accounts = [
    { id: 'cr_a', role: 'creator', name: 'Creator A' },
    { id: 'cr_b', role: 'creator', name: 'Creator B' },
    { id: 'cr_c', role: 'creator', name: 'Creator C' },
    { id: 'sl_a', role: 'seller', name: 'Seller A' },
    { id: 'sl_b', role: 'seller', name: 'Seller B' },
    { id: 'op_a', role: 'operator', name: 'Operator A' },
  ]
  const api_tokens = [
    ...ACCOUNTS.map((id) => ({ account_id: id, token: TOKENS[id], name: 'test' })),
    { account_id: 'cr_a', token: TOKENS.expired, expires_at: '2020-01-01T00:00:00Z' },
    { account_id: 'cr_a', token: TOKENS.revoked, revoked: true },
  ]
  const brands: Record<string, unknown>[] = [
    {
      id: 'b_active',
      name: 'Active Brand',
      status: 'active',
      description: 'Visible to all',
      logo_url: 'https://a.example/logo.png',
      website: 'https://a.example',
    },
    { id: 'b_hidden', name: 'Hidden Brand', status: 'active', discoverable: false },
    { id: 'b_inactive', name: 'Inactive Brand', status: 'inactive' },
    { id: 'b_archived', name: 'Archived Brand', status: 'archived' },
    { id: 'b_noads', name: 'No Ads Brand', status: 'active', ads_connected: false },
    { id: 'b_secret', name: 'Secret Brand', status: 'active', discoverable: false },
  ]
  // Plain active brands so that the brands list spans several pages.
  for (let i = 0; i < 40; i++)
    brands.push({ id: `b_gen_${String(i).padStart(2, '0')}`, name: `Generated ${i}`, status: 'active' })

  const products: Record<string, unknown>[] = []
  for (let i = 0; i < 30; i++) {
    const m = MARKETS[i % MARKETS.length]!
    const commission =
      i === 29
        ? { type: 'percentage', rate_bps: 800 }
        : i % 3 === 0
          ? { type: 'percentage', rate_bps: 1250 }
          : i % 3 === 1
            ? { type: 'flat', flat_cents: 150, currency_code: m.currency }
            : null
    products.push({
      id: `p_active_${String(i).padStart(2, '0')}`,
      brand_id: 'b_active',
      asin: `B0ACTIVE${String(i).padStart(2, '0')}`,
      title: `Active product ${i}`,
      status: STATUSES[i % 3],
      commission,
      ...(i === 29 ? {} : { country_code: m.code, marketplace_id: m.id, price_cents: 1000 + i, currency: m.currency }),
      ...(i % 2 === 0
        ? {
            image_url: `https://img.example/${i}.jpg`,
            detail_page_url: `https://www.amazon.com/dp/B0ACTIVE${String(i).padStart(2, '0')}`,
          }
        : {}),
    })
  }
  products.push(
    {
      id: 'p_hidden_1',
      brand_id: 'b_hidden',
      asin: 'B0HIDDEN01',
      title: 'Hidden product',
      status: 'active',
      country_code: 'US',
    },
    {
      id: 'p_noads_1',
      brand_id: 'b_noads',
      asin: 'B0NOADS001',
      title: 'No ads product',
      status: 'active',
      country_code: 'UK',
    },
    {
      id: 'p_secret_1',
      brand_id: 'b_secret',
      asin: 'B0SECRET01',
      title: 'Secret product',
      status: 'active',
      country_code: 'DE',
    },
    {
      id: 'p_inactive_1',
      brand_id: 'b_inactive',
      asin: 'B0INACTV01',
      title: 'Inactive brand product',
      status: 'active',
      country_code: 'US',
    },
  )

  const partnerships = [
    { creator_id: 'cr_a', brand_id: 'b_active', status: 'suspended' },
    { creator_id: 'cr_a', brand_id: 'b_hidden', status: 'approved' },
    { creator_id: 'cr_a', brand_id: 'b_inactive', status: 'pending' },
    { creator_id: 'cr_a', brand_id: 'b_archived', status: 'rejected' },
    { creator_id: 'cr_a', brand_id: 'b_noads', status: 'approved' },
    { creator_id: 'cr_b', brand_id: 'b_secret', status: 'approved' },
    { creator_id: 'cr_b', brand_id: 'b_active', status: 'approved' },
  ]
  const brand_access = [
    { account_id: 'sl_a', brand_id: 'b_active' },
    { account_id: 'sl_a', brand_id: 'b_hidden' },
    { account_id: 'sl_b', brand_id: 'b_secret' },
    { account_id: 'op_a', brand_id: 'b_active' },
    { account_id: 'op_a', brand_id: 'b_noads' },
    { account_id: 'op_a', brand_id: 'b_inactive' },
  ]
  const link = (id: string, creator: string, brand: string, product: string | null, tracking?: string) => ({
    id,
    creator_id: creator,
    brand_id: brand,
    product_id: product,
    ...(tracking ? { tracking_id: tracking } : {}),
    short_url: `https://go.example.link/${id}`,
    destination_url: 'https://www.amazon.com/dp/B0ACTIVE00',
  })
  const links = [
    link('l_a1', 'cr_a', 'b_active', 'p_active_00', 'ig-post-1'),
    link('l_a2', 'cr_a', 'b_active', 'p_active_01'),
    link('l_a3', 'cr_a', 'b_active', null, 'storefront'),
    link('l_a4', 'cr_a', 'b_hidden', 'p_hidden_1'),
    link('l_a5', 'cr_a', 'b_noads', 'p_noads_1'),
    link('l_b1', 'cr_b', 'b_active', 'p_active_02', 'yt'),
    link('l_b2', 'cr_b', 'b_secret', 'p_secret_1'),
  ]

  const report_rows: Record<string, unknown>[] = []
  const row = (d: number, linkId: string, productId: string, market: string, currency: string, n: number) => ({
    date: day(d),
    link_id: linkId,
    product_id: productId,
    marketplace: market,
    currency,
    sales_cents: 1999 * (n % 4),
    commission_cents: 199 * (n % 4),
    commission_status: COMMISSION_STATUSES[n % 4],
    orders: n % 4,
    units_sold: n % 4,
    clicks: 30 + n,
    detail_page_views: 12 + (n % 7),
    add_to_carts: n % 5,
  })
  let n = 0
  for (let d = 0; d < DAYS; d++) {
    report_rows.push(row(d, 'l_a1', 'p_active_00', 'US', 'USD', n++))
    if (d % 2 === 0) report_rows.push(row(d, 'l_a1', 'p_active_00', 'UK', 'GBP', n++))
    report_rows.push(row(d, 'l_a2', 'p_active_01', 'UK', 'GBP', n++))
    if (d % 3 === 0) report_rows.push(row(d, 'l_a3', 'p_active_05', 'DE', 'EUR', n++)) // brand halo
    report_rows.push(row(d, 'l_a4', 'p_hidden_1', 'US', 'USD', n++))
    if (d % 5 === 0) report_rows.push(row(d, 'l_a5', 'p_noads_1', 'UK', 'GBP', n++))
    report_rows.push(row(d, 'l_b1', 'p_active_02', 'DE', 'EUR', n++))
    if (d % 2 === 1) report_rows.push(row(d, 'l_b2', 'p_secret_1', 'DE', 'EUR', n++))
  }
  return { accounts, api_tokens, brands, brand_access, products, partnerships, links, report_rows }
}
