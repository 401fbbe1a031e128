// The OpenAPI 3.1 document, generated from the route schemas, and the interactive reference
// at /docs with its assets served from this process (no CDN).
import type { FastifyInstance } from 'fastify'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import fp from 'fastify-plugin'
import { COMPONENT, namedSchemas } from '../schema.js'
import { openApiWebhooks } from '../webhooks/schema.js'
import { OPTIONAL_BODIES } from '../write-route.js'

export const API_VERSION = '1.0.0'
export const TITLE = 'Creator and Seller Public API'
/** The document and the reference page: known paths, so another method on them is a 405 (errors.ts). */
export const DOC_PATHS = [
  { url: '/openapi.json', methods: ['GET'] },
  { url: '/docs', methods: ['GET'] },
] as const

// Shown in the Authorize dialog of /docs: which token each endpoint takes, and where it comes from.
const TOKEN_HELP =
  'An API token, sent as `Authorization: Bearer <token>`. Tokens look like `csapi_` followed by 43 ' +
  "characters and are issued by the platform's operator (`csapi tokens create --account ID`); each " +
  "acts for one account with that account's role:\n\n" +
  '- **creator token**: every endpoint under `/api/creator/v1/` (brands, reports with their summary, ' +
  'freshness and changes, payouts, adjustments, links, products, webhook endpoints)\n' +
  '- **seller or operator token**: every endpoint under `/api/seller/v1/` (brands, products, reports and ' +
  'their summary), for the brands granted to the account only\n' +
  '- **any token**: `/api/v1/me`, what the token is and may do\n' +
  '- **test token** (`csapi_test_…`, a sandbox account, creator or seller): the same endpoints on its sandbox ' +
  'world alone, and `/api/v1/sandbox`\n\n' +
  'Every token has the scope `read`; the writes of `/api/creator/v1/webhook-endpoints` need a token ' +
  'issued with `--scope webhooks:write`, else 403 `insufficient_scope`. ' +
  'The health checks need no token. A token of the wrong role gets 403 `forbidden_resource`; a missing, ' +
  'unknown, expired or revoked one 401 `invalid_api_token`.'

const FONT = 'font-family="Helvetica,Arial,sans-serif"'
const MARK =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">' +
  '<rect width="40" height="40" rx="8" fill="#ff9900"/>' +
  '<path d="M9 25c7 5 15 5 22 0" stroke="#111" stroke-width="3" fill="none" stroke-linecap="round"/>' +
  `<text x="20" y="21" ${FONT} font-size="13" font-weight="700" text-anchor="middle" fill="#111">cs</text>` +
  '</svg>'
const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="420" height="40" viewBox="0 0 420 40">' +
  `<g transform="translate(0,0)">${MARK.replace(/^<svg[^>]*>|<\/svg>$/g, '')}</g>` +
  `<text x="52" y="27" ${FONT} font-size="20" font-weight="700" fill="#ffffff">csapi</text>` +
  `<text x="112" y="27" ${FONT} font-size="17" fill="#e8e8e8">${TITLE}</text>` +
  '</svg>'

const DESCRIPTION =
  'Public API of the creator and seller affiliate platform around Amazon.\n\n' +
  '**Authentication**: every endpoint needs `Authorization: Bearer <API token>`. The endpoints under ' +
  '`/api/creator/v1/` take creator tokens; those under `/api/seller/v1/` take seller and operator tokens. ' +
  'Missing, unknown, expired ' +
  'or revoked tokens get 401 `invalid_api_token` with `WWW-Authenticate: Bearer`; a token of the wrong ' +
  'role, or a brand not granted, gets 403 `forbidden_resource`.\n\n' +
  "**Pagination**: send `limit` for the page size and the previous page's `next_cursor` as `cursor`. " +
  '`next_cursor` is null exactly when nothing follows. Cursors are opaque, signed, at most 512 characters, ' +
  'and bound to the endpoint, the token owner and every filter (not to `limit`, which may change between ' +
  'pages). Pages are keyset-based: a walk sees every row that existed when it started exactly once, ' +
  'even while new rows arrive.\n\n' +
  '**Writes** (webhook endpoints): JSON bodies checked by their schema (an unknown field, a wrong type, ' +
  'a body over 64 KB: 400 `invalid_request`), an optional `Idempotency-Key` (the same key and body within ' +
  '24 hours answer as the first request did; another body: 409 `idempotency_conflict`). Another ' +
  "account's object answers 404 `not_found`, exactly as an unknown id.\n\n" +
  '**Order**: brands and products by `id` ascending (byte order); report rows by `date` ascending, ' +
  'then by a unique row key.\n\n' +
  '**Errors**: every error body is `{ "error": { "code", "message" } }`. 400 `invalid_pagination` for ' +
  'a bad `limit` or `cursor`; 400 `invalid_request` for any other bad parameter (missing, malformed, ' +
  'repeated, longer than 256 characters, unknown, or end before start). Unknown paths get 404 `not_found`, ' +
  'a method a path does not list 405 `method_not_allowed` with `Allow` naming the methods it takes (GET ' +
  'with HEAD), unexpected failures 500 `internal_error`, and an unreachable ' +
  'database or an overloaded instance 503 `service_unavailable` with `Retry-After`. A request that does ' +
  'not arrive whole in time (30 s by default) gets 408, and one whose headers exceed 16 KB (by default) ' +
  '431, both `invalid_request` with the connection closed.\n\n' +
  '**Rate limits**: each token has a token bucket (by default 600 requests a minute, of which a whole ' +
  "minute's worth may come at once). Every authenticated response carries the IETF `RateLimit-Policy` " +
  'and `RateLimit` header fields (e.g. `RateLimit: "default";r=42;t=6`: 42 requests left, full again ' +
  'in 6 s); over the limit the answer is 429 `rate_limited` with `Retry-After`. Repeated 401s from ' +
  'one address are limited too.\n\n' +
  '**Request ids**: every response carries `X-Request-Id`; send your own (1–128 characters of A-Z a-z ' +
  '0-9 . _ : -) to correlate logs.'

