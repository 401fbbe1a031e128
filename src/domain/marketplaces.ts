// Amazon marketplaces, from shared/marketplaces.tsv. Order is the table's order and is used
// wherever a list of regions is shown.
export interface Marketplace {
  code: string
  marketplaceId: string
  domain: string
  currency: string
}

export const MARKETPLACES: readonly Marketplace[] = [
  { code: 'US', marketplaceId: 'ATVPDKIKX0DER', domain: 'amazon.com', currency: 'USD' },
  { code: 'CA', marketplaceId: 'A2EUQ1WTGCTBG2', domain: 'amazon.ca', currency: 'CAD' },
  { code: 'MX', marketplaceId: 'A1AM78C64UM0Y8', domain: 'amazon.com.mx', currency: 'MXN' },
  { code: 'BR', marketplaceId: 'A2Q3Y263D00KWC', domain: 'amazon.com.br', currency: 'BRL' },
  { code: 'UK', marketplaceId: 'A1F83G8C2ARO7P', domain: 'amazon.co.uk', currency: 'GBP' },
  { code: 'DE', marketplaceId: 'A1PA6795UKMFR9', domain: 'amazon.de', currency: 'EUR' },
  { code: 'FR', marketplaceId: 'A13V1IB3VIYZZH', domain: 'amazon.fr', currency: 'EUR' },
  { code: 'IT', marketplaceId: 'APJ6JRA9NG5V4', domain: 'amazon.it', currency: 'EUR' },
  { code: 'ES', marketplaceId: 'A1RKKUPIHCS9HS', domain: 'amazon.es', currency: 'EUR' },
  { code: 'NL', marketplaceId: 'A1805IZSGTT6HS', domain: 'amazon.nl', currency: 'EUR' },
  { code: 'SE', marketplaceId: 'A2NODRKZP88ZB9', domain: 'amazon.se', currency: 'SEK' },
  { code: 'PL', marketplaceId: 'A1C3SOZRARQ6R3', domain: 'amazon.pl', currency: 'PLN' },
  { code: 'BE', marketplaceId: 'AMEN7PMS3EDWL', domain: 'amazon.com.be', currency: 'EUR' },
  { code: 'IE', marketplaceId: 'A28R8C7NBKEWEA', domain: 'amazon.ie', currency: 'EUR' },
  { code: 'JP', marketplaceId: 'A1VC38T7YXB528', domain: 'amazon.co.jp', currency: 'JPY' },
  { code: 'AU', marketplaceId: 'A39IBJ37TRP1C6', domain: 'amazon.com.au', currency: 'AUD' },
  { code: 'IN', marketplaceId: 'A21TJRUUN4KGV', domain: 'amazon.in', currency: 'INR' },
  { code: 'AE', marketplaceId: 'A2VIGQ35RCS4UG', domain: 'amazon.ae', currency: 'AED' },
  { code: 'SA', marketplaceId: 'A17E79C6D8DWNP', domain: 'amazon.sa', currency: 'SAR' },
  { code: 'SG', marketplaceId: 'A19VAU5U5O7RUS', domain: 'amazon.sg', currency: 'SGD' },
  { code: 'TR', marketplaceId: 'A33AVAJ2PDY3EV', domain: 'amazon.com.tr', currency: 'TRY' },
  { code: 'EG', marketplaceId: 'ARBP9OOSHTCHU', domain: 'amazon.eg', currency: 'EGP' },
  { code: 'ZA', marketplaceId: 'AE08WJ6YKNBMC', domain: 'amazon.co.za', currency: 'ZAR' },
]

const byCode = new Map(MARKETPLACES.map((m) => [m.code, m]))
const byDomain = new Map(MARKETPLACES.map((m) => [m.domain, m]))

// ASCII only: toUpperCase maps the dotless ı to I and toLowerCase the Kelvin sign to k
const ascii = (text: string) => /^[\x20-\x7e]*$/.test(text)

/** Looks a marketplace up by its country/region code, case-insensitively (`uk` → UK). */
export function marketplaceByCode(code: string): Marketplace | undefined {
  return ascii(code) ? byCode.get(code.toUpperCase()) : undefined
}

/** Looks a marketplace up by its domain, case-insensitively (`AMAZON.COM` → US). */
export function marketplaceByDomain(domain: string): Marketplace | undefined {
  return ascii(domain) ? byDomain.get(domain.toLowerCase()) : undefined
}

export const MARKETPLACE_CODES: readonly string[] = MARKETPLACES.map((m) => m.code)

/** The marketplaces' currencies, each once, in table order. */
export const CURRENCIES: readonly string[] = [...new Set(MARKETPLACES.map((m) => m.currency))]
