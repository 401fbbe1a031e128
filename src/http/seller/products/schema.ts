// The product of GET /api/seller/v1/products: shared by the route (serializer, OpenAPI) and
// its SQL, which builds each product's JSON from this schema (src/http/json-sql.ts).
import { Type } from 'typebox'
import { named, PageOf } from '../../schema.js'
import { CommissionType, Currency, MarketplaceCode, ProductStatus } from '../../values.js'

export const Commission = named(
  'Commission',
  Type.Object(
    {
      type: CommissionType,
      rate: Type.Number({
        description: 'percentage: the rate as a fraction (rate_bps / 10000, so 0.125 for 12.5 %); flat: 0',
      }),
      rate_bps: Type.Integer({
        minimum: 0,
        maximum: 10000,
        description: 'percentage: the rate in basis points (1250 = 12.5 %); flat: 0',
      }),
      flat_cents: Type.Integer({
        minimum: 0,
        description: 'flat: amount paid per unit sold, in minor units of currency_code; percentage: 0',
      }),
      currency_code: Type.Union([Currency, Type.Literal('')], {
        description: 'flat: the amount\'s currency; percentage: the product\'s currency, or "" when it has none',
      }),
    },
    { description: 'Current general commission terms' },
  ),
)

export const Product = named(
  'Product',
  Type.Object({
    id: Type.String({ description: 'Product identifier' }),
    brand_id: Type.String({ description: 'Brand identifier' }),
    asin: Type.String({ description: 'Amazon ASIN' }),
    title: Type.String({ description: 'Product title' }),
    status: ProductStatus,
    commission: Type.Union([Commission, Type.Null()], {
      description: 'Commission terms; null when the product has none',
    }),
    image_url: Type.Optional(Type.String({ description: 'Product image URL' })),
    detail_page_url: Type.Optional(Type.String({ description: 'Amazon product detail page URL' })),
    marketplace_id: Type.Optional(Type.String({ description: 'Amazon marketplace identifier, e.g. ATVPDKIKX0DER' })),
    country_code: Type.Optional(MarketplaceCode),
    price_cents: Type.Optional(Type.Integer({ minimum: 0, description: 'Price in minor currency units' })),
    currency: Type.Optional(Currency),
  }),
)

export const ProductPage = PageOf('ProductPage', 'products', Product)
