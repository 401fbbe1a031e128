// The OpenAPI 3.1 document, generated from the route schemas, and the interactive reference
// at /docs with its assets served from this process (no CDN).
import type { FastifyInstance } from 'fastify'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'

export const API_VERSION = '1.0.0'

const DESCRIPTION = `Public API of the creator and seller affiliate platform around Amazon.

**Authentication**: every endpoint needs \`Authorization: Bearer <API token>\`. Creator endpoints take creator tokens; the products endpoint takes seller and operator tokens. Missing, unknown, expired or revoked tokens get 401 \`invalid_api_token\` with \`WWW-Authenticate: Bearer\`; a token of the wrong role, or a brand not granted, gets 403 \`forbidden_resource\`.

**Pagination**: send \`limit\` for the page size and the previous page's \`next_cursor\` as \`cursor\`. \`next_cursor\` is null exactly when nothing follows. Cursors are opaque, signed, at most 512 characters, and bound to the endpoint, the token owner and every filter (not to \`limit\`, which may change between pages). Pages are keyset-based: a walk sees every row that existed when it started exactly once, even while new rows arrive.

**Order**: brands and products by \`id\` ascending (byte order); report rows by \`date\` ascending, then by a unique row key.

**Errors**: every error body is \`{ "error": { "code", "message" } }\`. 400 \`invalid_pagination\` for a bad \`limit\` or \`cursor\`; 400 \`invalid_request\` for any other bad parameter (missing, malformed, repeated, longer than 256 characters, unknown, or end before start). Unknown paths get 404 \`not_found\`, other methods 405 \`method_not_allowed\`, unexpected failures 500 \`internal_error\`, and an unreachable database or an overloaded instance 503 \`service_unavailable\` with \`Retry-After\`.

**Rate limits**: each token has a token bucket (by default 600 requests a minute, of which a whole minute's worth may come at once). Every authenticated response carries the IETF \`RateLimit-Policy\` and \`RateLimit\` header fields (e.g. \`RateLimit: "default";r=42;t=6\`: 42 requests left, full again in 6 s); over the limit the answer is 429 \`rate_limited\` with \`Retry-After\`. Repeated 401s from one address are limited too.

**Request ids**: every response carries \`X-Request-Id\`; send your own (1–128 characters of A-Z a-z 0-9 . _ : -) to correlate logs.`

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Creator and Seller Public API', version: API_VERSION, description: DESCRIPTION },
      tags: [
        { name: 'creator', description: 'Endpoints for creator tokens' },
        { name: 'seller', description: 'Endpoints for seller and operator tokens' },
        { name: 'operations', description: 'Health checks for load balancers; no token needed' },
      ],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'API token issued with `csapi tokens create`' },
        },
      },
      security: [{ bearerAuth: [] }],
    },
  })
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, persistAuthorization: true },
    staticCSP: true,
  })
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
}
