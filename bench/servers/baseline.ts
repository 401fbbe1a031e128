// The bench's own server (never part of the product):
// - GET /ceiling/:i returns the body of scenario i, captured from our service: the HTTP layer's
//   ceiling for that page (Fastify, no database, no validation).
// - GET /floor/:i runs the page's own statement through pg (prepared as ours does) and sends its
//   rows in the page's envelope: Fastify and pg alone, with none of our authentication,
//   validation, cursor signing, metrics or logging.
// - GET /offset/reports is the reports page one might write instead: the same rows and join,
//   paginated with LIMIT/OFFSET and serialized with JSON.stringify.
// Usage: node --import tsx bench/servers/baseline.ts PORT BODIES_JSON DATABASE_URL POOL_SIZE
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'
import pg from 'pg'

type Floor = { text: string; params: unknown[]; prepared: boolean; items: string } | null
const [port, bodiesFile, databaseUrl, poolSize] = process.argv.slice(2)
const { bodies, floors } = JSON.parse(readFileSync(bodiesFile!, 'utf8')) as { bodies: string[]; floors: Floor[] }
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(poolSize) })
pg.types.setTypeParser(20, Number)
pg.types.setTypeParser(1082, (s: string) => s)

const app = Fastify({ logger: false })
const notFound = { error: { code: 'not_found', message: 'no such page' } }
const json = 'application/json; charset=utf-8'

app.get<{ Params: { i: string } }>('/ceiling/:i', async (request, reply) => {
  const body = bodies[Number(request.params.i)]
  return body === undefined ? reply.code(404).send(notFound) : reply.type(json).send(body)
})

app.get<{ Params: { i: string } }>('/floor/:i', async (request, reply) => {
  const floor = floors[Number(request.params.i)]
  if (!floor) return reply.code(404).send(notFound)
  const { text, params: values } = floor
  const { rows } = await pool.query<{ rows: string }>(
    floor.prepared ? { name: `floor-${request.params.i}`, text, values } : { text, values },
  )
  return reply.type(json).send(`{"${floor.items}":[${rows[0]!.rows}],"next_cursor":null}`)
})

const FILTERS = ['brand_id', 'product_id', 'asin', 'link_id', 'marketplace']

app.get<{ Querystring: Record<string, string> }>('/offset/reports', async (request) => {
  const q = request.query
  const params: unknown[] = [q.creator, q.start, q.end]
  const where = ['r.creator_id = $1', 'r.date >= $2::date', 'r.date <= $3::date']
  for (const f of FILTERS.filter((f) => q[f] !== undefined)) where.push(`r.${f} = $${params.push(q[f])}`)
  const [limit, offset] = [Number(q.limit ?? 100), Number(q.offset ?? 0)]
  const { rows } = await pool.query(
    `select r.date, r.brand_id, r.product_id, r.asin, r.marketplace, r.currency,
            r.sales_cents, r.commission_cents, r.commission_status, r.orders, r.units_sold,
            r.clicks, r.detail_page_views, r.add_to_carts,
            l.id as link_id, l.tracking_id, l.short_url, l.destination_url
       from report_rows r join links l on l.id = r.link_id
      where ${where.join(' and ')}
      order by r.date, r.id
      limit $${params.push(limit)} offset $${params.push(offset)}`,
    params,
  )
  const reports = rows.map(({ link_id, tracking_id, short_url, destination_url, ...r }) => ({
    ...r,
    link: { id: link_id, tracking_id, short_url, destination_url },
  }))
  return { reports, next_offset: rows.length === limit ? offset + limit : null }
})

await app.listen({ port: Number(port), host: '127.0.0.1' })
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
)
