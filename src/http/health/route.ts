// Health checks for load balancers and orchestrators; no token needed.
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { Ok as Documented, PLAIN_HEADERS, healthErrors, named } from '../schema.js'
import { ApiError } from '../errors.js'

const Health = named('Health', Type.Object({ status: Type.Literal('ok') }, { description: 'The check passed' }))

const Readiness = named(
  'Readiness',
  Type.Object(
    {
      status: Type.Literal('ok'),
      databases: Type.Array(
        Type.Object({
          name: Type.String({ description: 'primary, or replica N in the order of DATABASE_REPLICA_URLS' }),
          role: Type.Union([Type.Literal('primary'), Type.Literal('replica')]),
          up: Type.Boolean({ description: 'It answered the check' }),
          lag_ms: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
            description: 'Replicas: replay lag in ms (0 when caught up); null for the primary',
          }),
          serving: Type.Boolean({
            description: 'Reads go to it: a replica up and within CSAPI_REPLICA_MAX_LAG_MS, or the primary when up',
          }),
        }),
      ),
    },
    { description: "Reads can be served: the primary or a replica answers; each database's state" },
  ),
)

export const URLS = ['/healthz', '/readyz'] as const

export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'getLiveness',
        tags: ['operations'],
        summary: 'The process is alive',
        description:
          'Liveness: 200 while the process runs, whatever the database and the load. The query string is ignored.',
        security: [],
        response: { 200: Documented(Health, 'The process is alive', PLAIN_HEADERS) },
      },
    },
    async () => ({ status: 'ok' as const }),
  )
  app.get(
    '/readyz',
    {
      schema: {
        operationId: 'getReadiness',
        tags: ['operations'],
        summary: 'The database answers',
        description:
          'Readiness: 200 while a database answers reads (the primary, or a streaming replica when ' +
          'the primary is down) and the instance is not shutting down; 503 otherwise, so that a ' +
          'load balancer stops routing to it. Lists each database with its state and replica lag. ' +
          'The query string is ignored.',
        security: [],
        response: { 200: Documented(Readiness, 'The instance is ready to serve', PLAIN_HEADERS), ...healthErrors() },
      },
    },
    async () => {
      await withTimeout(app.reads.check(), 2000).catch(() => {})
      const databases = app.reads.nodes.map((n) => ({
        name: n.name,
        role: n.role,
        up: n.up,
        lag_ms: n.lagMs,
        serving: n.role === 'primary' ? n.up : n.serving,
      }))
      if (!databases.some((d) => d.serving)) {
        throw new ApiError('service_unavailable', 'no database answers', { 'retry-after': '1' })
      }
      return { status: 'ok' as const, databases }
    },
  )
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms)
    }),
  ])
}
