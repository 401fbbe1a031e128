import { test } from 'node:test'
import assert from 'node:assert/strict'
import { DatasetError, parseDataset, parseDatasetText } from '../../src/dataset/parse.js'
import type { Dataset } from '../../src/dataset/types.js'
import { CURRENCIES } from '../../src/domain/marketplaces.js'

const EMPTY: Dataset = {
  accounts: [],
  api_tokens: [],
  brands: [],
  brand_access: [],
  products: [],
  partnerships: [],
  links: [],
  commission_terms: [],
  report_rows: [],
}

/** The issues that parsing `raw` reports; fails the test when it parses. */
function issuesOf(raw: unknown): string[] {
  try {
    parseDataset(raw)
  } catch (err) {
    assert.ok(err instanceof DatasetError, `expected a DatasetError, got ${String(err)}`)
    assert.equal(err.message, `invalid dataset:\n${err.issues.join('\n')}`)
    return err.issues
  }
  assert.fail('expected parseDataset to throw')
}

// Minimal valid items, to be spread and altered one field at a time.
const account = { id: 'cr_ana', role: 'creator', name: 'Ana' }
const token = { account_id: 'cr_ana', token: 'csapi_0123456789abcdef' }
const brand = { id: 'brand_1', name: 'Acme', status: 'active' }
const product = { id: 'prod_1', brand_id: 'brand_1', asin: 'B0ABCDEFGH', title: 'Kettle', status: 'active' }
const link = {
  id: 'link_1',
  creator_id: 'cr_ana',
  brand_id: 'brand_1',
  short_url: 'https://s.example/abc',
  destination_url: 'https://www.amazon.com/dp/B0ABCDEFGH',
}
const row = {
  date: '2026-01-01',
  link_id: 'link_1',
  product_id: 'prod_1',
  marketplace: 'US',
  currency: 'USD',
  sales_cents: 1999,
  commission_cents: 199,
  commission_status: 'pending',
  orders: 1,
  units_sold: 1,
  clicks: 30,
  detail_page_views: 12,
  add_to_carts: 2,
}

const productWith = (fields: Record<string, unknown>) =>
  parseDataset({ products: [{ ...product, ...fields }] }).products[0]

