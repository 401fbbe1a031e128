// The item of GET /api/creator/v1/reports/summary: one group and currency, and its rows' sums.
import { Type, type TProperties } from 'typebox'
import { named, PageOf } from '../../schema.js'
import { CommissionStatus, Currency, MarketplaceCode } from '../../values.js'

const sum = (what: string) => Type.Integer({ minimum: 0, description: `Sum of the rows' ${what}` })

/** The group's fields, one per group_by dimension; shared with the seller's summary. */
export const GROUP_FIELDS = {
  day: Type.Optional(Type.String({ format: 'date', description: "The rows' date (group_by day), YYYY-MM-DD" })),
  week: Type.Optional(
    Type.String({
      format: 'date',
      description: "The Monday that starts the ISO week of the rows' date (group_by week), YYYY-MM-DD",
    }),
  ),
  month: Type.Optional(
    Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', description: "The rows' month (group_by month), YYYY-MM" }),
  ),
  brand_id: Type.Optional(Type.String({ description: 'Brand identifier (group_by brand_id)' })),
  product_id: Type.Optional(Type.String({ description: 'Product identifier (group_by product_id)' })),
  link_id: Type.Optional(Type.String({ description: 'Attribution link identifier (group_by link_id)' })),
  marketplace: Type.Optional(MarketplaceCode),
  commission_status: Type.Optional(CommissionStatus),
} satisfies TProperties

/** The sums of an item, after its group and currency. */
export const SUMS = {
  currency: Currency,
  rows: Type.Integer({ minimum: 1, description: 'Number of report rows in the group' }),
  clicks: sum('clicks'),
  detail_page_views: sum('detail page views'),
  add_to_carts: sum('add-to-cart events'),
  orders: sum('orders'),
  units_sold: sum('units sold'),
  sales_cents: sum('sales, in minor units of currency'),
  commission_cents: sum('commission, in minor units of currency'),
} satisfies TProperties

export const ReportSummaryGroup = named(
  'ReportSummaryGroup',
  Type.Object(GROUP_FIELDS, {
    additionalProperties: false,
    description: 'The values of the group_by dimensions, in the order group_by names them; {} without group_by',
  }),
)

export const ReportSummaryItem = named(
  'ReportSummaryItem',
  Type.Object(
    { group: ReportSummaryGroup, ...SUMS },
    {
      description:
        'The sums of the report rows of one group in one currency: exactly the rows /reports returns ' +
        'with the same filters and dates that fall in this group and currency',
    },
  ),
)

export const ReportSummaryPage = PageOf('ReportSummaryPage', 'summary', ReportSummaryItem)
