// Words for what TypeBox finds wrong with an item: each problem at the field it concerns, in
// the order of the schema's fields, one per field. The words are the schema's own (RULE), else
// made from the keyword it breaks (`must be at most 1000 characters`).
import type { Validator } from 'typebox/compile'
import type { TLocalizedValidationError as SchemaError } from 'typebox/error'
import { Settings } from 'typebox/system'
import { RULE } from './rules.js'

export interface Problem {
  /** Keys from the item down to the field; none for the item itself. */
  at: string[]
  message: string
}

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; anyOf?: Schema[] }
type Rule = string | Record<string, string> | undefined

const TYPES: Record<string, string> = {
  string: 'must be a string',
  boolean: 'must be true or false',
  number: 'must be a number',
  object: 'must be an object',
}
const WORDS: Record<string, (s: Schema) => string | undefined> = {
  type: (s) => TYPES[String(s.type)],
  minLength: (s) => (s.minLength === 1 ? 'must not be empty' : undefined),
  maxLength: (s) => `must be at most ${s.maxLength} characters`,
  maximum: (s) => `must be at most ${s.maximum}`,
  enum: (s) => `must be one of ${(s.enum as unknown[]).join(', ')}`,
}

function words(schema: Schema, e: SchemaError): string {
  const rule = schema[RULE] as Rule
  return (typeof rule === 'string' ? rule : rule?.[e.keyword]) ?? WORDS[e.keyword]?.(schema) ?? e.message
}

/** Keywords that only say some part failed: the part says what. */
const WRAPPERS = ['anyOf', 'allOf', 'oneOf', 'if', 'additionalProperties']

const encode = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1')
const keysOf = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value)

interface Found extends Problem {
  rank: number
  order: number
}

export class Explainer {
  /** Every subschema by its path (`#/properties/commission/anyOf/0`), ranked in document order. */
  private readonly schemas = new Map<string, { schema: Schema; rank: number }>()

  constructor(private readonly validator: Validator) {
    this.index(validator.Type() as unknown as Schema, '#')
  }

  private index(schema: Schema, path: string): void {
    this.schemas.set(path, { schema, rank: this.schemas.size })
    for (const [key, value] of Object.entries(schema)) {
      if (typeof value === 'object' && value !== null) this.index(value as Schema, `${path}/${encode(key)}`)
    }
  }

  private schemaAt = (path: string): Schema => this.schemas.get(path)?.schema ?? {}

  /** The item's problems, at most one per field. */
  explain(item: unknown): Problem[] {
    const errors = allErrors(this.validator, item)
    const found: Found[] = []
    const add = (at: string[], message: string, schemaPath: string, order = 0) =>
      found.push({ at, message, rank: this.schemas.get(schemaPath)?.rank ?? Infinity, order })

    // A failed union speaks through one member; the others' complaints do not count.
    const ignored: string[] = []
    for (const e of errors.filter((e) => e.keyword === 'anyOf')) {
      const at = keysOf(e.instancePath)
      const value = at.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], item)
      const union = this.schemaAt(e.schemaPath)
      const member = memberFor(union, value, at, (at, message, order) => add(at, message, e.schemaPath, order))
      union.anyOf?.forEach((_, i) => i !== member && ignored.push(`${e.schemaPath}/anyOf/${i}`))
    }
    const counts = (e: SchemaError) => !ignored.some((p) => e.schemaPath === p || e.schemaPath.startsWith(`${p}/`))

    for (const e of errors.filter(counts)) {
      const at = keysOf(e.instancePath)
      const schema = this.schemaAt(e.schemaPath)
      if (e.keyword === 'required') {
        const { requiredProperties } = e.params as { requiredProperties: string[] }
        for (const key of requiredProperties) {
          add([...at, key], 'is required', `${e.schemaPath}/properties/${encode(key)}`)
        }
      } else if (e.keyword === 'boolean' && e.schemaPath.endsWith('/additionalProperties')) {
        // First among the object's problems.
        add(at, 'unknown field', e.schemaPath.slice(0, -'/additionalProperties'.length), -1)
      } else if (e.keyword === '~refine' && /\/allOf\/\d+$/.test(e.schemaPath)) {
        // A rule between fields (schema.ts, `between`): at, and ranked with, the field it names.
        const [, field = '', rest = ''] = /^(\w+): (.*)$/s.exec(words(schema, e)) ?? []
        const owner = e.schemaPath.replace(/\/allOf\/\d+$/, '')
        add([...at, field], rest, `${owner}/properties/${encode(field)}`)
      } else if (!WRAPPERS.includes(e.keyword)) {
        // Of several rules a field breaks, the one its schema names first.
        add(at, words(schema, e), e.schemaPath, e.keyword === 'type' ? -1 : Object.keys(schema).indexOf(e.keyword))
      }
    }
    found.sort((a, b) => a.rank - b.rank || a.order - b.order)
    const seen = new Set<string>()
    return found.filter((f) => {
      const id = f.at.map(encode).join('/')
      return !seen.has(id) && seen.add(id)
    })
  }
}

/**
 * The member of a union that judges a value: the one its discriminator names, else the first of
 * the value's JSON type. When none fits, the union itself reports why, and -1 is returned.
 */
function memberFor(
  union: Schema,
  value: unknown,
  at: string[],
  report: (at: string[], message: string, order?: number) => void,
): number {
  const members = union.anyOf ?? []
  const tag = (union.discriminator as { propertyName?: string } | undefined)?.propertyName
  const typeRule = (union[RULE] as Rule & object)?.type ?? 'is not valid'
  if (tag === undefined || kindOf(value) !== 'object') {
    const ofKind = (m: Schema) => tag === undefined && (m.type === 'integer' ? 'number' : m.type) === kindOf(value)
    const i = members.findIndex(ofKind)
    if (i < 0) report(at, typeRule)
    return i
  }
  const tags = members.map((m) => m.properties?.[tag]?.const)
  const given = (value as Record<string, unknown>)[tag]
  const i = tags.indexOf(given)
  if (i >= 0) return i
  report([...at, tag], given === undefined ? 'is required' : `must be one of ${tags.join(', ')}`)
  if (members.every((m) => m.additionalProperties === false)) {
    // No member judges the fields, but one that none of them has is unknown all the same.
    const known = new Set(members.flatMap((m) => Object.keys(m.properties ?? {})))
    for (const key of Object.keys(value as object)) if (!known.has(key)) report([...at, key], 'unknown field', -1)
  }
  return -1
}

/** Every error: TypeBox keeps 8 by default, and a file's issues are counted to the last. */
function allErrors(validator: Validator, value: unknown): SchemaError[] {
  const { maxErrors } = Settings.Get()
  Settings.Set({ maxErrors: Infinity })
  try {
    return validator.Errors(value)
  } finally {
    Settings.Set({ maxErrors })
  }
}