test('a full dataset with every section and optional field parses to the typed value', () => {
  const raw = {
    accounts: [
      { id: 'cr_ana', role: 'creator', name: 'Ana' },
      { id: 'sl_acme', role: 'seller', name: 'Acme Seller' },
      { id: 'op:root', role: 'operator', name: 'Ops' },
    ],
    api_tokens: [
      {
        account_id: 'cr_ana',
        token: 'csapi_0123456789abcdef',
        name: 'ci',
        expires_at: '2027-01-01T01:30:00.250+01:30',
        revoked: true,
        scopes: ['read', 'webhooks:write'],
      },
    ],
    brands: [
      {
        id: 'brand_1',
        name: 'Acme',
        status: 'inactive',
        description: 'Kitchen things',
        logo_url: 'https://cdn.example/acme.png',
        website: 'http://acme.example',
        discoverable: false,
        ads_connected: false,
      },
    ],
    brand_access: [{ account_id: 'sl_acme', brand_id: 'brand_1' }],
    products: [
      {
        id: 'prod_1',
        brand_id: 'brand_1',
        asin: 'B0ABCDEFGH',
        title: 'Kettle',
        status: 'archived',
        commission: { type: 'percentage', rate_bps: 1000 },
        image_url: 'https://cdn.example/kettle.jpg',
        detail_page_url: 'https://www.amazon.de/dp/B0ABCDEFGH',
        marketplace_id: 'A1PA6795UKMFR9',
        country_code: 'de',
        price_cents: 1999,
        currency: 'EUR',
      },
      {
        ...product,
        id: 'prod_2',
        commission: { type: 'flat', flat_cents: 150, currency_code: 'USD' },
      },
    ],
    partnerships: [{ creator_id: 'cr_ana', brand_id: 'brand_1', status: 'suspended' }],
    links: [
      {
        id: 'link_1',
        creator_id: 'cr_ana',
        brand_id: 'brand_1',
        product_id: 'prod_1',
        tracking_id: 'ig-post-1',
        short_url: 'https://s.example/abc',
        destination_url: 'https://www.amazon.de/dp/B0ABCDEFGH?tag=x-21',
        amazon_ad_group_id: 144523967350812,
      },
    ],
    report_rows: [{ ...row, marketplace: 'de', currency: 'EUR', commission_status: 'reversed' }],
  }
  const expected: Dataset = {
    accounts: [
      { id: 'cr_ana', role: 'creator', name: 'Ana' },
      { id: 'sl_acme', role: 'seller', name: 'Acme Seller' },
      { id: 'op:root', role: 'operator', name: 'Ops' },
    ],
    api_tokens: [
      {
        account_id: 'cr_ana',
        token: 'csapi_0123456789abcdef',
        name: 'ci',
        expires_at: new Date('2027-01-01T00:00:00.250Z'),
        revoked: true,
        scopes: ['read', 'webhooks:write'],
      },
    ],
    brands: [
      {
        id: 'brand_1',
        name: 'Acme',
        status: 'inactive',
        description: 'Kitchen things',
        logo_url: 'https://cdn.example/acme.png',
        website: 'http://acme.example',
        discoverable: false,
        ads_connected: false,
      },
    ],
    brand_access: [{ account_id: 'sl_acme', brand_id: 'brand_1' }],
    products: [
      {
        id: 'prod_1',
        brand_id: 'brand_1',
        asin: 'B0ABCDEFGH',
        title: 'Kettle',
        status: 'archived',
        commission: { type: 'percentage', rate_bps: 1000 },
        image_url: 'https://cdn.example/kettle.jpg',
        detail_page_url: 'https://www.amazon.de/dp/B0ABCDEFGH',
        marketplace_id: 'A1PA6795UKMFR9',
        country_code: 'DE',
        price_cents: 1999,
        currency: 'EUR',
      },
      {
        id: 'prod_2',
        brand_id: 'brand_1',
        asin: 'B0ABCDEFGH',
        title: 'Kettle',
        status: 'active',
        commission: { type: 'flat', flat_cents: 150, currency_code: 'USD' },
        image_url: null,
        detail_page_url: null,
        marketplace_id: null,
        country_code: null,
        price_cents: null,
        currency: null,
      },
    ],
    partnerships: [{ creator_id: 'cr_ana', brand_id: 'brand_1', status: 'suspended' }],
    links: [
      {
        id: 'link_1',
        creator_id: 'cr_ana',
        brand_id: 'brand_1',
        product_id: 'prod_1',
        tracking_id: 'ig-post-1',
        short_url: 'https://s.example/abc',
        destination_url: 'https://www.amazon.de/dp/B0ABCDEFGH?tag=x-21',
        amazon_ad_group_id: '144523967350812',
      },
    ],
    commission_terms: [],
    report_rows: [
      {
        date: '2026-01-01',
        link_id: 'link_1',
        product_id: 'prod_1',
        marketplace: 'DE',
        currency: 'EUR',
        sales_cents: 1999,
        commission_cents: 199,
        commission_status: 'reversed',
        orders: 1,
        units_sold: 1,
        clicks: 30,
        detail_page_views: 12,
        add_to_carts: 2,
      },
    ],
  }
  assert.deepEqual(parseDataset(raw), expected)
})

test('an empty object gives every section empty', () => {
  assert.deepEqual(parseDataset({}), EMPTY)
})

