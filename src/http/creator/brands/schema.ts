// The brand of GET /api/creator/v1/brands: shared by the route (serializer, OpenAPI) and its SQL,
// which builds each brand's JSON from this schema (src/http/json-sql.ts).
import { Type } from 'typebox'
import { named, PageOf } from '../../schema.js'
import { MarketplaceCode, MarketplaceDomain, PartnershipStatus } from '../../values.js'
import { BrandFields } from '../../brand-fields.js'

export const Brand = named(
  'Brand',
  Type.Object(
    {
      ...BrandFields,
      description: Type.Optional(Type.String({ description: 'Brand description; omitted when there is none' })),
      logo_url: Type.Optional(Type.String({ description: 'Logo image URL; omitted when there is none' })),
      website: Type.Optional(Type.String({ description: 'Brand website URL; omitted when there is none' })),
      product_count: Type.Optional(Type.Integer({ minimum: 0, description: "Number of the brand's active products" })),
      amazon_regions: Type.Optional(
        Type.Array(MarketplaceCode, {
          description: 'Distinct country/region codes of the active products, in marketplace table order',
        }),
      ),
      amazon_marketplaces: Type.Optional(
        Type.Array(MarketplaceDomain, {
          description: 'Amazon domains of the same marketplaces, in the same order (US → amazon.com)',
        }),
      ),
      partnership_status: PartnershipStatus,
    },
    { description: 'A brand discoverable to the creator' },
  ),
)

export const BrandPage = PageOf('BrandPage', 'brands', Brand)
