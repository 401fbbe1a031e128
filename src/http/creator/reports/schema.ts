// The report row of GET /api/creator/v1/reports: shared by the route (validation, OpenAPI) and
// its SQL, which builds each row's JSON from this schema (src/http/json-sql.ts).
import { Type } from 'typebox'
import { CalendarDate, named, PageOf } from '../../schema.js'
import { CommissionStatus, Currency, MarketplaceCode } from '../../values.js'

export const ReportLink = named(
  'ReportLink',
  Type.Object(
    {
      id: Type.String({ description: 'Attribution link identifier' }),
      tracking_id: Type.String({
        description: 'Client-side tracking tag supplied when the link was created; "" when omitted',
      }),
      short_url: Type.String({ description: 'Shareable attribution short URL' }),
      destination_url: Type.String({ description: 'Amazon landing page URL that the link leads to' }),
    },
    { description: 'Attribution link' },
  ),
)

// What a creator's row and a seller's row share, in their order: where and what the row is
// (RowHead), and its figures (RowFigures).
export const RowHead = {
  date: CalendarDate("Report date: the marketplace's local calendar day, as Amazon reports it"),
  brand_id: Type.String({ description: 'Brand identifier' }),
  product_id: Type.String({ description: 'Product identifier' }),
  asin: Type.String({ description: 'Amazon ASIN' }),
  marketplace: MarketplaceCode,
  currency: Currency,
}

export const RowFigures = {
  sales_cents: Type.Integer({ minimum: 0, description: 'Sales in minor currency units' }),
  commission_cents: Type.Integer({ minimum: 0, description: 'Commission in minor currency units' }),
  commission_status: CommissionStatus,
  orders: Type.Integer({ minimum: 0, description: 'Number of orders' }),
  units_sold: Type.Integer({ minimum: 0, description: 'Number of units sold' }),
  clicks: Type.Integer({ minimum: 0, description: 'Number of clicks' }),
  detail_page_views: Type.Integer({ minimum: 0, description: 'Number of detail page views' }),
  add_to_carts: Type.Integer({ minimum: 0, description: 'Number of add-to-cart events' }),
}

export const ReportRow = named(
  'ReportRow',
  Type.Object(
    { ...RowHead, ...RowFigures, link: ReportLink },
    { description: 'One row per date, link, product and marketplace' },
  ),
)

export const ReportPage = PageOf('ReportPage', 'reports', ReportRow)
