// The bench's own server (never part of the product), with three kinds of route:
// - GET /ceiling/:key returns a response body captured from our service, already serialized:
//   the HTTP layer's ceiling for that scenario (Fastify, no database, no validation).
// - GET /floor/:key runs the scenario's own page statement through pg (prepared as ours does)
//   and sends its rows in the page envelope: what Fastify and pg alone reach, with none of our
//   authentication, validation, cursor signing, metrics or logging (no next_cursor either).
// - GET /offset/reports is the naive reports page a user might write instead: the same rows
//   and join, paginated with LIMIT/OFFSET and serialized with JSON.stringify.
// Usage: node --import tsx bench/servers/baseline.ts PORT BODIES_JSON DATABASE_URL POOL_SIZE
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'
import pg from 'pg'
import type { Floor } from './start.js'

const [port, bodiesFile, databaseUrl, poolSize] = process.argv.slice(2)
const captured = JSON.parse(readFileSync(bodiesFile!, 'utf8')) as {
  bodies: Record<string, string>
  floors: Record<string, Floor>
}
const bodies = new Map(Object.entries(captured.bodies))
const floors = new Map(Object.entries(captured.floors))
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(poolSize) })
pg.types.setTypeParser(20, Number)
pg.types.setTypeParser(1082, (s: string) => s)

const app = Fastify({ logger: false })

app.get<{ Params: { key: string } }>('/ceiling/:key', async (request, reply) => {
  const body = bodies.get(request.params.key)
  if (body === undefined) return reply.code(404).send({ error: { code: 'not_found', message: 'no such body' } })
  return reply.type('application/json; charset=utf-8').send(body)
})

app.get<{ Params: { key: string } }>('/floor/:key', async (request, reply) => {
  const floor = floors.get(request.params.key)
  if (floor === undefined) return reply.code(404).send({ error: { code: 'not_found', message: 'no such floor' } })
  const { text, params: values } = floor
  const { rows } = await pool.query<{ rows: string }>(
    floor.prepared ? { name: `floor-${request.params.key}`, text, values } : { text, values },
  )
  const body = `{"${floor.items}":[${rows[0]!.rows}],"next_cursor":null}`
  return reply.type('application/json; charset=utf-8').send(body)
})

const FILTERS = ['brand_id', 'product_id', 'asin', 'link_id', 'marketplace'] as const

app.get<{ Querystring: Record<string, string> }>('/offset/reports', async (request) => {
  const q = request.query
  const params: unknown[] = [q.creator, q.start, q.end]
  const where = ['r.creator_id = $1', 'r.date >= $2::date', 'r.date <= $3::date']
  for (const f of FILTERS) {
    if (q[f] === undefined) continue
    params.push(q[f])
    where.push(`r.${f} = $${params.length}`)
  }
  const limit = Number(q.limit ?? 100)
  const offset = Number(q.offset ?? 0)
  params.push(limit, offset)
  const { rows } = await pool.query(
    `select r.id, r.date, r.brand_id, r.product_id, r.asin, r.marketplace, r.currency,
            r.sales_cents, r.commission_cents, r.commission_status, r.orders, r.units_sold,
            r.clicks, r.detail_page_views, r.add_to_carts,
            l.id as link_id, l.tracking_id, l.short_url, l.destination_url
       from report_rows r join links l on l.id = r.link_id
      where ${where.join(' and ')}
      order by r.date, r.id
      limit $${params.length - 1} offset $${params.length}`,
    params,
  )
  const reports = rows.map(({ id: _id, link_id, tracking_id, short_url, destination_url, ...r }) => ({
    ...r,
    link: { id: link_id, tracking_id, short_url, destination_url },
  }))
  return { reports, next_offset: rows.length === limit ? offset + limit : null }
})

await app.listen({ port: Number(port), host: '127.0.0.1' })
process.stdout.write('ready\n')
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
)