test('optional fields take their defaults when absent or null', () => {
  const absent = parseDataset({
    api_tokens: [token],
    brands: [brand],
    products: [product],
    links: [link],
  })
  const nulls = parseDataset({
    api_tokens: [{ ...token, name: null, expires_at: null, revoked: null }],
    brands: [{ ...brand, description: null, logo_url: null, website: null, discoverable: null, ads_connected: null }],
    products: [
      {
        ...product,
        commission: null,
        image_url: null,
        detail_page_url: null,
        marketplace_id: null,
        country_code: null,
        price_cents: null,
        currency: null,
      },
    ],
    links: [{ ...link, product_id: null, tracking_id: null, amazon_ad_group_id: null }],
  })
  const expected: Dataset = {
    ...EMPTY,
    api_tokens: [
      {
        account_id: 'cr_ana',
        token: 'csapi_0123456789abcdef',
        name: '',
        expires_at: null,
        revoked: false,
        scopes: ['read'],
      },
    ],
    brands: [
      {
        id: 'brand_1',
        name: 'Acme',
        status: 'active',
        description: null,
        logo_url: null,
        website: null,
        discoverable: true,
        ads_connected: true,
      },
    ],
    products: [
      {
        ...product,
        status: 'active',
        commission: null,
        image_url: null,
        detail_page_url: null,
        marketplace_id: null,
        country_code: null,
        price_cents: null,
        currency: null,
      },
    ],
    links: [{ ...link, product_id: null, tracking_id: '', amazon_ad_group_id: null }],
  }
  assert.deepEqual(absent, expected)
  assert.deepEqual(nulls, expected)
})

test('country_code and marketplace_id fill each other in', () => {
  const fromCode = productWith({ country_code: 'uk' })
  assert.equal(fromCode?.country_code, 'UK')
  assert.equal(fromCode?.marketplace_id, 'A1F83G8C2ARO7P')
  const fromId = productWith({ marketplace_id: 'ATVPDKIKX0DER' })
  assert.equal(fromId?.country_code, 'US')
  assert.equal(fromId?.marketplace_id, 'ATVPDKIKX0DER')
})

test('country_code and marketplace_id must name the same marketplace', () => {
  assert.deepEqual(
    issuesOf({
      products: [
        product,
        product,
        product,
        { ...product, id: 'p3', marketplace_id: 'ATVPDKIKX0DER', country_code: 'de' },
      ],
    }),
    [
      'products[1].id: duplicate of products[0]',
      'products[2].id: duplicate of products[0]',
      'products[3].marketplace_id: ATVPDKIKX0DER is the US marketplace, not DE',
    ],
  )
})

test('unknown marketplaces are refused', () => {
  assert.deepEqual(issuesOf({ products: [{ ...product, marketplace_id: 'atvpdkikx0der', country_code: 'GB' }] }), [
    'products[0].marketplace_id: must be a known Amazon marketplace id such as ATVPDKIKX0DER',
    'products[0].country_code: must be one of US, CA, MX, BR, UK, DE, FR, IT, ES, NL, SE, PL, ' +
      'BE, IE, JP, AU, IN, AE, SA, SG, TR, EG, ZA',
  ])
  // toUpperCase maps the long s to S: that must not sneak in as SE.
  assert.equal(
    issuesOf({ report_rows: [{ ...row, marketplace: 'ſe' }] })[0]?.startsWith(
      'report_rows[0].marketplace: must be one of US, CA',
    ),
    true,
  )
})

test('each enum names its allowed values', () => {
  assert.deepEqual(
    issuesOf({
      accounts: [{ ...account, role: 'admin' }],
      brands: [{ ...brand, status: 'Active' }],
      products: [{ ...product, status: 'deleted', commission: { type: 'fixed', flat_cents: 1 } }],
      partnerships: [{ creator_id: 'cr_ana', brand_id: 'brand_1', status: null }],
      report_rows: [{ ...row, commission_status: 7 }],
    }),
    [
      'accounts[0].role: must be one of creator, seller, operator',
      'brands[0].status: must be one of active, inactive, archived',
      'products[0].status: must be one of active, inactive, archived',
      'products[0].commission.type: must be one of percentage, flat',
      'partnerships[0].status: is required',
      'report_rows[0].commission_status: must be one of pending, approved, paid, reversed',
    ],
  )
  assert.deepEqual(issuesOf({ partnerships: [{ creator_id: 'cr_ana', brand_id: 'brand_1', status: 'ok' }] }), [
    'partnerships[0].status: must be one of approved, pending, rejected, suspended',
  ])
})

