// The peer: PostGraphile v4 over the same database, tables and indexes, with its defaults for
// a read-only API. Its connections paginate with keyset cursors over orderBy + primary key.
// Usage: node --import tsx bench/servers/postgraphile.ts PORT DATABASE_URL POOL_SIZE
import { createServer } from 'node:http'
import pg from 'pg'
import { postgraphile } from 'postgraphile'

const [port, databaseUrl, poolSize] = process.argv.slice(2)
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(poolSize) })
const handler = postgraphile(pool, 'public', {
  disableDefaultMutations: true,
  disableQueryLog: true,
  graphiql: false,
  retryOnInitFail: false,
  setofFunctionsContainNulls: false,
})
const server = createServer(handler)
server.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'))
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))))
