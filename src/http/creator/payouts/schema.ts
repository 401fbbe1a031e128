// The payout of GET /api/creator/v1/payouts (migrations/008_payouts.sql): shared by the route
// and its SQL, which builds each payout's JSON from this schema.
import { Type } from 'typebox'
import { CalendarDate, named, PageOf, Timestamp } from '../../schema.js'
import { Currency } from '../../values.js'

export const Payout = named(
  'Payout',
  Type.Object(
    {
      id: Type.String({ description: 'Payout identifier, po_…' }),
      currency: Currency,
      amount_cents: Type.Integer({
        minimum: 0,
        description:
          'What was paid: commission_cents + adjustment_cents, the sum of the lines; positive, or 0 for an ' +
          'imported payout whose rows earned nothing',
      }),
      commission_cents: Type.Integer({ description: 'The sum of the commission lines (report rows paid)' }),
      adjustment_cents: Type.Integer({
        description: 'The sum of the adjustment lines (restatements settled); may be negative',
      }),
      line_count: Type.Integer({ minimum: 1, description: 'Number of lines' }),
      through: CalendarDate('Report rows dated up to this day were paid (imported: the date of its latest row)'),
      created_at: Timestamp('When the payout was made; for an imported payout, when it was imported'),
      source: Type.Union([Type.Literal('pay'), Type.Literal('import')], {
        description:
          'pay: made by this service (csapi commissions pay); import: paid before this service, brought in ' +
          'with the rows it covers (csapi import); it has commission lines only',
      }),
    },
    { description: 'One payment to the creator in one currency; its lines say what it covered' },
  ),
)

export const PayoutPage = PageOf('PayoutPage', 'payouts', Payout)
