// The sandbox's own resources: a world (GET /api/v1/sandbox) and what an advance did
// (POST /api/v1/sandbox/advance). docs/testing-your-integration.md says how to use them.
import { Type } from 'typebox'
import { CalendarDate as Day, named, Timestamp, RULE } from '../schema.js'
import { WORLD_DATES } from '../../sandbox/sandbox.js'

const Count = (description: string) => Type.Integer({ minimum: 0, description })

const DayPlan = Type.Object(
  {
    date: Day("The world's date after that day"),
    report_date: Day('The day whose Amazon reports come in'),
    restates: Type.Array(Day('A day Amazon restates (1, 7 and 28 days before the reported day)')),
    approves_through: Day('Pending rows dated up to this day are approved (out of the restatement window)'),
    pays: Type.Boolean({ description: 'The creator is paid (the first day of a month)' }),
  },
  { description: 'What one day of an advance does' },
)

export const Sandbox = named(
  'Sandbox',
  Type.Object({
    id: Type.String({ description: "The world's id, sbx_…" }),
    name: Type.String({ description: 'The name the operator gave it (may be empty)' }),
    seed: Type.Integer({ description: 'The seed of its data: the same seed and advances give the same numbers' }),
    date: Day("The world's today: its reports are in through the day before"),
    created_at: Timestamp('When the world was made'),
    accounts: Type.Object({
      creator: Type.String({ description: "The world's creator account" }),
      seller: Type.String({ description: "The world's seller account" }),
    }),
    next_advance: Type.Union([DayPlan, Type.Null()], {
      description: `What the next day of an advance does; null at ${WORLD_DATES.last}, where the clock stops`,
    }),
    next_payday: Type.Union([Day('The first day of the next month'), Type.Null()], {
      description: `When the creator is paid next; null when that day is past ${WORLD_DATES.last}`,
    }),
    limits: Type.Object({
      max_days_per_advance: Type.Integer({ description: 'The most days one advance moves (31)' }),
      days_left: Count(`The days this world can still move: to ${WORLD_DATES.last}, where its clock stops`),
      brands: Count('Brands in the world'),
      links: Count("Links of the world's creator"),
    }),
  }),
)

const DayAdvanced = Type.Object(
  {
    date: Day("The world's date after this day"),
    report_date: Day('The day reported'),
    rows: Type.Object({
      new: Count('Report rows the day brought'),
      restated: Count('Rows Amazon restated (pending rows updated, approved or paid ones adjusted)'),
      reversed: Count('Rows reversed: their orders all returned'),
      approved: Count('Rows approved'),
      paid: Count('Rows paid'),
    }),
    adjustments: Count('Adjustments recorded (restatements of approved or paid rows)'),
    payouts: Type.Array(
      Type.Object({
        id: Type.String({ description: 'po_…' }),
        currency: Type.String(),
        amount_cents: Type.Integer(),
        line_count: Type.Integer({ minimum: 1 }),
      }),
      { description: 'Payouts made (on the first day of a month)' },
    ),
  },
  { description: 'What happened on one day' },
)

export const SandboxAdvance = named(
  'SandboxAdvance',
  Type.Object({
    id: Type.String({ description: "The world's id" }),
    from: Day("The world's date before the advance"),
    date: Day("The world's date now"),
    days: Type.Array(DayAdvanced, { description: 'Each day, in order' }),
  }),
)

export const AdvanceBody = Type.Object(
  {
    days: Type.Integer({
      minimum: 1,
      maximum: 31,
      description: `Days to move the clock, 1 to 31, and not past ${WORLD_DATES.last}, where a world's clock stops`,
      [RULE]: 'must be a whole number from 1 to 31',
    }),
  },
  { additionalProperties: false },
)
