// GET /api/v1/sandbox and POST /api/v1/sandbox/advance: a test token's world and its clock
// (docs/testing-your-integration.md). Live tokens get 403: a sandbox endpoint never touches live
// data, and a live integration never reaches a sandbox by mistake.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import { Type } from 'typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { requireRole } from '../plugins/auth.js'
import { ApiError, forbidden, invalidRequest } from '../errors.js'
import { AUTHENTICATED_HEADERS, ErrorResponse, listErrors, Ok } from '../schema.js'
import { BODY_LIMIT, strictValidator } from '../body.js'
import { AdvanceBody, Sandbox, SandboxAdvance } from './schema.js'
import { IDEMPOTENCY_HEADER, idempotencyKey, keyedWork } from '../idempotency.js'
import { IdempotencyKey, Replayed, REPLAYED_HEADER } from '../write-route.js'
import {
  ADVANCE_WAIT_MS,
  advanceSandbox,
  dayPlan,
  getSandbox,
  MAX_ADVANCE_DAYS,
  nextPayday,
  SandboxBusy,
  SandboxDateError,
  SandboxGone,
  WORLD_DATES,
} from '../../sandbox/sandbox.js'
import { daysBetween, REPORT_DAYS } from '../../domain/dates.js'

export const URL = '/api/v1/sandbox'
const advanced = Ok(SandboxAdvance, 'What happened, day by day')
export const ADVANCE_URL = '/api/v1/sandbox/advance'

/** 403 for a live token, checked with the role in onRequest: before the query and body are validated. */
const testTokensOnly: onRequestAsyncHookHandler = async (request) => {
  if (request.owner!.sandboxId === '')
    throw forbidden('sandbox endpoints take test tokens (csapi_test_…) of a sandbox world; this is a live token')
}

/** The world of the request's test token (testTokensOnly admitted it). */
const worldOf = (request: FastifyRequest): string => request.owner!.sandboxId

const gone = (id: string) => new ApiError('not_found', `sandbox ${id} no longer exists`)

const { 400: badRequest, ...errors } = listErrors()

/** Retry-After of sandbox_busy: an advance of the most days ends in seconds. */
const BUSY_RETRY_SECONDS = 1