test('report dates must be real calendar days from 2000 to 2100', () => {
  assert.deepEqual(
    issuesOf({
      report_rows: [
        { ...row, date: '2026-02-30' },
        { ...row, date: '2026-13-01' },
        { ...row, date: '2026-1-01' },
        { ...row, date: '2026-01-01T00:00:00Z' },
        { ...row, date: '1999-12-31' },
        { ...row, date: '2101-01-01' },
        { ...row, date: 20260101 },
        { ...row, date: '2100-02-29' },
      ],
    }),
    [
      'report_rows[0].date: must be a real calendar day',
      'report_rows[1].date: must be a real calendar day',
      'report_rows[2].date: must be a date YYYY-MM-DD',
      'report_rows[3].date: must be a date YYYY-MM-DD',
      'report_rows[4].date: must be between 2000-01-01 and 2100-12-31',
      'report_rows[5].date: must be between 2000-01-01 and 2100-12-31',
      'report_rows[6].date: must be a date YYYY-MM-DD',
      'report_rows[7].date: must be a real calendar day',
    ],
  )
  const leap = parseDataset({
    report_rows: [
      { ...row, date: '2024-02-29' },
      { ...row, date: '2000-02-29' },
    ],
  })
  assert.deepEqual(
    leap.report_rows.map((r) => r.date),
    ['2024-02-29', '2000-02-29'],
  )
})

test('counts and amounts must be non-negative safe integers', () => {
  assert.deepEqual(
    issuesOf({
      report_rows: [
        { ...row, orders: 1.5, units_sold: -1, clicks: '30', detail_page_views: 2 ** 53, add_to_carts: null },
      ],
      products: [{ ...product, price_cents: 19.99 }],
    }),
    [
      'products[0].price_cents: must be a non-negative integer',
      'report_rows[0].orders: must be a non-negative integer',
      'report_rows[0].units_sold: must be a non-negative integer',
      'report_rows[0].clicks: must be a non-negative integer',
      'report_rows[0].detail_page_views: must be at most 9007199254740991',
      'report_rows[0].add_to_carts: is required',
    ],
  )
  // JSON's -0 is accepted as plain 0.
  const parsed = parseDataset(
    JSON.parse(
      '{"report_rows":[{"date":"2026-01-01","link_id":"l","product_id":"p","marketplace":"US","currency":"USD",' +
        '"sales_cents":-0,"commission_cents":0,"commission_status":"paid","orders":0,"units_sold":0,"clicks":0,' +
        '"detail_page_views":0,"add_to_carts":0}]}',
    ),
  )
  assert.ok(Object.is(parsed.report_rows[0]?.sales_cents, 0))
})

test('the top level must be an object of known sections, each an array of objects', () => {
  for (const raw of [null, [], 'x', 3]) assert.deepEqual(issuesOf(raw), ['dataset: must be a JSON object'])
  assert.deepEqual(issuesOf({ foo: [], 'bad key': 1, brands: {}, accounts: [1, null, []], links: null }), [
    'foo: unknown section',
    '"bad key": unknown section',
    'accounts[0]: must be an object',
    'accounts[1]: must be an object',
    'accounts[2]: must be an object',
    'brands: must be an array',
    'links: must be an array',
  ])
})

test('unknown fields are refused, in items and in commissions', () => {
  assert.deepEqual(
    issuesOf({
      brands: [{ ...brand, colour: 'red', constructor: 1 }],
      products: [{ ...product, commission: { type: 'percentage', rate_bps: 100, ratebps: 1 } }],
      report_rows: [{ ...row, brand_id: 'brand_1', 'odd.key': 1 }],
    }),
    [
      'brands[0].colour: unknown field',
      'brands[0].constructor: unknown field',
      'products[0].commission.ratebps: unknown field',
      'report_rows[0].brand_id: unknown field',
      'report_rows[0]["odd.key"]: unknown field',
    ],
  )
})

