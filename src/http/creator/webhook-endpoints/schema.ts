// The webhook endpoints of /api/creator/v1/webhook-endpoints (docs/webhooks.md): the endpoint as
// the API shows it (never its secret, except once when made or rotated), the bodies of the
// writes, and the delivery log. Shared by the routes, their SQL and the OpenAPI document.
import { Type } from 'typebox'
import { EVENT_TYPES } from '../../../events/record.js'
import { MAX_DESCRIPTION } from '../../../webhooks/endpoints.js'
import { named, PageOf, RULE, Timestamp } from '../../schema.js'

/** The types an endpoint may subscribe to: webhook.test goes to the endpoint tested, whatever it takes. */
export const SUBSCRIBABLE = EVENT_TYPES.filter((t) => t !== 'webhook.test')

export const WebhookEventType = named(
  'WebhookEventType',
  Type.Unsafe<(typeof SUBSCRIBABLE)[number]>({
    type: 'string',
    enum: [...SUBSCRIBABLE],
    description: 'An event type an endpoint can take',
    [RULE]: `must be one of ${SUBSCRIBABLE.join(', ')}`,
  }),
)

const Id = Type.String({ pattern: '^we_[0-9a-f]{24}$', description: 'The endpoint id, we_…' })
// Stored and shown as sent (the API, the operator's CLI): no control character, C1 included, may
// reach a terminal; a URL's spaces are sent percent-encoded.
const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  pattern: '^[^\\u0000-\\u0020\\u007f-\\u009f]*$',
  [RULE]: 'must be a URL of at most 2048 characters, without spaces or control characters (percent-encode them)',
  description:
    'Where events are POSTed: https:// on a public address (private, loopback, link-local and ' +
    'metadata addresses are refused, here and at every delivery, after DNS resolution)',
})
const Events = Type.Array(WebhookEventType, {
  maxItems: SUBSCRIBABLE.length,
  uniqueItems: true,
  description: 'The event types sent to it; empty: every type',
})
const Description = Type.String({
  maxLength: MAX_DESCRIPTION,
  pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f]*$',
  description: 'Your own label for it; at most 500 characters on one line',
  [RULE]: `must be one line of at most ${MAX_DESCRIPTION} characters`,
})

const endpointFields = {
  id: Id,
  url: Type.String({ description: 'Where events are POSTed' }),
  events: Type.Array(WebhookEventType, { description: 'The event types sent to it; empty: every type' }),
  description: Type.String({ description: 'Your own label for it (may be empty)' }),
  enabled: Type.Boolean({
    description: 'Whether deliveries go out. While disabled, its events queue and go out once it is enabled again',
  }),
  disabled: Type.Optional(
    Type.Object(
      {
        at: Timestamp('When it was disabled'),
        reason: Type.String({ description: 'Why: the last failure after the retry schedule, or disabled by you' }),
        by: Type.Union([Type.Literal('retries'), Type.Literal('account')], {
          description: 'retries: every retry of an event failed; account: disabled through the API or by the operator',
        }),
      },
      { description: 'Present while it is disabled' },
    ),
  ),
  previous_secret_expires_at: Type.Optional(
    Timestamp('Present during a rotation: until then the previous secret also signs every delivery'),
  ),
  created_at: Timestamp('When it was made'),
}

export const WebhookEndpoint = named(
  'WebhookEndpoint',
  Type.Object(endpointFields, {
    description: 'A URL that receives the account’s events, signed per Standard Webhooks',
  }),
)

export const WebhookEndpointWithSecret = named(
  'WebhookEndpointWithSecret',
  Type.Object(
    {
      ...endpointFields,
      secret: Type.String({
        pattern: '^whsec_',
        description: 'The signing secret (whsec_…): shown this once. Verify each delivery with it',
      }),
    },
    { description: 'The endpoint and its new signing secret, shown this once' },
  ),
)

export const WebhookEndpointPage = PageOf('WebhookEndpointPage', 'webhook_endpoints', WebhookEndpoint)

export const CreateWebhookEndpoint = named(
  'CreateWebhookEndpoint',
  Type.Object(
    { url: Url, events: Type.Optional(Events), description: Type.Optional(Description) },
    { additionalProperties: false, description: 'A new endpoint' },
  ),
)

export const UpdateWebhookEndpoint = named(
  'UpdateWebhookEndpoint',
  Type.Object(
    {
      url: Type.Optional(Url),
      events: Type.Optional(Events),
      description: Type.Optional(Description),
      enabled: Type.Optional(
        Type.Boolean({
          description:
            'false: stop deliveries (events queue); true, if disabled: what queued is due at once, each ' +
            'delivery with the whole retry schedule again',
        }),
      ),
    },
    { additionalProperties: false, minProperties: 1, description: 'What to change; the rest stays' },
  ),
)

export const MAX_OVERLAP_SECONDS = 7 * 86_400

export const RotateWebhookSecret = named(
  'RotateWebhookSecret',
  Type.Object(
    {
      overlap_seconds: Type.Optional(
        Type.Integer({
          minimum: 0,
          maximum: MAX_OVERLAP_SECONDS,
          default: 86_400,
          description: 'How long the previous secret keeps signing beside the new one: 0 to 604800; default 86400',
          [RULE]: `must be a whole number of seconds from 0 to ${MAX_OVERLAP_SECONDS}`,
        }),
      ),
    },
    { additionalProperties: false, description: 'A rotation; the body may be left out' },
  ),
)

/** The body of test and replay: none, or an empty object. */
export const NoFields = Type.Object({}, { additionalProperties: false, description: 'No fields' })

export const WebhookEventQueued = named(
  'WebhookEventQueued',
  Type.Object(
    {
      event_id: Type.String({ pattern: '^evt_[0-9a-f]{32}$', description: 'The event queued, also its webhook-id' }),
      endpoint_id: Id,
    },
    { description: 'An event queued for the endpoint; its delivery log shows how it went' },
  ),
)

const AttemptLog = Type.Object(
  {
    attempt: Type.Integer({ minimum: 1, description: '1 for the first attempt of this delivery' }),
    state: Type.Union(
      [Type.Literal('sending'), Type.Literal('succeeded'), Type.Literal('failed'), Type.Literal('interrupted')],
      {
        description:
          'sending: no outcome yet; succeeded: a 2xx answer; failed: another answer, a timeout or a refused ' +
          'address; interrupted: the sender stopped mid-attempt, so no outcome will come (it is retried)',
      },
    ),
    started_at: Timestamp('When the attempt began'),
    duration_ms: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'How long it took; null until it has an outcome',
    }),
    http_status: Type.Union([Type.Integer(), Type.Null()], { description: 'Your answer’s status; null without one' }),
    error: Type.Union([Type.String(), Type.Null()], { description: 'Why it failed; null when it did not' }),
  },
  { description: 'One attempt of a delivery' },
)

export const WebhookDelivery = named(
  'WebhookDelivery',
  Type.Object(
    {
      id: Type.Integer({ description: 'The delivery’s number; a replay is a new delivery of the same event' }),
      event_id: Type.String({ description: 'The event, also its webhook-id' }),
      event_type: Type.String({ description: 'The event’s type' }),
      status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')], {
        description: 'pending: due or being retried; delivered; failed: every retry failed (replay sends it again)',
      }),
      created_at: Timestamp('When it was queued'),
      attempts: Type.Array(AttemptLog, { description: 'Every attempt, oldest first' }),
    },
    { description: 'One event sent (or to be sent) to the endpoint, with every attempt' },
  ),
)

export const WebhookDeliveryPage = PageOf('WebhookDeliveryPage', 'deliveries', WebhookDelivery)
