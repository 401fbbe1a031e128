// /api/creator/v1/webhook-endpoints: a creator's own webhook endpoints, managed through the API
// (docs/webhooks.md). Reads take any creator token; writes the scope webhooks:write. Another
// account's endpoint id answers 404 not_found on every method, exactly as an unknown id does, so
// ids cannot be probed. The writes are src/webhooks/endpoints.ts's, as the operator's commands'.
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { ApiError, invalidRequest, notFound } from '../../errors.js'
import { listRoute, byTextId } from '../../list-route.js'
import { bigintKey } from '../../cursor.js'
import { requireRole } from '../../plugins/auth.js'
import { listErrors, Ok } from '../../schema.js'
import { writeRoute, WRITE_HEADERS } from '../../write-route.js'
import { AddressRefused } from '../../../webhooks/address.js'
import {
  addEndpoint,
  NoSuchEndpoint,
  removeEndpoint,
  replayDelivery,
  rotateSecret,
  testEndpoint,
  updateEndpoint,
  WebhookError,
} from '../../../webhooks/endpoints.js'
import type { Queryable } from '../../../db/index.js'
import type { EndpointRules } from '../../../webhooks/endpoints.js'
import {
  CreateWebhookEndpoint,
  NoFields,
  RotateWebhookSecret,
  UpdateWebhookEndpoint,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointPage,
  WebhookEndpointWithSecret,
  WebhookEventQueued,
} from './schema.js'
import { endpointJson, listDeliveries, listEndpoints, ownsEndpoint } from './sql.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The rules of endpoints made or changed through the API (CSAPI_WEBHOOK_ALLOW_HOSTS, …_MAX_ENDPOINTS). */
    webhookRules: EndpointRules
  }
}

export const URL = '/api/creator/v1/webhook-endpoints'
const ONE = `${URL}/:endpoint_id`
const ROTATE = `${ONE}/rotate-secret`
const TEST = `${ONE}/test`
const DELIVERIES = `${ONE}/deliveries`
const REPLAY = `${DELIVERIES}/:event_id/replay`

export const PATHS = [
  { url: URL, methods: ['GET', 'POST'] },
  { url: ONE, methods: ['GET', 'PATCH', 'DELETE'] },
  { url: ROTATE, methods: ['POST'] },
  { url: TEST, methods: ['POST'] },
  { url: DELIVERIES, methods: ['GET'] },
  { url: REPLAY, methods: ['POST'] },
] as const

const ENDPOINT_ID = /^we_[0-9a-f]{24}$/
const EndpointParam = Type.Object({
  endpoint_id: Type.String({ maxLength: 256, description: 'An endpoint id, we_…' }),
})
const ReplayParams = Type.Object({
  endpoint_id: Type.String({ maxLength: 256, description: 'An endpoint id, we_…' }),
  event_id: Type.String({ maxLength: 256, description: 'An event id of its delivery log, evt_…' }),
})

const noEndpoint = (id: string) =>
  notFound(id === '' ? 'the path names no webhook endpoint' : `no webhook endpoint ${id.slice(0, 64)} for this account`)

/** The module's refusals in the API's words: an endpoint not the account's is 404, the rest 400. */
async function refusing<T>(id: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    if (err instanceof NoSuchEndpoint) throw noEndpoint(id)
    if (err instanceof AddressRefused) throw invalidRequest(`url: ${err.message}`)
    if (err instanceof WebhookError) throw invalidRequest(err.message)
    throw err
  }
}

/** The endpoint as JSON, parsed: written answers are stored for their Idempotency-Key as values. */
async function endpointOf(tx: Queryable, accountId: string, id: string, secret?: string): Promise<object> {
  const json = await endpointJson(tx, accountId, id)
  if (json === undefined) throw noEndpoint(id)
  const endpoint = JSON.parse(json) as Record<string, unknown>
  return secret === undefined ? endpoint : { ...endpoint, secret }
}

const listOfEndpoints = listRoute({
  url: URL,
  side: 'creator',
  operationId: 'listWebhookEndpoints',
  summary: 'List webhook endpoints',
  description: "This account's webhook endpoints, in id order; never their secrets.",
  limit: [10, 100],
  ok: Ok(WebhookEndpointPage, 'A page of webhook endpoints'),
  items: 'webhook_endpoints',
  scope: 'creator.webhook-endpoints',
  ...byTextId,
  read: (reader, { owner }, after, limit) => listEndpoints(reader, owner.accountId, after?.[0] ?? '', limit),
})

