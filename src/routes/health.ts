// Health checks for load balancers and orchestrators; no token needed.
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorResponse } from '../schemas/common.js'
import { ApiError } from '../errors.js'

const Ok = Type.Object({ status: Type.Literal('ok') })

export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/healthz',
    { schema: { tags: ['operations'], summary: 'The process is alive', security: [], response: { 200: Ok } } },
    async () => ({ status: 'ok' as const }),
  )
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'The database answers',
        security: [],
        response: { 200: Ok, 503: ErrorResponse(['service_unavailable'], 'The database does not answer') },
      },
    },
    async () => {
      try {
        await withTimeout(app.db.query('select 1'), 2000)
      } catch {
        throw new ApiError('service_unavailable', 'the database does not answer', { 'retry-after': '1' })
      }
      return { status: 'ok' as const }
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
