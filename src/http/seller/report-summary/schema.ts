// The item of GET /api/seller/v1/reports/summary: the creator's summary item (its group fields and
// sums) with the creator as one more group dimension.
import { Type } from 'typebox'
import { named, PageOf } from '../../schema.js'
import { GROUP_FIELDS, SUMS } from '../../creator/report-summary/schema.js'

export const SellerReportSummaryGroup = named(
  'SellerReportSummaryGroup',
  Type.Object(
    {
      ...GROUP_FIELDS,
      creator_id: Type.Optional(Type.String({ description: 'Creator account identifier (group_by creator_id)' })),
    },
    {
      additionalProperties: false,
      description: 'The values of the group_by dimensions, in the order group_by names them; {} without group_by',
    },
  ),
)

export const SellerReportSummaryItem = named(
  'SellerReportSummaryItem',
  Type.Object(
    { group: SellerReportSummaryGroup, ...SUMS },
    {
      description:
        'The sums of the report rows of one group in one currency: exactly the rows ' +
        '/api/seller/v1/reports returns with the same brand, filters and dates that fall in this group and currency',
    },
  ),
)

export const SellerReportSummaryPage = PageOf('SellerReportSummaryPage', 'summary', SellerReportSummaryItem)
