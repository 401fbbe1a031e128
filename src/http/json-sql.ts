// A page's rows as JSON text built by PostgreSQL, derived from the route's response schema: the
// schema names the fields and their order, the caller maps each field to a SQL expression, and
// TypeScript checks that the two cover each other. Measured (docs/performance.md): decoding the
// columns of a page in the pg driver and serializing them again cost the server ~1 ms of CPU per
// 100-row page; taking the JSON as PostgreSQL wrote it costs about half of that in all.
//
// On PGlite the same walk gives the values as columns and a plan by which the server writes the
// same bytes (src/http/json-write.ts): there the statement runs in WASM on the database's own
// thread, and building the JSON took most of a page's time on it.
//
// What a schema may hold: scalars (string, integer, number, boolean, string enums), nullable
// scalars, arrays of scalars (a SQL array expression), nested objects, nullable nested objects
// (the mapping says when the object is present) and optional fields (omitted when the SQL value
// is NULL, as the API omits absent optional fields).
import type { Static, TSchema } from 'typebox'
import type { Queryable } from '../db/index.js'
import { SNAPSHOT_LSN } from '../db/replicas.js'
import { writePage } from './json-write.js'

/** Marks, in a column map, when a nullable object is present; absent, the field is JSON null. */
export const PRESENT = '$present'

type ObjectColumns<T> = {
  [K in keyof T]-?: NonNullable<T[K]> extends readonly unknown[]
    ? string
    : NonNullable<T[K]> extends Record<string, unknown>
      ? null extends T[K]
        ? ObjectColumns<NonNullable<T[K]>> & { [PRESENT]: string }
        : ObjectColumns<NonNullable<T[K]>>
      : string
}

/** A SQL expression for every field of T; nested objects map field by field. */
export type Columns<T> = ObjectColumns<T>

interface JsonSchema {
  type?: string | string[]
  anyOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
}

const SCALARS = new Set(['string', 'integer', 'number', 'boolean'])
const FIELD_NAME = /^[a-z_][a-z0-9_]*$/

/** The schema's types without null, whether null is allowed, and its object member if any. */
function typesOf(s: JsonSchema): { types: string[]; nullable: boolean; object?: JsonSchema } {
  if (s.anyOf) {
    const parts = s.anyOf.map(typesOf)
    return {
      types: parts.flatMap((p) => p.types),
      nullable: parts.some((p) => p.nullable) || s.anyOf.some((a) => a.type === 'null'),
      object: s.anyOf.find((a) => a.type === 'object'),
    }
  }
  const all = [s.type ?? []].flat()
  return {
    types: all.filter((t) => t !== 'null'),
    nullable: all.includes('null'),
    object: s.type === 'object' ? s : undefined,
  }
}

/**
 * How the server writes a value from a reply's columns (PGlite, `writePage`): the same walk of
 * the schema that writes the SQL, so the two write the same bytes (test/json-write.test.ts).
 * `leaf` is a column of the row's select list; `raw`: its text is the JSON already (a cast or
 * to_json in SQL), else the value is written as to_json writes it.
 */
export type Plan =
  | { kind: 'object'; members: Member[]; present: number | null }
  | { kind: 'leaf'; leaf: number; raw: boolean; nullable: boolean }

interface Member {
  /** `{"name":` for the first field, `,"name":` for the others. */
  prefix: Uint8Array
  plan: Plan
  optional: boolean
}

interface Written {
  sql: string
  plan: Plan
}

const encoder = new TextEncoder()

function objectSql(
  schema: JsonSchema,
  columns: Record<string, unknown>,
  path: string,
  leaves: string[],
  table?: string,
): Written & { plan: { kind: 'object' } } {
  const props = schema.properties ?? {}
  const names = Object.keys(props)
  const extra = Object.keys(columns).filter((k) => !(k in props) && k !== PRESENT)
  if (extra.length > 0) throw new Error(`${path}: columns for fields the schema does not have: ${extra.join(', ')}`)
  const members: Member[] = []
  const parts = names.map((name, i) => {
    if (!FIELD_NAME.test(name)) throw new Error(`${path}.${name}: field name not supported in SQL JSON`)
    // the table's same-named column stands in for a scalar or array, never for an object
    const column =
      columns[name] ?? (table === undefined || typesOf(props[name]!).object ? undefined : `${table}.${name}`)
    if (column === undefined) throw new Error(`${path}.${name}: no SQL expression for this field`)
    const value = valueSql(props[name]!, column, `${path}.${name}`, leaves)
    const prefix = `${i === 0 ? '{' : ','}"${name}":`
    const member = `'${prefix}' || ${value.sql}`
    const required = schema.required?.includes(name) ?? false
    members.push({ prefix: encoder.encode(prefix), plan: value.plan, optional: !required })
    if (required) return member
    // The first field opens the object, so it cannot be left out.
    if (i === 0) throw new Error(`${path}.${name}: the first field must be required`)
    if (typesOf(props[name]!).nullable) throw new Error(`${path}.${name}: an optional field cannot also be nullable`)
    // NULL leaves the member out: `||` with a NULL is NULL, and coalesce makes it ''.
    return `coalesce(${member}, '')`
  })
  return { sql: `(${parts.join(' || ')} || '}')`, plan: { kind: 'object' as const, members, present: null } }
}