export default fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: TITLE, version: API_VERSION, description: DESCRIPTION },
        tags: [
          { name: 'account', description: 'What any token can learn about itself' },
          { name: 'creator', description: 'Endpoints for creator tokens' },
          { name: 'seller', description: 'Endpoints for seller and operator tokens' },
          { name: 'operations', description: 'Health checks for load balancers; no token needed' },
          {
            name: 'sandbox',
            description:
              'Test tokens (csapi_test_…) only: the sandbox world and its clock (docs/testing-your-integration.md)',
          },
        ],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', description: TOKEN_HELP },
          },
        },
        security: [{ bearerAuth: [] }],
        webhooks: openApiWebhooks(),
      } as never,
      transformObject: (documents) =>
        withComponents((documents as { openapiObject: OpenApiDocument }).openapiObject) as never,
    })
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true, persistAuthorization: true },
      staticCSP: true,
      // Our product's page: its title, its name in the top bar, no URL box (the page documents this
      // service, not any URL one types in), our mark as the icon.
      theme: {
        title: `${TITLE} — API reference`,
        css: [
          {
            filename: 'csapi.css',
            content:
              '.swagger-ui .topbar .download-url-wrapper { display: none }\n' +
              '.swagger-ui .topbar a img { height: 40px }\n',
          },
        ],
        favicon: [{ filename: 'favicon.svg', rel: 'icon', type: 'image/svg+xml', sizes: 'any', content: MARK }],
      },
      logo: { type: 'image/svg+xml', content: LOGO, href: '/docs' },
    })
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  },
  { name: 'csapi-openapi' },
)

interface OpenApiDocument {
  paths?: Record<string, unknown>
  webhooks?: Record<string, unknown>
  components?: { schemas?: Record<string, unknown>; [key: string]: unknown }
  [key: string]: unknown
}

/**
 * Lists every named schema (src/http/schema.ts `named`) under components/schemas and puts a
 * $ref wherever it is used, so that a generated client gets `Brand`, `ReportRow`, `Error`… as
 * types of their own. The definitions are the schemas themselves, as validation and
 * serialization use them; only the document refers instead of repeating.
 */
function withComponents(doc: OpenApiDocument): OpenApiDocument {
  const schemas: Record<string, unknown> = {}
  const refer = (node: unknown, root = false): unknown => {
    if (Array.isArray(node)) return node.map((n) => refer(n))
    if (!node || typeof node !== 'object') return node
    const name = (node as Record<string, unknown>)[COMPONENT]
    if (typeof name === 'string' && !root) return { $ref: `#/components/schemas/${name}` }
    return Object.fromEntries(
      Object.entries(node as Record<string, unknown>)
        .filter(([k]) => k !== COMPONENT)
        .map(([k, v]) => [k, refer(v)]),
    )
  }
  for (const [name, schema] of [...namedSchemas()].sort(([a], [b]) => a.localeCompare(b))) {
    schemas[name] = refer(JSON.parse(JSON.stringify(schema)), true)
  }
  // @fastify/swagger marks every requestBody required; some writes take none
  for (const path of Object.values(doc.paths ?? {}) as Record<string, Record<string, unknown>>[])
    for (const op of Object.values(path))
      if (OPTIONAL_BODIES.has(op.operationId as string)) (op.requestBody as { required: boolean }).required = false
  return {
    ...doc,
    paths: refer(doc.paths) as Record<string, unknown>,
    webhooks: refer(doc.webhooks) as Record<string, unknown>,
    components: { ...doc.components, schemas },
  }
}
