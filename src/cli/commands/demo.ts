// `csapi demo`: loads generated demo data, issues tokens and prints curl commands to try;
// --serve then serves that database (what `npm run demo` does).
import { Command, Option } from 'commander'
import { loadConfig } from '../../config.js'
import { openAndMigrate } from '../../db/open.js'
import type { DemoSize } from '../../demo/generate.js'
import { runDemo } from '../../demo/run.js'
import { println, type Io } from '../io.js'
import { port, portOrEnv } from '../options.js'
import { serveHere } from './serve.js'

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
      const db = await openAndMigrate(config)
      try {
        println(io.stdout, await runDemo(db, { size: opts.size, baseUrl, amazonReportsDir: opts.amazonReports }))
      } catch (err) {
        await db.close()
        throw err
      }
      if (!opts.serve) {
        await db.close()
        println(io.stdout, 'Start the service with: npx csapi serve')
        return
      }
      await serveHere({ port: p, host, config, db }, io)
    })
}
