// `csapi demo`: loads generated demo data, issues tokens and prints curl commands to try;
// --serve then serves that database (what `npm run demo` does).
import { Command, Option } from 'commander'
import { loadConfig } from '../../config.js'
import { openAndMigrate } from '../../db/open.js'
import type { DemoSize } from '../../demo/generate.js'
import { runDemo } from '../../demo/run.js'
import { println, type Io } from '../io.js'
import { port, portOrEnv } from '../options.js'
import { defaultDatabase, serveHere } from './serve.js'

interface DemoOptions {
  size: DemoSize
  serve?: boolean
  port?: number
  host?: string
  amazonReports?: string
}

export function demoCommand(io: Io): Command {
  return new Command('demo')
    .description('load demo data, print tokens and curl commands to try; --serve then serves it')
    .addOption(new Option('--size <size>', 'how much data').choices(['small', 'medium', 'large']).default('small'))
    .option('--serve', 'serve the API once the data is loaded')
    .option('--port <number>', 'port to serve on, and the curl commands use (default: PORT, else 3000)', port)
    .option('--host <address>', 'address to serve on (default: HOST, else 127.0.0.1)')
    .option('--amazon-reports <dir>', 'also write Amazon Attribution report files there, for csapi ingest')
    .action(async (opts: DemoOptions) => {
      const config = loadConfig(io.env)
      const p = portOrEnv(opts.port, io.env)
      const host = opts.host ?? io.env.HOST ?? '127.0.0.1'
      const baseUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${p}`
      const defaultDb = defaultDatabase(config)
      const db = await openAndMigrate(config)
      try {
        println(io.stdout, await runDemo(db, { size: opts.size, baseUrl, amazonReportsDir: opts.amazonReports }))
      } catch (err) {
        await db.close()
        throw err
      }
      if (!opts.serve) {
        await db.close()
        println(io.stdout, serveHint(config.databaseUrl, p, host))
        return
      }
      const loaded = defaultDb && { ...defaultDb, empty: false }
      await serveHere({ port: p, host, config, db, hostGiven: opts.host !== undefined, defaultDb: loaded })
    })
}

/** How to serve what was loaded: the same port and address the curl commands use. */
function serveHint(databaseUrl: string | undefined, port: number, host: string): string {
  const url = (databaseUrl ?? '').trim()
  if (/^memory:(\/\/)?$/.test(url))
    return 'The data was in memory and is gone now: run csapi demo --serve to load and serve it in one process.'
  const options = [port !== 3000 && `--port ${port}`, host !== '127.0.0.1' && `--host ${host}`].filter(Boolean)
  const same = url === '' ? '' : ' (with the same DATABASE_URL)'
  return `Start the service with: npx csapi serve${options.map((o) => ` ${o}`).join('')}${same}`
}
