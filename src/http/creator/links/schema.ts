// The link of GET /api/creator/v1/links: shared by the route (serializer, OpenAPI) and its SQL,
// which builds each link's JSON from this schema (src/http/json-sql.ts).
import { Type } from 'typebox'
import { named, PageOf, Timestamp } from '../../schema.js'
import { ReportLink } from '../reports/schema.js'

const link = ReportLink.properties

export const Link = named(
  'Link',
  Type.Object(
    {
      id: link.id,
      brand_id: Type.String({ description: 'Brand identifier' }),
      product_id: Type.Union([Type.String(), Type.Null()], {
        description: 'The product the link points to; null for a brand-level link (a storefront)',
      }),
      asin: Type.Optional(Type.String({ description: "The product's Amazon ASIN; omitted for a brand-level link" })),
      tracking_id: link.tracking_id,
      short_url: link.short_url,
      destination_url: link.destination_url,
      created_at: Timestamp('When the link was created'),
    },
    { description: 'An attribution link of this creator' },
  ),
)

export const LinkPage = PageOf('LinkPage', 'links', Link)
