// `csapi migrate`: applies pending migrations (serve does too) and says what it did.
import { Command } from 'commander'
import { loadConfig } from '../../config.js'
import { openDb } from '../../db/index.js'
import { migrate } from '../../db/migrate.js'
import { println, type Io } from '../io.js'

export function migrateCommand(io: Io): Command {
  return new Command('migrate')
    .summary('apply pending database migrations')
    .description(
      'apply pending database migrations: forward-only, numbered, each in a transaction; ' +
        'running it twice changes nothing',
    )
    .action(async () => {
      const db = await openDb(loadConfig(io.env).databaseUrl)
      try {
        const applied = await migrate(db)
        const names = applied.map((m) => `${m.version}_${m.name}`).join(', ')
        println(io.stdout, applied.length ? `applied ${names} to ${db.description}` : `${db.description} is up to date`)
      } finally {
        await db.close()
      }
    })
}
