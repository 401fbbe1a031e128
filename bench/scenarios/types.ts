// A scenario: one page, requested from our service, with the exact SQL the service runs for it
// (the database ceiling) and the same page from the peers. Scenarios come in groups; each
// group lists its scenarios by name, so that --only builds just the ones it keeps.
import type { Db } from '../../src/db/index.js'
import type { BenchIds } from '../dataset.js'
import type { HttpTarget } from '../load.js'

export interface Scenario {
  name: string
  group: string
  /** Rows skipped before the page (reports at a cursor). */
  depth: number
  limit: number
  ours: HttpTarget
  /** The key of our response's list of rows. */
  list: string
  /** The page's statement, and whether the service runs it as a prepared statement. */
  sql: { text: string; params: unknown[]; prepared: boolean }
  /** Whether the database and HTTP ceilings are measured (not for the plot's extra depths). */
  ceilings: boolean
  offset?: HttpTarget
  postgraphile?: HttpTarget
  /** Rows the page holds, from the SQL itself. */
  expectRows: number
}

export interface Bases {
  ours: string
  baseline?: string
  postgraphile?: string
}

export interface Context {
  ids: BenchIds
  bases: Bases
  /** The dataset, for the SQL and the peers; null for our requests only (PGlite, the 1M twin). */
  db: Db | null
  /** Depths measured for the plot only, beyond the reports group's own. */
  extraDepths: number[]
  /** Where the scenarios skipped on this dataset are listed, with their reasons (latest.json). */
  skipped?: { name: string; reason: string }[]
}

/** One scenario by name; it is built (cursors walked, SQL recorded) only if it is kept. */
export interface Entry {
  name: string
  /** Why the scenario cannot run on this dataset: it is skipped, with this reason printed. */
  skip?: string
  build(): Promise<Scenario>
}

export interface Group {
  name: string
  entries(ctx: Context): Entry[]
}
