// A page's rows as JSON text built by PostgreSQL, derived from the route's response schema: the
// schema names the fields and their order, the caller maps each field to a SQL expression, and
// TypeScript checks that the two cover each other. Measured (docs/performance.md): decoding 19
// columns per row in the pg driver and serializing them again cost the server ~1 ms of CPU per
// 100-row page; taking the JSON as PostgreSQL wrote it costs about half of that in all.
import type { Static, TSchema } from 'typebox'

/** A SQL expression for every field of T; nested objects map field by field. */
export type Columns<T> = {
  [K in keyof T]-?: NonNullable<T[K]> extends readonly unknown[]
    ? never
    : NonNullable<T[K]> extends Record<string, unknown>
      ? Columns<NonNullable<T[K]>>
      : string
}

interface JsonSchema {
  type?: string | string[]
  anyOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
}

const SCALARS = new Set(['string', 'integer', 'number', 'boolean'])
const FIELD_NAME = /^[a-z_][a-z0-9_]*$/

/** The schema's types without null, and whether null is allowed. */
function typesOf(s: JsonSchema): { types: string[]; nullable: boolean } {
  const all = s.anyOf ? s.anyOf.flatMap((a) => typesOf(a).types.concat(a.type === 'null' ? ['null'] : [])) : [s.type ?? []].flat()
  return { types: all.filter((t) => t !== 'null'), nullable: all.includes('null') }
}

function objectSql(schema: JsonSchema, columns: Record<string, unknown>, path: string): string {
  const props = schema.properties ?? {}
  const names = Object.keys(props)
  const extra = Object.keys(columns).filter((k) => !(k in props))
  if (extra.length > 0) throw new Error(`${path}: columns for fields the schema does not have: ${extra.join(', ')}`)
  const parts = names.map((name, i) => {
    if (!FIELD_NAME.test(name)) throw new Error(`${path}.${name}: field name not supported in SQL JSON`)
    if (!schema.required?.includes(name)) throw new Error(`${path}.${name}: optional fields are not supported in SQL JSON`)
    const column = columns[name]
    if (column === undefined) throw new Error(`${path}.${name}: no SQL expression for this field`)
    return `'${i === 0 ? '{' : ','}"${name}":' || ${valueSql(props[name]!, column, `${path}.${name}`)}`
  })
  return `(${parts.join(' || ')} || '}')`
}

function valueSql(schema: JsonSchema, column: unknown, path: string): string {
  const { types, nullable } = typesOf(schema)
  let sql: string
  if (types.length === 1 && types[0] === 'object' && typeof column === 'object' && column !== null) {
    sql = objectSql(schema, column as Record<string, unknown>, path)
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
 * fields in its order. NULL when a required, non-nullable value is NULL.
 */
export function jsonObjectSql<S extends TSchema>(schema: S, columns: Columns<Static<S>>): string {
  return objectSql(schema as JsonSchema, columns as Record<string, unknown>, '$')
}
