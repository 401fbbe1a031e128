// The report row of GET /api/seller/v1/reports: shared by the route (validation, OpenAPI) and its
// SQL, which builds each row's JSON from this schema (src/http/json-sql.ts). What a seller sees
// of a creator is its id and name and the link's id: the link's tracking id and URLs are the
// creator's own.
import { Type } from 'typebox'
import { named, PageOf } from '../../schema.js'
import { RowFigures, RowHead } from '../../creator/reports/schema.js'

export const ReportCreator = named(
  'ReportCreator',
  Type.Object(
    {
      id: Type.String({ description: 'Creator account identifier' }),
      name: Type.String({ description: 'Creator name; "" when none was given' }),
    },
    { description: 'The creator whose link earned the row' },
  ),
)

export const SellerReportRow = named(
  'SellerReportRow',
  Type.Object(
    {
      ...RowHead,
      creator: ReportCreator,
      link_id: Type.String({ description: 'Attribution link identifier' }),
      ...RowFigures,
    },
    { description: "One row per date, link, product and marketplace, of any creator's link to the brand" },
  ),
)

export const SellerReportPage = PageOf('SellerReportPage', 'reports', SellerReportRow)
