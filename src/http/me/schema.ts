// The answer of GET /api/v1/me: who the token acts for, the token itself (never its secret or
// hash), and its rate limit. Each part is an object of its own, so that a field can join one
// (an account's sandbox flag, say) without changing the others.
import { Type } from 'typebox'
import { ROLES } from '../../domain/roles.js'
import { SCOPES } from '../../domain/scopes.js'
import { named, Timestamp } from '../schema.js'

export const MeAccount = named(
  'MeAccount',
  Type.Object(
    {
      id: Type.String({ description: 'The account the token acts for' }),
      role: Type.Union(
        ROLES.map((r) => Type.Literal(r)),
        { description: 'What the token may read: creator, seller or operator endpoints' },
      ),
      name: Type.String({ description: "The account's name" }),
      sandbox: Type.Boolean({
        description:
          'Whether it is a sandbox account (csapi sandbox create): its test tokens (csapi_test_…) see ' +
          'its sandbox world alone (GET /api/v1/sandbox)',
      }),
    },
    { description: 'The account the token belongs to' },
  ),
)

export const Scope = named(
  'Scope',
  Type.Union(
    SCOPES.map((s) => Type.Literal(s)),
    {
      description:
        'What a token may do: read (every token; every GET) or webhooks:write (create, change and ' +
        'remove the account’s webhook endpoints)',
    },
  ),
)

export const MeToken = named(
  'MeToken',
  Type.Object(
    {
      id: Type.String({ description: 'The token’s id, tok_…, as csapi tokens list shows it' }),
      name: Type.String({ description: 'The label given when it was issued; may be empty' }),
      prefix: Type.String({ description: 'The token’s first characters, to recognise it by' }),
      created_at: Timestamp('When it was issued'),
      expires_at: Type.Union([Timestamp('When it stops working'), Type.Null()], {
        description: 'When it stops working; null: it does not expire',
      }),
      scopes: Type.Array(Scope, { description: 'What it may do; always holds read' }),
    },
    { description: 'The token of this request: never its secret or its hash' },
  ),
)

export const MeRateLimit = named(
  'MeRateLimit',
  Type.Object(
    {
      limit: Type.Integer({ minimum: 1, description: 'Requests the token may make per window' }),
      window_seconds: Type.Integer({ minimum: 1, description: 'The window, in seconds' }),
    },
    { description: 'The token’s rate limit; RateLimit headers say what is left of it' },
  ),
)

export const Me = named(
  'Me',
  Type.Object(
    {
      account: MeAccount,
      token: MeToken,
      rate_limit: Type.Union([MeRateLimit, Type.Null()], {
        description: 'The token’s rate limit; null when this instance applies none',
      }),
    },
    { description: 'Who the token acts for, and what it may do' },
  ),
)