test('required fields, ids, names and urls', () => {
  assert.deepEqual(
    issuesOf({
      accounts: [
        { role: 'creator', name: 'A' },
        { id: '', role: 'creator', name: '  ' },
        { id: 'a b', role: 'creator', name: 'x'.repeat(1001) },
        { id: 'x'.repeat(129), role: 'creator', name: 5 },
        { id: 7, role: 'creator', name: 'A' },
      ],
      brands: [{ ...brand, logo_url: 'ftp://cdn.example/a.png', website: 'not a url', description: 5 }],
      links: [
        { ...link, short_url: ' https://s.example/a', destination_url: 'javascript:alert(1)', product_id: 'p/1' },
      ],
    }),
    [
      'accounts[0].id: is required',
      'accounts[1].id: must not be empty',
      'accounts[1].name: must not be empty',
      'accounts[2].id: must contain only letters, digits and _ . : -',
      'accounts[2].name: must be at most 1000 characters',
      'accounts[3].id: must be at most 128 characters',
      'accounts[3].name: must be a string',
      'accounts[4].id: must be a string',
      'brands[0].description: must be a string',
      'brands[0].logo_url: must be an http or https URL',
      'brands[0].website: must be an http or https URL',
      'links[0].product_id: must contain only letters, digits and _ . : -',
      'links[0].short_url: must be an http or https URL',
      'links[0].destination_url: must be an http or https URL',
    ],
  )
})

