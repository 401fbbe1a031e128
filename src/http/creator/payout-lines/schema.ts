// The line of GET /api/creator/v1/payouts/{payout_id}/lines: a report row's commission, or an
// adjustment (a restatement of a row already approved or paid), with the row's key.
import { Type } from 'typebox'
import { named, PageOf, Timestamp } from '../../schema.js'
import { RowKey } from '../row-key.js'

export const PayoutLine = named(
  'PayoutLine',
  Type.Object(
    {
      line_no: Type.Integer({
        minimum: 1,
        description:
          'Position in the payout: commission lines by date, link, product and marketplace, then ' +
          'adjustment lines in the order they were found',
      }),
      type: Type.Union([Type.Literal('commission'), Type.Literal('adjustment')], {
        description: "commission: a report row's commission; adjustment: a restatement's difference",
      }),
      ...RowKey,
      amount_cents: Type.Integer({
        description: "commission: the row's commission_cents; adjustment: amount_after_cents - amount_before_cents",
      }),
      adjustment_id: Type.Optional(
        Type.String({ description: 'Adjustment lines: the adjustment (GET /api/creator/v1/adjustments)' }),
      ),
      amount_before_cents: Type.Optional(
        Type.Integer({ description: "Adjustment lines: the row's commission before this restatement" }),
      ),
      amount_after_cents: Type.Optional(
        Type.Integer({ description: "Adjustment lines: the row's commission as restated" }),
      ),
      found_at: Type.Optional(Timestamp('Adjustment lines: when the restatement was ingested')),
    },
    { description: "What a payout covered: the sum of a payout's lines is its amount" },
  ),
)

export const PayoutLinePage = PageOf('PayoutLinePage', 'lines', PayoutLine)
