// The payout of GET /api/creator/v1/payouts (migrations/008_payouts.sql): shared by the route
// and its SQL, which builds each payout's JSON from this schema.
import { Type } from 'typebox'
import { named, PageOf, Timestamp } from '../../schema.js'
import { Currency } from '../../values.js'

export const Payout = named(
  'Payout',
  Type.Object(
    {
      id: Type.String({ description: 'Payout identifier, po_…' }),
      currency: Currency,
      amount_cents: Type.Integer({
        minimum: 1,
        description: 'What was paid: commission_cents + adjustment_cents, the sum of the lines; always positive',
      }),
      commission_cents: Type.Integer({ description: 'The sum of the commission lines (report rows paid)' }),
      adjustment_cents: Type.Integer({
        description: 'The sum of the adjustment lines (restatements settled); may be negative',
      }),
      line_count: Type.Integer({ minimum: 1, description: 'Number of lines' }),
      through: Type.String({ format: 'date', description: 'Report rows dated up to this day were paid' }),
      created_at: Timestamp('When the payout was made'),
    },
    { description: 'One payment to the creator in one currency; its lines say what it covered' },
  ),
)

export const PayoutPage = PageOf('PayoutPage', 'payouts', Payout)
