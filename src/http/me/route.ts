// GET /api/v1/me: what a token can learn about itself, for any valid token (docs/api.md).
import type { FastifyInstance } from 'fastify'
import { Type, type Static } from 'typebox'
import { ROLES } from '../../domain/roles.js'
import { requireRole } from '../plugins/auth.js'
import { invalidToken } from '../errors.js'
import { listErrors, Ok, timestampSql } from '../schema.js'
import { Me } from './schema.js'

export const URL = '/api/v1/me'

// By the token's primary key; the primary, not a replica: a token issued a moment ago is found.
const ME = `select a.id as account_id, a.role, a.name as account_name, a.sandbox_id <> '' as sandbox,
       t.id, t.name, t.prefix, ${timestampSql('t.created_at')} as created_at,
       ${timestampSql('t.expires_at')} as expires_at, t.scopes
  from api_tokens t join accounts a on a.id = t.account_id
 where t.id = $1`

interface Row {
  account_id: string
  role: Static<typeof Me>['account']['role']
  account_name: string
  sandbox: boolean
  id: string
  name: string
  prefix: string
  created_at: string
  expires_at: string | null
  scopes: Static<typeof Me>['token']['scopes']
}

export default async function meRoute(app: FastifyInstance) {
  app.get(
    URL,
    {
      schema: {
        operationId: 'getMe',
        tags: ['account'],
        summary: 'Who am I',
        description:
          'The account this token acts for, the token (its id, name, prefix, dates and scopes; never ' +
          'the token itself) and its rate limit. Any valid token, of any role.',
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { 200: Ok(Me, 'The token and its account'), ...listErrors({ list: false }) },
      },
      onRequest: requireRole(ROLES),
    },
    async (request): Promise<Static<typeof Me>> => {
      const [r] = await app.db.query<Row>(ME, [request.owner!.tokenId])
      if (!r) throw invalidToken('invalid API token: it is unknown, expired or revoked')
      return {
        account: { id: r.account_id, role: r.role, name: r.account_name, sandbox: r.sandbox },
        token: {
          id: r.id,
          name: r.name,
          prefix: r.prefix,
          created_at: r.created_at,
          expires_at: r.expires_at,
          scopes: r.scopes,
        },
        rate_limit: app.auth.limiter?.tokenPolicy ?? null,
      }
    },
  )
}
