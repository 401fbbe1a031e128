// SQL of the API's reads of webhook endpoints. The endpoint's and the delivery's JSON come from
// their schemas (json-sql.ts); an attempt's state is src/webhooks/endpoints.ts's, as the
// operator's `csapi webhooks deliveries` shows it. Writes are src/webhooks/endpoints.ts's.
import type { Queryable } from '../../../db/index.js'
import { ATTEMPT_STATE } from '../../../webhooks/endpoints.js'
import { ITEMS_FROM, ITEMS_ORDER, jsonObjectSql, pageOf, readPage } from '../../json-sql.js'
import type { JsonPage, SqlPage } from '../../page.js'
import { timestampSql } from '../../schema.js'
import { WebhookDelivery, WebhookEndpoint } from './schema.js'

export const ENDPOINT_JSON = jsonObjectSql(WebhookEndpoint, 'e', {
  enabled: '(e.disabled_at is null)',
  // NULL, so left out, while it is enabled
  disabled: { at: timestampSql('e.disabled_at'), reason: 'e.disabled_reason', by: 'e.disabled_by' },
  previous_secret_expires_at: `case when e.previous_secret_until > now()
                                    then ${timestampSql('e.previous_secret_until')} end`,
  created_at: timestampSql('e.created_at'),
})

// In id order after the previous page's last: a range scan of webhook_endpoints_account_id_idx.
const ENDPOINTS_PAGE = pageOf(
  ENDPOINT_JSON,
  (endpoint) => `select e.id, ${endpoint}, row_number() over (order by e.id) as n
     from webhook_endpoints e
    where e.account_id = $1 and e.id > $2
    order by e.id
    limit $3 + 1`,
  ['id'],
  '$3',
)

export async function listEndpoints(
  db: Queryable,
  accountId: string,
  afterId: string,
  limit: number,
): Promise<JsonPage> {
  return readPage(db, ENDPOINTS_PAGE, [accountId, afterId, limit])
}

/** One of the account's endpoints as JSON text; undefined when it is not there or not the account's. */
export async function endpointJson(db: Queryable, accountId: string, id: string): Promise<string | undefined> {
  const [row] = await db.query<{ json: string }>(
    `select ${ENDPOINT_JSON} as json from webhook_endpoints e where e.id = $1 and e.account_id = $2`,
    [id, accountId],
  )
  return row?.json
}

/** Whether the endpoint is the account's. */
export async function ownsEndpoint(db: Queryable, accountId: string, id: string): Promise<boolean> {
  const rows = await db.query('select 1 from webhook_endpoints where id = $1 and account_id = $2', [id, accountId])
  return rows.length > 0
}

// Newest first: a backward range scan of webhook_deliveries_endpoint_idx (endpoint_id, id).
const DELIVERIES_PAGE = pageOf(
  jsonObjectSql(WebhookDelivery, 'd', {
    event_id: 'ev.id',
    event_type: 'ev.type',
    created_at: timestampSql('d.created_at'),
    // oldest first: webhook_attempts' key (delivery_id, attempt)
    attempts: {
      [ITEMS_FROM]: 'from webhook_attempts a where a.delivery_id = d.id',
      [ITEMS_ORDER]: 'a.attempt',
      attempt: 'a.attempt',
      state: ATTEMPT_STATE,
      started_at: timestampSql('a.started_at'),
      duration_ms: 'a.duration_ms',
      http_status: 'a.http_status',
      error: 'a.error',
    },
  }),
  (delivery) => `select d.id, ${delivery}, row_number() over (order by d.id desc) as n
     from webhook_deliveries d join webhook_events ev on ev.seq = d.event_seq
    where d.endpoint_id = $1 and d.id < $2::bigint
    order by d.id desc
    limit $3 + 1`,
  ['id'],
  '$3',
)

export interface DeliveriesPage extends SqlPage {
  last_id: number | null
}

/** `before`: the previous page's last delivery id (none: the newest first). */
export async function listDeliveries(
  db: Queryable,
  endpointId: string,
  before: number | null,
  limit: number,
): Promise<DeliveriesPage> {
  return readPage(db, DELIVERIES_PAGE, [endpointId, before ?? Number.MAX_SAFE_INTEGER, limit])
}