test('tokens: printable ASCII of 16 to 256 characters, expiry with a time zone', () => {
  const tokenRule = 'must be 16 to 256 printable ASCII characters without spaces'
  const expiryRule = 'must be an ISO 8601 timestamp with a time zone, e.g. 2027-01-01T00:00:00Z'
  assert.deepEqual(
    issuesOf({
      api_tokens: [
        { ...token, token: 'short' },
        { ...token, token: 'has a space in it ok' },
        { ...token, token: 'x'.repeat(257) },
        { ...token, token: 'ünïcödé_tokén_valué' },
        { ...token, token: 'csapi_aaaaaaaaaaaaaaaa', expires_at: '2027-01-01T00:00:00' },
        { ...token, token: 'csapi_bbbbbbbbbbbbbbbb', expires_at: '2027-02-29T00:00:00Z' },
        { ...token, token: 'csapi_cccccccccccccccc', expires_at: '2027-01-01T24:00:00Z' },
        { ...token, token: 'csapi_dddddddddddddddd', expires_at: 1798761600000 },
        { ...token, token: 'csapi_eeeeeeeeeeeeeeee', revoked: 'no', name: 3 },
      ],
    }),
    [
      `api_tokens[0].token: ${tokenRule}`,
      `api_tokens[1].token: ${tokenRule}`,
      `api_tokens[2].token: ${tokenRule}`,
      `api_tokens[3].token: ${tokenRule}`,
      `api_tokens[4].expires_at: ${expiryRule}`,
      `api_tokens[5].expires_at: ${expiryRule}`,
      `api_tokens[6].expires_at: ${expiryRule}`,
      `api_tokens[7].expires_at: ${expiryRule}`,
      'api_tokens[8].name: must be a string',
      'api_tokens[8].revoked: must be true or false',
    ],
  )
  const parsed = parseDataset({
    api_tokens: [
      { ...token, expires_at: '2027-01-01T00:00Z' },
      { ...token, token: 'x'.repeat(256), expires_at: '2026-12-31T19:00:00-05:00' },
    ],
  })
  assert.deepEqual(
    parsed.api_tokens.map((t) => t.expires_at?.toISOString()),
    ['2027-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
  )
})

test('products: asin and currency codes', () => {
  assert.deepEqual(
    issuesOf({
      products: [
        { ...product, asin: 'b0abcdefgh', currency: 'usd' },
        { ...product, id: 'p2', asin: 'B0ABCDEFG' },
      ],
    }),
    [
      'products[0].asin: must be 10 upper-case letters or digits',
      'products[0].currency: must be the currency of an Amazon marketplace: USD, CAD, MXN, BRL, ' +
        'GBP, EUR, SEK, PLN, JPY, AUD, INR, AED, SAR, SGD, TRY, EGP, ZAR',
      'products[1].asin: must be 10 upper-case letters or digits',
    ],
  )
})

test('duplicates are reported on the later item, by each section key', () => {
  assert.deepEqual(
    issuesOf({
      accounts: [account, { ...account, role: 'seller' }],
      api_tokens: [token, { ...token, account_id: 'other' }],
      brands: [brand, { ...brand, id: 'brand_2' }, { ...brand, id: 'brand_2' }],
      brand_access: [
        { account_id: 'sl', brand_id: 'b1' },
        { account_id: 'sl', brand_id: 'b2' },
        { account_id: 'sl', brand_id: 'b1' },
      ],
      partnerships: [
        { creator_id: 'cr', brand_id: 'b1', status: 'approved' },
        { creator_id: 'cr', brand_id: 'b1', status: 'pending' },
      ],
      links: [link, link],
      report_rows: [row, { ...row, marketplace: 'us', sales_cents: 5 }, { ...row, date: '2026-01-02' }],
    }),
    [
      'accounts[1].id: duplicate of accounts[0]',
      'api_tokens[1].token: duplicate of api_tokens[0]',
      'brands[2].id: duplicate of brands[1]',
      'brand_access[2]: duplicate of brand_access[0] (same account_id and brand_id)',
      'partnerships[1]: duplicate of partnerships[0] (same creator_id and brand_id)',
      'links[1].id: duplicate of links[0]',
      'report_rows[1]: duplicate of report_rows[0] (same date, link_id, product_id and marketplace)',
    ],
  )
})

test('commission: percentage, flat and none', () => {
  assert.deepEqual(productWith({ commission: { type: 'percentage', rate_bps: 1250 } })?.commission, {
    type: 'percentage',
    rate_bps: 1250,
  })
  assert.deepEqual(productWith({ commission: { type: 'flat', flat_cents: 0, currency_code: 'EUR' } })?.commission, {
    type: 'flat',
    flat_cents: 0,
    currency_code: 'EUR',
  })
  assert.equal(productWith({ commission: null })?.commission, null)
  assert.equal(productWith({})?.commission, null)
})

test('commission: an API response object can be fed back', () => {
  const percentage = { type: 'percentage', rate: 0.125, rate_bps: 1250, flat_cents: 0, currency_code: 'USD' }
  assert.deepEqual(productWith({ commission: percentage })?.commission, { type: 'percentage', rate_bps: 1250 })
  const noCurrency = { type: 'percentage', rate: 0.07, rate_bps: 700, flat_cents: 0, currency_code: '' }
  assert.deepEqual(productWith({ commission: noCurrency })?.commission, { type: 'percentage', rate_bps: 700 })
  const flat = { type: 'flat', rate: 0, rate_bps: 0, flat_cents: 150, currency_code: 'USD' }
  assert.deepEqual(productWith({ commission: flat })?.commission, {
    type: 'flat',
    flat_cents: 150,
    currency_code: 'USD',
  })
})

test('commission: inconsistent or malformed terms', () => {
  assert.deepEqual(
    issuesOf({
      products: [
        { ...product, id: 'p0', commission: { type: 'percentage', rate_bps: 1250, rate: 0.12 } },
        { ...product, id: 'p1', commission: { type: 'percentage', rate_bps: 10001, flat_cents: 5 } },
        { ...product, id: 'p2', commission: { type: 'percentage', rate_bps: 12.5, currency_code: 'usd' } },
        {
          ...product,
          id: 'p3',
          commission: { type: 'flat', flat_cents: -1, currency_code: 'USD', rate: 0.1, rate_bps: 10 },
        },
        { ...product, id: 'p4', commission: { type: 'flat', flat_cents: 100 } },
        { ...product, id: 'p5', commission: { rate_bps: 100 } },
        { ...product, id: 'p6', commission: 0.1 },
        { ...product, id: 'p7', commission: { type: 'percentage', rate_bps: 100, rate: '0.01' } },
      ],
    }),
    [
      'products[0].commission.rate: must equal rate_bps / 10000 (0.125)',
      'products[1].commission.rate_bps: must be an integer from 0 to 10000',
      'products[1].commission.flat_cents: must be 0 or absent',
      'products[2].commission.rate_bps: must be an integer from 0 to 10000',
      'products[2].commission.currency_code: must be the currency of an Amazon marketplace: ' +
        'USD, CAD, MXN, BRL, GBP, EUR, SEK, PLN, JPY, AUD, INR, AED, SAR, SGD, TRY, EGP, ZAR, or ' +
        'empty',
      'products[3].commission.flat_cents: must be a non-negative integer',
      'products[3].commission.rate: must be 0 or absent',
      'products[3].commission.rate_bps: must be 0 or absent',
      'products[4].commission.currency_code: is required',
      'products[5].commission.type: is required',
      'products[6].commission: must be an object or null',
      'products[7].commission.rate: must be a number',
    ],
  )
})

test('every issue in the file is reported at once, with its path', () => {
  assert.deepEqual(
    issuesOf({
      accounts: [account, { id: 'cr_bo', role: 'creator' }],
      products: [{ ...product, status: 'gone', asin: 'x', country_code: 'XX' }],
      links: [{ ...link, tracking_id: 9 }],
      report_rows: [row, { ...row, date: '2026-04-31', clicks: -3, marketplace: 'mars' }],
      extra: true,
    }),
    [
      'extra: unknown section',
      'accounts[1].name: is required',
      'products[0].asin: must be 10 upper-case letters or digits',
      'products[0].status: must be one of active, inactive, archived',
      'products[0].country_code: must be one of US, CA, MX, BR, UK, DE, FR, IT, ES, NL, SE, PL, ' +
        'BE, IE, JP, AU, IN, AE, SA, SG, TR, EG, ZA',
      'links[0].tracking_id: must be a string',
      'report_rows[1].date: must be a real calendar day',
      'report_rows[1].marketplace: must be one of US, CA, MX, BR, UK, DE, FR, IT, ES, NL, SE, ' +
        'PL, BE, IE, JP, AU, IN, AE, SA, SG, TR, EG, ZA',
      'report_rows[1].clicks: must be a non-negative integer',
    ],
  )
})

test('issues are capped at 50, then counted', () => {
  const accounts = Array.from({ length: 60 }, (_, i) => ({ id: `a${i}`, role: 'robot', name: 'A' }))
  const issues = issuesOf({ accounts, brands: 'none' })
  assert.equal(issues.length, 51)
  assert.equal(issues[0], 'accounts[0].role: must be one of creator, seller, operator')
  assert.equal(issues[49], 'accounts[49].role: must be one of creator, seller, operator')
  assert.equal(issues[50], '… and 11 more')

  // Exactly 50 issues: no trailing line.
  assert.equal(issuesOf({ accounts: accounts.slice(0, 50) }).length, 50)
})

test('commission_terms: history entries, general or per creator, as typed terms', () => {
  const ds = parseDataset({
    commission_terms: [
      { product_id: 'prod_1', effective_from: '2026-01-01', type: 'percentage', rate_bps: 1000 },
      {
        product_id: 'prod_1',
        creator_id: 'cr_ana',
        effective_from: '2026-01-01',
        type: 'flat',
        flat_cents: 150,
        currency_code: 'EUR',
      },
    ],
  })
  assert.deepEqual(ds.commission_terms, [
    {
      product_id: 'prod_1',
      creator_id: null,
      effective_from: '2026-01-01',
      terms: { type: 'percentage', rate_bps: 1000 },
    },
    {
      product_id: 'prod_1',
      creator_id: 'cr_ana',
      effective_from: '2026-01-01',
      terms: { type: 'flat', flat_cents: 150, currency_code: 'EUR' },
    },
  ])
  assert.deepEqual(
    issuesOf({
      commission_terms: [
        { product_id: 'prod_1', effective_from: '2026-02-30', type: 'percentage', rate_bps: 1000, flat_cents: 5 },
        { product_id: 'prod_1', effective_from: '2026-01-01', type: 'flat', flat_cents: 5 },
        { product_id: 'prod_2', effective_from: '2026-01-01', type: 'percentage', rate_bps: 1 },
        { product_id: 'prod_2', effective_from: '2026-01-01', type: 'percentage', rate_bps: 2 },
      ],
      links: [{ ...link, amazon_ad_group_id: 2 ** 60 }],
    }),
    [
      'links[0].amazon_ad_group_id: must be a string (a number only up to 2^53)',
      'commission_terms[0].effective_from: must be a real calendar day',
      'commission_terms[0].flat_cents: must be absent for percentage terms',
      'commission_terms[1].currency_code: is required',
      'commission_terms[3]: duplicate of commission_terms[2] (same product_id, creator_id and effective_from)',
    ],
  )
})

test("rules between fields are reported along with the fields' own problems, at their field", () => {
  assert.deepEqual(
    issuesOf({
      products: [
        { ...product, asin: 'x', marketplace_id: 'ATVPDKIKX0DER', country_code: 'de', currency: 'usd' },
        { ...product, id: 'p2', commission: { type: 'percentage', rate_bps: 1250, rate: 0.12, flat_cents: 5 } },
        { ...product, id: 'p3', commission: { type: 'fixed', ratebps: 1 } },
      ],
      commission_terms: [
        { product_id: 'prod_1', effective_from: '2026-01-01', type: 'flat', flat_cents: -1, rate_bps: 5 },
      ],
    }),
    [
      'products[0].asin: must be 10 upper-case letters or digits',
      'products[0].marketplace_id: ATVPDKIKX0DER is the US marketplace, not DE',
      `products[0].currency: must be the currency of an Amazon marketplace: ${CURRENCIES.join(', ')}`,
      'products[1].commission.rate: must equal rate_bps / 10000 (0.125)',
      'products[1].commission.flat_cents: must be 0 or absent',
      'products[2].commission.ratebps: unknown field',
      'products[2].commission.type: must be one of percentage, flat',
      'commission_terms[0].flat_cents: must be a non-negative integer',
      'commission_terms[0].currency_code: is required',
      'commission_terms[0].rate_bps: must be absent for flat terms',
    ],
  )
})

test('a key given twice in one object is refused with its path and line, never decided by the last', () => {
  const issues = (text: string) => {
    try {
      parseDatasetText(text, 'ds.json')
    } catch (err) {
      assert.ok(err instanceof DatasetError, String(err))
      return err.issues
    }
    assert.fail('expected parseDatasetText to throw')
  }
  // JSON.parse alone would have made this account an operator
  assert.equal((JSON.parse('{"role": "creator", "role": "operator"}') as { role: string }).role, 'operator')
  assert.deepEqual(
    issues('{"accounts": [\n  {"id": "cr_ana", "role": "creator", "name": "Ana",\n   "role": "operator"}]}'),
    ['accounts[0].role: key given twice in the same object (line 3)'],
  )
  // a section given twice, a nested field, a key spelled with an escape, a key that is not a plain name
  assert.deepEqual(issues('{"accounts": [], "brands": [], "accounts": []}'), [
    'accounts: key given twice in the same object (line 1)',
  ])
  const p = JSON.stringify({ ...product, commission: { type: 'flat', flat_cents: 1, currency_code: 'USD' } })
  assert.deepEqual(issues(`{"products": [${p.replace('"flat_cents":1', '"flat_cents":1,"flat_cents":100000')}]}`), [
    'products[0].commission.flat_cents: key given twice in the same object (line 1)',
  ])
  assert.deepEqual(issues('{"brands": [{"id": "b", "\\u0069d": "c", "name": "B", "status": "active"}]}'), [
    'brands[0].id: key given twice in the same object (line 1)',
  ])
  assert.deepEqual(issues('{"x": {"a b": 1, "a b": 2}}'), ['x["a b"]: key given twice in the same object (line 1)'])
  // the same keys in different objects, and colons inside strings, are not duplicates
  const ok = parseDatasetText(
    JSON.stringify({ accounts: [account, { ...account, id: 'cr_bo', name: 'Bo: "a:b" \\' }] }),
    'ds.json',
  )
  assert.deepEqual(
    ok.accounts.map((a) => a.id),
    ['cr_ana', 'cr_bo'],
  )
  assert.match(issues('{"accounts": [')[0]!, /^ds\.json: not valid JSON: /)
})
