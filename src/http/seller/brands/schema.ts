// The brand of GET /api/seller/v1/brands: shared by the route (serializer, OpenAPI) and its SQL,
// which builds each brand's JSON from this schema (src/http/json-sql.ts).
import { Type } from 'typebox'
import { named, PageOf } from '../../schema.js'
import { BrandFields } from '../../brand-fields.js'

export const SellerBrand = named(
  'SellerBrand',
  Type.Object(
    {
      ...BrandFields,
      product_count: Type.Integer({ minimum: 0, description: "Number of the brand's active products" }),
    },
    { description: 'A brand granted to the seller or operator account' },
  ),
)

export const SellerBrandPage = PageOf('SellerBrandPage', 'brands', SellerBrand)
