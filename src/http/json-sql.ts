// A page's rows as JSON text built by PostgreSQL, derived from the route's response schema: the
// schema names the fields and their order, the caller maps each field to a SQL expression, and
// TypeScript checks that the two cover each other. The server copies the text into the response
// without decoding and serializing each row again.
//
// What a schema may hold: scalars (string, integer, number, boolean, string enums), nullable
// scalars, arrays of scalars (a SQL array expression), arrays of objects (the mapping says from
// which rows and in which order), nested objects, nullable nested objects (the mapping says when
// the object is present) and optional fields (omitted when the SQL value is NULL, as the API
// omits absent optional fields).
import type { Static, TSchema } from 'typebox'
import type { Queryable } from '../db/index.js'
import { SNAPSHOT_LSN } from '../db/replicas.js'

/** Marks, in a column map, when a nullable object is present; absent, the field is JSON null. */
export const PRESENT = '$present'
/** Mark, in an array of objects' column map, the rows of its items (`from … where …`) and their order. */
export const ITEMS_FROM = '$from'
export const ITEMS_ORDER = '$orderBy'
const MARKS = new Set([PRESENT, ITEMS_FROM, ITEMS_ORDER])

type ObjectColumns<T> = {
  [K in keyof T]-?: NonNullable<T[K]> extends readonly (infer Item)[]
    ? Item extends Record<string, unknown>
      ? ObjectColumns<Item> & { [ITEMS_FROM]: string; [ITEMS_ORDER]: string }
      : string
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

function objectSql(schema: JsonSchema, columns: Record<string, unknown>, path: string, table?: string): string {
  const props = schema.properties ?? {}
  const names = Object.keys(props)
  const extra = Object.keys(columns).filter((k) => !(k in props) && !MARKS.has(k))
  if (extra.length > 0) throw new Error(`${path}: columns for fields the schema does not have: ${extra.join(', ')}`)
  const parts = names.map((name, i) => {
    if (!FIELD_NAME.test(name)) throw new Error(`${path}.${name}: field name not supported in SQL JSON`)
    // the table's same-named column stands in for a scalar or array, never for an object
    const column =
      columns[name] ?? (table === undefined || typesOf(props[name]!).object ? undefined : `${table}.${name}`)
    if (column === undefined) throw new Error(`${path}.${name}: no SQL expression for this field`)
    const member = `'${i === 0 ? '{' : ','}"${name}":' || ${valueSql(props[name]!, column, `${path}.${name}`)}`
    if (schema.required?.includes(name)) return member
    // The first field opens the object, so it cannot be left out.
    if (i === 0) throw new Error(`${path}.${name}: the first field must be required`)
    if (typesOf(props[name]!).nullable) throw new Error(`${path}.${name}: an optional field cannot also be nullable`)
    // NULL leaves the member out: `||` with a NULL is NULL, and coalesce makes it ''.
    return `coalesce(${member}, '')`
  })
  return `(${parts.join(' || ')} || '}')`
}

function valueSql(schema: JsonSchema, column: unknown, path: string): string {
  const { types, nullable, object } = typesOf(schema)
  let sql: string
  if (object && types.length === 1 && typeof column === 'object' && column !== null) {
    const columns = column as Record<string, unknown>
    if (!nullable) return objectSql(object, columns, path)
    const present = columns[PRESENT]
    if (typeof present !== 'string')
      throw new Error(`${path}: a nullable object needs ${PRESENT}: the SQL condition for its presence`)
    return `case when ${present} then ${objectSql(object, columns, path)} else 'null' end`
  } else if (
    types.length === 1 &&
    types[0] === 'array' &&
    schema.items?.type === 'object' &&
    typeof column === 'object' &&
    column !== null
  ) {
    const columns = column as Record<string, unknown>
    const from = columns[ITEMS_FROM]
    const order = columns[ITEMS_ORDER]
    if (typeof from !== 'string' || typeof order !== 'string')
      throw new Error(`${path}: an array of objects needs ${ITEMS_FROM} and ${ITEMS_ORDER}: its rows and their order`)
    // An item whose JSON is NULL (a required value missing) makes the array NULL, as a field's
    // does the object's: string_agg alone would leave the item out.
    sql = `(select case when bool_and(item is not null) is false then null
                   else '[' || coalesce(string_agg(item, ',' order by o), '') || ']' end
              from (select ${objectSql(schema.items, columns, `${path}[]`)} as item,
                           row_number() over (order by ${order}) as o
                      ${from}) items)`
  } else if (
    types.length === 1 &&
    types[0] === 'array' &&
    schema.items &&
    SCALARS.has(String(schema.items.type)) &&
    typeof column === 'string'
  ) {
    // to_json of a SQL array: a JSON array of its elements, '[]' for an empty one. Of a json
    // column (a brand's marketplaces, migration 012): the value as stored.
    sql = `to_json(${column})::text`
  } else if (types.length === 1 && (types[0] === 'integer' || types[0] === 'boolean') && typeof column === 'string') {
    // An integer's or a boolean's text is already its JSON (-5, true), and the cast is cheaper
    // than to_json. Integer fields are integer columns: no numeric, whose NaN to_json would quote.
    sql = `(${column})::text`
  } else if (types.length > 0 && types.every((t) => SCALARS.has(t)) && typeof column === 'string') {
    // to_json: strings escaped as JSON, dates in ISO form whatever the DateStyle, numbers bare.
    sql = `to_json(${column})::text`
  } else {
    throw new Error(`${path}: schema type ${JSON.stringify(schema.type ?? schema.anyOf)} not supported in SQL JSON`)
  }
  // `||` with a NULL gives NULL: a null where the schema forbids it makes the whole row NULL,
  // which the caller refuses instead of sending a body that breaks its own contract.
  return nullable ? `coalesce(${sql}, 'null')` : sql
}

/**
 * A SQL expression whose value is the JSON text of one object of `schema`, with the schema's
 * fields in its order; NULL when a required, non-nullable value is NULL. With `table`, a
 * top-level field that `columns` leaves out is that table's column of the same name
 * (`table.field`): only the fields the API names differently from the database are mapped.
 */
export function jsonObjectSql<S extends TSchema>(schema: S, columns: Columns<Static<S>>): string
export function jsonObjectSql<S extends TSchema>(
  schema: S,
  table: string,
  columns?: Partial<Columns<Static<S>>>,
): string
export function jsonObjectSql(schema: TSchema, a: string | object, b?: object): string {
  const [table, columns] = typeof a === 'string' ? [a, b ?? {}] : [undefined, a]
  return objectSql(schema as JsonSchema, columns as Record<string, unknown>, '$', table)
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

/** A page's statement (pageSql), built once per shape. */
export interface PageStatement {
  readonly sql: string
}

/**
 * A page of objects whose JSON is `json` (jsonObjectSql): `inner` is the page's select given the
 * JSON expression, `limit` its placeholder; the rest as in pageSql.
 */
export function pageOf(
  json: string,
  inner: (object: string) => string,
  keyColumns: string[],
  limit: string,
  extra: string[] = [],
  { lastOfPage = false } = {},
): PageStatement {
  return { sql: pageSql(inner(`${json} as json`), keyColumns, limit, extra, lastOfPage) }
}

/** Reads a page: one row, prepared unless `prepare` is false. */
export async function readPage<P>(
  db: Queryable,
  page: PageStatement,
  params: readonly unknown[],
  { prepare = true } = {},
): Promise<P> {
  const [one] = await db.query<P>(page.sql, params, { prepare })
  return one!
}