function valueSql(schema: JsonSchema, column: unknown, path: string, leaves: string[]): Written {
  const { types, nullable, object } = typesOf(schema)
  // the SQL of the value, and the column the server reads it from instead (PGlite)
  let sql: string
  let leaf: string
  let raw = true
  if (object && types.length === 1 && typeof column === 'object' && column !== null) {
    if (!nullable) return objectSql(object, column as Record<string, unknown>, path, leaves)
    const present = (column as Record<string, unknown>)[PRESENT]
    if (typeof present !== 'string')
      throw new Error(`${path}: a nullable object needs ${PRESENT}: the SQL condition for its presence`)
    const at = leaves.push(`(${present})`) - 1
    const inner = objectSql(object, column as Record<string, unknown>, path, leaves)
    return {
      sql: `case when ${present} then ${inner.sql} else 'null' end`,
      plan: { ...inner.plan, present: at },
    }
  } else if (
    types.length === 1 &&
    types[0] === 'array' &&
    schema.items &&
    SCALARS.has(String(schema.items.type)) &&
    typeof column === 'string'
  ) {
    // to_json of a SQL array: a JSON array of its elements, '[]' for an empty one. Of a json
    // column (a brand's marketplaces, migration 012): the value as stored.
    sql = leaf = `to_json(${column})::text`
  } else if (types.length === 1 && (types[0] === 'integer' || types[0] === 'boolean') && typeof column === 'string') {
    // An integer's or a boolean's text is already its JSON (-5, true): the cast calls the type's
    // output function alone, where to_json looks the type up and builds a string around it for
    // every value (the products page's statement: ~10% faster on PostgreSQL, docs/performance.md).
    // Integer fields are integer columns: no numeric, whose NaN to_json would quote.
    sql = leaf = `(${column})::text`
  } else if (types.length > 0 && types.every((t) => SCALARS.has(t)) && typeof column === 'string') {
    // to_json: strings escaped as JSON, dates in ISO form whatever the DateStyle, numbers bare.
    // The server writes the column's own value as to_json would (json-write.ts writeLeaf).
    sql = `to_json(${column})::text`
    leaf = `(${column})`
    raw = false
  } else {
    throw new Error(`${path}: schema type ${JSON.stringify(schema.type ?? schema.anyOf)} not supported in SQL JSON`)
  }
  const at = leaves.push(leaf) - 1
  // `||` with a NULL gives NULL: a null where the schema forbids it makes the whole row NULL,
  // which the caller refuses instead of sending a body that breaks its own contract.
  return { sql: nullable ? `coalesce(${sql}, 'null')` : sql, plan: { kind: 'leaf', leaf: at, raw, nullable } }
}

/** One object of a schema: its JSON as a SQL expression, and as columns the server writes. */
export interface RowJson {
  /** A SQL expression whose value is the object's JSON text; NULL when a required value is. */
  readonly sql: string
  /** A select list of the values the JSON is made of, `_j0`, `_j1`, …, in the plan's terms. */
  readonly select: string
  readonly plan: Plan
  readonly leaves: number
}

/**
 * An object of `schema` as JSON: `sql` has PostgreSQL write it, `select` and the plan let the
 * server write the same bytes from the values (writePage). With `table`, a top-level field that
 * `columns` leaves out is that table's column of the same name (`table.field`): only the fields
 * the API names differently from the database are mapped.
 */
export function rowJson<S extends TSchema>(schema: S, columns: Columns<Static<S>>): RowJson
export function rowJson<S extends TSchema>(schema: S, table: string, columns?: Partial<Columns<Static<S>>>): RowJson
export function rowJson(schema: TSchema, a: string | object, b?: object): RowJson {
  const [table, columns] = typeof a === 'string' ? [a, b ?? {}] : [undefined, a]
  const leaves: string[] = []
  const { sql, plan } = objectSql(schema as JsonSchema, columns as Record<string, unknown>, '$', leaves, table)
  return { sql, plan, leaves: leaves.length, select: leaves.map((e, i) => `${e} as _j${i}`).join(',\n            ') }
}

