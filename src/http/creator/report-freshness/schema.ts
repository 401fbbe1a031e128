// The item of GET /api/creator/v1/reports/freshness: how fresh and how final a brand's numbers are
// in one marketplace.
import { Type } from 'typebox'
import { CalendarDate, named, PageOf } from '../../schema.js'
import { MarketplaceCode } from '../../values.js'

export const ReportFreshness = named(
  'ReportFreshness',
  Type.Object(
    {
      brand_id: Type.String({ description: 'Brand identifier' }),
      marketplace: MarketplaceCode,
      reported_through: CalendarDate(
        "The last date of this creator's report rows of the brand in the marketplace (ingested or imported)",
      ),
      final_through: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
        description:
          'The last date up to which every row of the brand in the marketplace is settled (approved, paid or ' +
          "reversed) and past Amazon's 28-day restatement window, never after reported_through; null when no " +
          'date with rows is',
      }),
    },
    { description: 'How fresh and how final the numbers of one brand in one marketplace are' },
  ),
)

export const ReportFreshnessPage = PageOf('ReportFreshnessPage', 'freshness', ReportFreshness)