const listOfDeliveries = listRoute({
  url: DELIVERIES,
  side: 'creator',
  operationId: 'listWebhookDeliveries',
  summary: 'List the deliveries of a webhook endpoint',
  description:
    'The delivery log of one of this account’s endpoints, newest first: each event sent or to be sent, ' +
    'with every attempt (when, your status code or the error, how long). An id that is not this ' +
    "account's gives 404 not_found.",
  params: EndpointParam,
  limit: [25, 100],
  ok: Ok(WebhookDeliveryPage, 'A page of deliveries'),
  errors: { 404: ['not_found'] },
  items: 'deliveries',
  scope: 'creator.webhook-deliveries',
  filters: ({ params }) => ({ endpoint_id: params.endpoint_id }),
  key: bigintKey,
  check: async (reader, { owner, params }) => {
    const id = params.endpoint_id
    if (!ENDPOINT_ID.test(id) || !(await ownsEndpoint(reader, owner.accountId, id))) throw noEndpoint(id)
  },
  read: (reader, { params }, after, limit) => listDeliveries(reader, params.endpoint_id, after?.[0] ?? null, limit),
  last: (page) => (page.last_id === null ? null : [page.last_id]),
})

const ownId = (id: string) => {
  if (!ENDPOINT_ID.test(id)) throw noEndpoint(id)
  return id
}