export default async function sandboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const onRequest = [requireRole(['creator', 'seller']), testTokensOnly]
  app.get(
    URL,
    {
      onRequest,
      schema: {
        operationId: 'getSandbox',
        tags: ['sandbox'],
        summary: "The test token's sandbox world",
        description:
          'The sandbox world of a test token (csapi_test_…): its id, its date (the clock that advances move), its ' +
          'accounts, and what the next advance will do. Live tokens get 403 forbidden_resource.',
        // no parameters: an unknown or repeated one is 400, as on every endpoint
        querystring: Type.Object({}, { additionalProperties: false }),
        response: {
          200: Ok(Sandbox, 'The world'),
          ...errors,
          400: badRequest,
          404: ErrorResponse(['not_found'], 'The world was deleted', AUTHENTICATED_HEADERS),
        },
      },
    },
    async (request) => {
      const id = worldOf(request)
      const s = await getSandbox(app.db, id)
      if (!s) throw gone(id)
      const [brands] = await app.db.query<{ n: number }>(
        'select count(*)::int as n from brands where sandbox_id = $1',
        [id],
      )
      const [links] = await app.db.query<{ n: number }>('select count(*)::int as n from links where creator_id = $1', [
        s.creator_id,
      ])
      const left = daysBetween(s.date, WORLD_DATES.last)
      const payday = nextPayday(s.date)
      return {
        id: s.id,
        name: s.name,
        seed: s.seed,
        date: s.date,
        created_at: s.created_at,
        accounts: { creator: s.creator_id, seller: s.seller_id },
        next_advance: left > 0 ? dayPlan(s.date) : null,
        next_payday: payday <= WORLD_DATES.last ? payday : null,
        limits: { max_days_per_advance: MAX_ADVANCE_DAYS, days_left: left, brands: brands!.n, links: links!.n },
      }
    },
  )
  app.post(
    ADVANCE_URL,
    {
      onRequest,
      // as the writes': "5" is not a number of days (the query strings' coercion would read it as one)
      validatorCompiler: strictValidator,
      bodyLimit: BODY_LIMIT,
      schema: {
        operationId: 'advanceSandbox',
        tags: ['sandbox'],
        summary: "Move the sandbox world's clock",
        description:
          `Moves the test token's world 1 to ${MAX_ADVANCE_DAYS} days, one transaction per day, through the real ` +
          "ingestion and settlement: each day the previous day's Amazon reports come in, Amazon restates the " +
          'days 1, 7 and 28 before it (some up, some down, some orders returned: reversed), pending rows out ' +
          'of the restatement window are approved, restated approved or paid rows get adjustments, and on the ' +
          'first of a month the creator is paid. The changes feed, payouts, adjustments and webhooks see it as ' +
          'in production. One advance per world at a time: another without an Idempotency-Key gets 409 ' +
          "sandbox_busy at once, with Retry-After. A world's clock stops " +
          `at ${WORLD_DATES.last} (Amazon reports are ingested through ${REPORT_DAYS.last}): an advance that ` +
          'would move it further is 400 invalid_request, naming the most days this world can still move, and ' +
          "moves nothing. Counts against the token's rate limit like any request. With an Idempotency-Key, a " +
          'retry answers as the first advance did and moves nothing more (an advance that failed part-way ' +
          'records nothing: the world stays at its last whole day, GET /api/v1/sandbox says which). A keyed ' +
          'advance that finds its world advancing (its own first try, still running after a timeout or a ' +
          `reset connection) waits up to ${ADVANCE_WAIT_MS / 1000} s for that advance to end, then answers ` +
          'as the first did if it had the same key, or makes its own advance; still busy then, it is 409 ' +
          'sandbox_busy. A retry answers as soon as its first try has, whatever advance holds the world then; ' +
          'advances waiting with other keys are not taken in the order they arrived.',
        // no parameters: an unknown or repeated one is 400, as on every endpoint (days is the body's)
        querystring: Type.Object({}, { additionalProperties: false }),
        headers: Type.Object({ [IDEMPOTENCY_HEADER]: Type.Optional(IdempotencyKey) }),
        body: AdvanceBody,
        response: {
          200: { ...advanced, headers: { ...AUTHENTICATED_HEADERS, ...Replayed } },
          ...errors,
          400: badRequest,
          404: ErrorResponse(['not_found'], 'The world was deleted', AUTHENTICATED_HEADERS),
          409: ErrorResponse(
            ['sandbox_busy', 'idempotency_conflict'],
            'The world is advancing already, or the Idempotency-Key was used with another request',
            {
              ...AUTHENTICATED_HEADERS,
              'Retry-After': Type.Integer({
                minimum: 1,
                description: 'With sandbox_busy: seconds to wait before asking again',
              }),
            },
          ),
        },
      },
    },
    async (request, reply) => {
      const id = worldOf(request)
      const key = idempotencyKey(request.headers[IDEMPOTENCY_HEADER])
      const sent = { method: 'POST', path: ADVANCE_URL, body: request.body }
      const once = key === undefined ? undefined : keyedWork(request.owner!.accountId, key, sent)
      try {
        const { replayed, ...answer } = await advanceSandbox(app.db, id, request.body.days, once)
        if (replayed) reply.header(REPLAYED_HEADER, 'true')
        return answer
      } catch (err) {
        if (err instanceof SandboxBusy)
          throw new ApiError('sandbox_busy', `sandbox ${id} is advancing already: wait for that advance to answer`, {
            'retry-after': String(BUSY_RETRY_SECONDS),
          })
        if (err instanceof SandboxGone) throw gone(id)
        if (err instanceof SandboxDateError) throw invalidRequest(err.message)
        throw err
      }
    },
  )
}
