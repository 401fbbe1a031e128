// The report row of GET /api/creator/v1/reports: shared by the route (validation, OpenAPI) and
// its SQL, which builds each row's JSON from this schema (src/data/json-sql.ts).
import { Type } from 'typebox'
import { CommissionStatus } from './values.js'

export const Link = Type.Object(
  {
    id: Type.String({ description: 'Attribution link identifier' }),
    tracking_id: Type.String({ description: 'Client-side tracking tag supplied when the link was created; "" when omitted' }),
    short_url: Type.String({ description: 'Shareable attribution short URL' }),
    destination_url: Type.String({ description: 'Amazon landing page URL that the link leads to' }),
  },
  { description: 'Attribution link' },
)

export const Report = Type.Object({
  date: Type.String({ format: 'date', description: 'Report date: the marketplace\'s local calendar day, as Amazon reports it' }),
  brand_id: Type.String(),
  product_id: Type.String(),
  asin: Type.String({ description: 'Amazon ASIN' }),
  marketplace: Type.String({ description: 'Amazon country/region code such as US, UK, DE' }),
  currency: Type.String({ description: 'Currency of sales and commission amounts' }),
  sales_cents: Type.Integer({ description: 'Sales in minor currency units' }),
  commission_cents: Type.Integer({ description: 'Commission in minor currency units' }),
  commission_status: CommissionStatus,
  orders: Type.Integer(),
  units_sold: Type.Integer(),
  clicks: Type.Integer(),
  detail_page_views: Type.Integer(),
  add_to_carts: Type.Integer(),
  link: Link,
})
