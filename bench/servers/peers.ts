// The peers' processes: the bench's own ceiling/OFFSET server and PostGraphile, each over the
// same database with a pool the size of ours.
import { startServer, type Server } from '../process.js'

/** A scenario's page statement for the floor route of the baseline server. */
export interface Floor {
  text: string
  params: unknown[]
  prepared: boolean
  /** The array's name in the page body. */
  items: string
}

/**
 * The ceiling/OFFSET/floor server on a port chosen beforehand (the scenarios hold its URL before our
 * bodies are captured); `bodiesFile` holds those bodies by key, and the floors' statements.
 */
export function startBaseline(port: number, bodiesFile: string, databaseUrl: string, pool: number): Promise<Server> {
  return startServer({
    name: 'baseline',
    args: (p) => ['--import', 'tsx', 'bench/servers/baseline.ts', String(p), bodiesFile, databaseUrl, String(pool)],
    readyPath: '/ceiling/0',
    port,
  })
}

export function startPostgraphile(databaseUrl: string, pool: number): Promise<Server> {
  return startServer({
    name: 'postgraphile',
    args: (p) => ['--import', 'tsx', 'bench/servers/postgraphile.ts', String(p), databaseUrl, String(pool)],
    readyPath: '/graphql',
  })
}