/**
 * A SQL expression whose value is the JSON text of one object of `schema`, with the schema's
 * fields in its order. NULL when a required, non-nullable value is NULL. `table` as in rowJson.
 */
export function jsonObjectSql<S extends TSchema>(schema: S, columns: Columns<Static<S>>): string
export function jsonObjectSql<S extends TSchema>(
  schema: S,
  table: string,
  columns?: Partial<Columns<Static<S>>>,
): string
export function jsonObjectSql(schema: TSchema, a: string | object, b?: object): string {
  return rowJson(schema, a as string, b as object).sql
}

/**
 * The one-row summary of a page: `inner` selects `json`, the sort key columns and
 * `n` (row_number() in the page's order), at most `limit` + 1 rows (the extra one tells whether
 * more follow). Gives how many were found, the first `limit` rows' JSON joined by commas, how
 * many had a NULL JSON (a required value missing: refused by the caller), and the key of the
 * `limit`-th row (`last_<column>`), or with `lastOfPage` the page's largest key even on a short
 * page (a key that grows with `n`, such as the changes feed's change_seq). `limit` is a SQL
 * expression (a placeholder); `extra` adds columns computed once, in the same snapshot.
 */
export function pageSql(
  inner: string,
  keyColumns: string[],
  limit: string,
  extra: string[] = [],
  lastOfPage = false,
): string {
  const last = lastOfPage ? `n <= ${limit}` : `n = ${limit}`
  return `with found as (${inner})
     select count(*)::int as found,
            coalesce(string_agg(json, ',' order by n) filter (where n <= ${limit}), '') as rows,
            count(*) filter (where json is null)::int as broken,
            -- the WAL position this snapshot had: the next page's floor (src/db/replicas.ts)
            ${SNAPSHOT_LSN} as lsn,${extra.map((e) => `\n            ${e},`).join('')}
            ${keyColumns.map((c) => `max(${c}) filter (where ${last}) as last_${c}`).join(',\n            ')}
       from found`
}

/**
 * A page's statement in two forms: `sql` (pageSql: one row, its JSON written by PostgreSQL) and
 * `columns`: the page's rows with the values of each object as columns (`row.select`), after one
 * row of the page's own columns (`lsn`, `extra`), for the server to write the same page from
 * (writePage). `inner` is the page's select given what it selects for each object.
 */
export interface PageStatement {
  readonly sql: string
  readonly columns: string
  readonly row: RowJson
  readonly keyColumns: readonly string[]
  /** The parameter that holds the page's size. */
  readonly limitParam: number
  /** The names of the `extra` columns. */
  readonly extras: readonly string[]
  /** `last_<column>` is the page's largest key, not the `limit`-th row's (pageSql). */
  readonly lastOfPage: boolean
}

const EXTRA_NAME = /\bas\s+([a-z_][a-z0-9_]*)\s*$/i

export function pageOf(
  row: RowJson,
  inner: (object: string) => string,
  keyColumns: string[],
  limit: string,
  extra: string[] = [],
  { lastOfPage = false } = {},
): PageStatement {
  const param = /^\$(\d+)(::int)?$/.exec(limit)
  if (!param) throw new Error(`a page's limit must be a placeholder ($3 or $3::int), not ${limit}`)
  const extras = extra.map((e) => {
    const name = EXTRA_NAME.exec(e)?.[1]
    if (name === undefined) throw new Error(`an extra column needs a name (… as name): ${e}`)
    return name
  })
  return {
    sql: pageSql(inner(`${row.sql} as json`), keyColumns, limit, extra, lastOfPage),
    // One row of the page's own columns, joined to the found rows (none: the one row alone).
    columns: `with found as (${inner(row.select)})
     select page.*, found.*
       from (select ${SNAPSHOT_LSN} as lsn${extra.map((e) => `, ${e}`).join('')}) page
       left join found on true
      order by found.n`,
    row,
    keyColumns,
    limitParam: Number(param[1]) - 1,
    extras,
    lastOfPage,
  }
}

/**
 * Reads a page, prepared unless `prepare` is false. On PGlite the page's reply comes as
 * bytes and the server writes the page's JSON from its columns: the same bytes as PostgreSQL
 * writes, for a third less of the statement's time on the database's thread, which bounds the
 * embedded database's throughput (docs/performance.md). Elsewhere PostgreSQL writes it: the
 * event loop is the busier there.
 */
export async function readPage<P>(
  db: Queryable,
  page: PageStatement,
  params: readonly unknown[],
  { prepare = true } = {},
): Promise<P> {
  if (db.queryReply) return writePage(page, await db.queryReply(page.columns, params, { prepare }), params) as P
  const [one] = await db.query<P>(page.sql, params, { prepare })
  return one!
}
