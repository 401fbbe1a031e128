// The database as the commands use it: configured from the command's environment, migrated,
// and closed when the work is done, however it ends.
import { loadConfig } from '../config.js'
import type { Db } from '../db/index.js'
import { openAndMigrate } from '../db/open.js'
import { aRole, type Role } from '../domain/roles.js'
import { accountRole } from '../tokens/tokens.js'
import { UsageError } from './errors.js'
import type { Io } from './io.js'

export async function withDb<T>(io: Io, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openAndMigrate(loadConfig(io.env))
  try {
    return await fn(db)
  } finally {
    await db.close()
  }
}

/**
 * The role of the account a command line names. A name that names no account, or an account of
 * another role than the command needs, is a usage mistake (exit 2), like a file that is not there.
 */
export async function namedAccount(db: Db, id: string, needs?: Role, hint = ''): Promise<Role> {
  const role = await accountRole(db, id)
  if (!role) throw new UsageError(`no account "${id}"${hint}`)
  if (needs && role !== needs) throw new UsageError(`account "${id}" is ${aRole(role)}, not ${aRole(needs)}`)
  return role
}
