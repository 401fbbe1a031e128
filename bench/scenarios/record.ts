// The database ceiling runs the exact statement of a page, recorded from the data module.
import type { Db, Queryable } from '../../src/db/index.js'
import type { Scenario } from './types.js'

export const NO_SQL: Scenario['sql'] = { text: '', params: [], prepared: false }

/** Runs a data-module function against a recorder and returns the statement it would send. */
export async function record(fn: (q: Queryable) => Promise<unknown>): Promise<Scenario['sql']> {
  let captured: Scenario['sql'] | undefined
  const recorder: Queryable = {
    async query(sql, params, opts) {
      captured ??= { text: sql, params: [...(params ?? [])], prepared: opts?.prepare === true }
      return []
    },
    async exec() {},
  }
  // the module may fail on the recorder's empty result: only the statement is wanted
  await fn(recorder).catch((err: Error) => {
    if (!captured) throw err
  })
  if (!captured) throw new Error('the data module sent no statement')
  return captured
}

/** Rows of a page whose statement returns `found` (brands, products), up to the limit. */
export async function foundRows(db: Db, sql: Scenario['sql'], limit: number): Promise<number> {
  return Math.min(limit, (await db.query<{ found: number }>(sql.text, sql.params))[0]!.found)
}
