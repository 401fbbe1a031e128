// The adjustment of GET /api/creator/v1/adjustments: a restatement of a report row that was
// already approved or paid, which moves the commission owed without changing the row.
import { Type } from 'typebox'
import { named, PageOf, Timestamp } from '../../schema.js'
import { Currency } from '../../values.js'
import { RowKey } from '../row-key.js'

export const Adjustment = named(
  'Adjustment',
  Type.Object(
    {
      id: Type.String({ description: 'Adjustment identifier, adj_…' }),
      status: Type.Union([Type.Literal('unsettled'), Type.Literal('settled')], {
        description: 'unsettled: to be paid (or clawed back) by the next payout; settled: a payout took it',
      }),
      ...RowKey,
      currency: Currency,
      commission_status: Type.Union([Type.Literal('approved'), Type.Literal('paid')], {
        description: "The row's status when Amazon restated it",
      }),
      amount_before_cents: Type.Integer({
        description: "The row's commission before this restatement: its own, or the previous adjustment's after",
      }),
      amount_after_cents: Type.Integer({ description: 'The commission as Amazon restated it' }),
      difference_cents: Type.Integer({
        description: 'amount_after_cents - amount_before_cents: what the adjustment adds to (or takes from) a payout',
      }),
      found_at: Timestamp('When the restatement was ingested'),
      payout_id: Type.Optional(Type.String({ description: 'Settled adjustments: the payout that took it' })),
    },
    {
      description:
        'A restatement of a row already approved or paid: the row stays as it was paid, the ' +
        'difference goes to a payout',
    },
  ),
)

export const AdjustmentPage = PageOf('AdjustmentPage', 'adjustments', Adjustment)
