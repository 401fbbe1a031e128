// The product of GET /api/creator/v1/products: shared by the route (serializer, OpenAPI) and its
// SQL, which builds each product's JSON from this schema (src/http/json-sql.ts). The seller's
// product's fields, but for `status` (only active products are listed) and with the commission
// this creator would earn.
import { Type } from 'typebox'
import { named, PageOf } from '../../schema.js'
import { Commission, Product } from '../../seller/products/schema.js'

const fields = Product.properties

export const CreatorProduct = named(
  'CreatorProduct',
  Type.Object(
    {
      id: fields.id,
      brand_id: fields.brand_id,
      asin: fields.asin,
      title: fields.title,
      commission: Type.Union([Commission, Type.Null()], {
        description:
          'The commission this creator would earn on a sale today: its own terms where it has ' +
          "creator-specific terms in force, else the product's general terms in force, else its base " +
          'terms; null when the product has none',
      }),
      image_url: fields.image_url,
      detail_page_url: fields.detail_page_url,
      marketplace_id: fields.marketplace_id,
      country_code: fields.country_code,
      price_cents: fields.price_cents,
      currency: fields.currency,
    },
    { description: 'An active product of a brand the creator can see, with the commission it would earn' },
  ),
)

export const CreatorProductPage = PageOf('CreatorProductPage', 'products', CreatorProduct)
