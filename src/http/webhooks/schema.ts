// The events webhooks deliver (docs/webhooks.md), one named schema each: they are the `webhooks`
// section of the OpenAPI document, and test/api/webhooks.test.ts checks every delivered body
// against them.
import { Type, type TSchema } from 'typebox'
import { CalendarDate, named, Timestamp } from '../schema.js'
import { Adjustment } from '../creator/adjustments/schema.js'
import { Payout } from '../creator/payouts/schema.js'

const envelope = <T extends string, D extends TSchema>(name: string, type: T, data: D, description: string) =>
  named(
    name,
    Type.Object(
      {
        id: Type.String({
          pattern: '^evt_[0-9a-f]{32}$',
          description: 'The event id, also sent as webhook-id: the same on every retry and replay (deduplicate on it)',
        }),
        type: Type.Literal(type),
        created_at: Timestamp('When the write that caused the event committed'),
        data,
      },
      { additionalProperties: false, description },
    ),
  )

export const ReportsChangedEvent = envelope(
  'ReportsChangedEvent',
  'reports.changed',
  Type.Object(
    {
      rows_changed: Type.Integer({ minimum: 1, description: 'Report rows of this creator the write changed' }),
      first_date: CalendarDate('The earliest date among them'),
      last_date: CalendarDate('The latest date among them'),
      cursor: Type.String({
        description:
          'A cursor of GET /api/creator/v1/reports/changes from just before the write: following ' +
          'the feed from it returns these rows (and any later change)',
      }),
    },
    { additionalProperties: false },
  ),
  'Some of the creator’s report rows changed (an import, an ingestion of Amazon reports, an ' +
    'approval or a payout): one event per creator per write',
)

export const PayoutCreatedEvent = envelope(
  'PayoutCreatedEvent',
  'payout.created',
  Payout,
  'A payout was made; data is the payout as GET /api/creator/v1/payouts returns it',
)

export const AdjustmentCreatedEvent = envelope(
  'AdjustmentCreatedEvent',
  'adjustment.created',
  Adjustment,
  'Amazon restated an approved or paid row; data is the adjustment as GET ' +
    '/api/creator/v1/adjustments returns it when the event was first sent',
)

export const WebhookTestEvent = envelope(
  'WebhookTestEvent',
  'webhook.test',
  Type.Object({ endpoint_id: Type.String(), message: Type.String() }, { additionalProperties: false }),
  'Sent by `csapi webhooks test`: checks the endpoint and its signature verification',
)

export const EVENT_SCHEMAS = {
  'reports.changed': ReportsChangedEvent,
  'payout.created': PayoutCreatedEvent,
  'adjustment.created': AdjustmentCreatedEvent,
  'webhook.test': WebhookTestEvent,
} as const

const HEADERS = {
  'webhook-id': 'The event id (evt_…)',
  'webhook-timestamp': 'Seconds since the epoch when this attempt was signed; refuse one more than 5 minutes off',
  'webhook-signature':
    'Space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one per secret of the ' +
    'endpoint (two while a rotated secret overlaps)',
}

/** The `webhooks` section of the OpenAPI 3.1 document. */
export const openApiWebhooks = () =>
  Object.fromEntries(
    Object.entries(EVENT_SCHEMAS).map(([type, schema]) => [
      type,
      {
        post: {
          operationId: `${type.replace(/\.(\w)/, (_: string, c: string) => c.toUpperCase())}Event`,
          summary: (schema as { description?: string }).description,
          description:
            'Signed per Standard Webhooks (docs/webhooks.md). Answer 2xx within 10 s; anything else ' +
            'is retried with backoff for about 3 days, then the endpoint is disabled.',
          parameters: Object.entries(HEADERS).map(([name, description]) => ({
            name,
            in: 'header',
            required: true,
            description,
            schema: { type: 'string' },
          })),
          requestBody: { required: true, content: { 'application/json': { schema } } },
          responses: { '2XX': { description: 'Received; any other answer is retried' } },
        },
      },
    ]),
  )