export default async function webhookEndpointRoutes(app: FastifyInstance) {
  await app.register(listOfEndpoints)
  await app.register(listOfDeliveries)
  const rules = () => app.webhookRules

  app.get(
    ONE,
    {
      schema: {
        operationId: 'getWebhookEndpoint',
        tags: ['creator'],
        summary: 'Get a webhook endpoint',
        description:
          'One of this account’s endpoints with its state: enabled, or disabled (by you, or after every ' +
          "retry of an event failed) and why. An id that is not this account's gives 404 not_found.",
        params: EndpointParam,
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { 200: Ok(WebhookEndpoint, 'The endpoint'), ...listErrors({ list: false, 404: ['not_found'] }) },
      },
      onRequest: requireRole(['creator']),
    },
    async (request, reply) => {
      const { endpoint_id: id } = request.params as { endpoint_id: string }
      // the primary: an endpoint made a moment ago is found
      const json = await endpointJson(app.db, request.owner!.accountId, ownId(id))
      if (json === undefined) throw noEndpoint(id)
      return reply.type('application/json; charset=utf-8').send(json)
    },
  )

  writeRoute(app, {
    method: 'POST',
    url: URL,
    scope: 'webhooks:write',
    operationId: 'createWebhookEndpoint',
    summary: 'Create a webhook endpoint',
    description:
      'A new endpoint for this account’s events. The answer holds its signing secret, shown this once. ' +
      'The URL must be https:// on a public address (400 invalid_request names the rule broken); an ' +
      'account holds at most 10 endpoints (an operator setting).',
    body: CreateWebhookEndpoint,
    ok: { 201: Ok(WebhookEndpointWithSecret, 'The endpoint and its secret (shown once)', WRITE_HEADERS) },
    run: async (tx, { owner, body }) => {
      const { id, secret } = await refusing('', () =>
        addEndpoint(tx, owner.accountId, body.url, body.events ?? [], {
          description: body.description ?? '',
          rules: rules(),
        }),
      )
      return { status: 201, body: await endpointOf(tx, owner.accountId, id, secret) }
    },
  })

  writeRoute(app, {
    method: 'PATCH',
    url: ONE,
    scope: 'webhooks:write',
    operationId: 'updateWebhookEndpoint',
    summary: 'Change a webhook endpoint',
    description:
      'Changes its url, events, description, or enabled: false stops deliveries (events queue). true, on a ' +
      'disabled endpoint (by its account, the operator or the retry schedule), makes its pending deliveries ' +
      'due at once, each with the whole retry schedule again (an attempt in flight is not sent twice: it ' +
      'counts as the first of the new schedule); failed deliveries stay failed (replay them). true on an ' +
      'enabled endpoint changes nothing. Fields left out stay as they are.',
    params: EndpointParam,
    body: UpdateWebhookEndpoint,
    notFound: true,
    ok: { 200: Ok(WebhookEndpoint, 'The endpoint as changed', WRITE_HEADERS) },
    run: async (tx, { owner, params, body }) => {
      const id = ownId(params.endpoint_id)
      await refusing(id, () => updateEndpoint(tx, owner.accountId, id, body, rules()))
      return { status: 200, body: await endpointOf(tx, owner.accountId, id) }
    },
  })

  writeRoute(app, {
    method: 'DELETE',
    url: ONE,
    scope: 'webhooks:write',
    operationId: 'deleteWebhookEndpoint',
    summary: 'Delete a webhook endpoint',
    description: 'Removes it with its delivery log: nothing more is sent to it, pending deliveries included.',
    params: EndpointParam,
    notFound: true,
    ok: { 204: Type.Null({ description: 'Removed' }) },
    run: async (tx, { owner, params }) => {
      const id = ownId(params.endpoint_id)
      await refusing(id, () => removeEndpoint(tx, id, owner.accountId))
      return { status: 204 }
    },
  })

  writeRoute(app, {
    method: 'POST',
    url: ROTATE,
    scope: 'webhooks:write',
    operationId: 'rotateWebhookSecret',
    summary: 'Rotate the signing secret of a webhook endpoint',
    description:
      'A new secret, shown this once. The previous one keeps signing beside it for overlap_seconds ' +
      '(default 24 hours): each delivery carries both signatures until then, so a receiver can switch ' +
      'without missing one. One previous secret signs at a time: a rotation within the overlap of another ' +
      'stops the secret from before the first at once (after a leak, overlap_seconds 0 stops both).',
    params: EndpointParam,
    body: RotateWebhookSecret,
    bodyOptional: true,
    notFound: true,
    ok: { 200: Ok(WebhookEndpointWithSecret, 'The endpoint and its new secret (shown once)', WRITE_HEADERS) },
    run: async (tx, { owner, params, body }) => {
      const id = ownId(params.endpoint_id)
      const secret = await refusing(id, () => rotateSecret(tx, id, body.overlap_seconds ?? 86_400, owner.accountId))
      return { status: 200, body: await endpointOf(tx, owner.accountId, id, secret) }
    },
  })

  writeRoute(app, {
    method: 'POST',
    url: TEST,
    scope: 'webhooks:write',
    operationId: 'testWebhookEndpoint',
    summary: 'Send a test event to a webhook endpoint',
    description:
      'Queues a webhook.test event for this endpoint alone (whatever types it takes); its delivery log ' +
      'shows how it went. A disabled endpoint receives it once enabled.',
    params: EndpointParam,
    body: NoFields,
    bodyOptional: true,
    notFound: true,
    ok: { 202: Ok(WebhookEventQueued, 'The event queued', WRITE_HEADERS) },
    run: async (tx, { owner, params }) => {
      const id = ownId(params.endpoint_id)
      const eventId = await refusing(id, () =>
        testEndpoint(tx, owner.accountId, id, 'a test event sent through POST /webhook-endpoints/{id}/test'),
      )
      return { status: 202, body: { event_id: eventId, endpoint_id: id } }
    },
  })

  writeRoute(app, {
    method: 'POST',
    url: REPLAY,
    scope: 'webhooks:write',
    operationId: 'replayWebhookDelivery',
    summary: 'Send an event of the delivery log again',
    description:
      'Queues the event again for this endpoint, with the same webhook-id and body: deduplicate on ' +
      'webhook-id. The event must be in this endpoint’s delivery log; otherwise 404 not_found.',
    params: ReplayParams,
    body: NoFields,
    bodyOptional: true,
    notFound: true,
    ok: { 202: Ok(WebhookEventQueued, 'The event queued again', WRITE_HEADERS) },
    run: async (tx, { owner, params }) => {
      const id = ownId(params.endpoint_id)
      const eventId = params.event_id
      const queued = await refusing(id, () => replayDelivery(tx, owner.accountId, id, eventId))
      if (!queued)
        throw new ApiError(
          'not_found',
          `no event ${eventId.slice(0, 64)} in the delivery log of webhook endpoint ${id}`,
        )
      return { status: 202, body: { event_id: eventId, endpoint_id: id } }
    },
  })
}
