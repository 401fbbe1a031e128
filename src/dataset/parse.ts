// Turns an untrusted dataset file (docs/dataset-format.md), as text or already parsed, into a
// typed `Dataset` once, or throws one DatasetError listing every problem found, each named by
// section, index and field (`products[12].status: must be one of active, inactive, archived`).
// The text is read strictly: a key given twice in one object is refused with its path, never
// decided by JSON.parse's last-one-wins.
//
// The rules are the section schemas' (schema.ts). Conventions: every section is optional; an
// optional field given as null counts as absent. References between sections are not checked
// here: the importer checks them against the file and the database.
import { IsCodec, type TSchema } from 'typebox'
import { Compile } from 'typebox/compile'
import { Explainer, type Problem } from './explain.js'
import { DuplicateKeyError, parseJsonStrict } from '../domain/json.js'
import { SECTIONS, type SectionName } from './schema.js'
import type { Dataset } from './types.js'

const MAX_ISSUES = 50

export class DatasetError extends Error {
  readonly issues: string[]

  constructor(issues: string[]) {
    super(`invalid dataset:\n${issues.join('\n')}`)
    this.name = 'DatasetError'
    this.issues = issues
  }
}

/** Keeps the first MAX_ISSUES messages and counts the rest, so a huge bad file stays cheap. */
class Issues {
  private readonly lines: string[] = []
  private overflow = 0

  add(path: string, message: string): void {
    if (this.lines.length < MAX_ISSUES) this.lines.push(`${path}: ${message}`)
    else this.overflow++
  }

  throwIfAny(): void {
    if (this.lines.length === 0) return
    const more = this.overflow > 0 ? [`… and ${this.overflow} more`] : []
    throw new DatasetError([...this.lines, ...more])
  }
}

type Obj = Record<string, unknown>

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Own properties only: a missing `constructor` field must not find Object.prototype's. */
function own(obj: Obj, key: string): unknown {
  return Object.hasOwn(obj, key) ? obj[key] : undefined
}

/** `brands[0].name`, or `brands[0]["odd key"]` for a key that would make the path ambiguous. */
function fieldPath(path: string, key: string): string {
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) return path === '' ? key : `${path}.${key}`
  const shown = JSON.stringify(key.length > 64 ? `${key.slice(0, 64)}…` : key)
  return path === '' ? shown : `${path}[${shown}]`
}

/** The value with its (nested) null fields left out: null counts as absent. */
function withoutNulls(value: unknown): unknown {
  if (!isObject(value)) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  )
}

/** A section's schema, compiled, and how to decode each of its fields. */
function reader(name: SectionName) {
  const { schema, key, finish } = SECTIONS[name]
  const validator = Compile(schema)
  const fields = Object.entries(schema.properties as Record<string, TSchema & { default?: unknown }>).map(
    ([field, s]) => ({
      field,
      decoder: IsCodec(s) ? (s['~codec'].decode as (value: unknown) => unknown) : undefined,
      fallback: s.default,
    }),
  )
  /** The item's decoded fields (those of `only`, if given): an absent one is its default. */
  const decode = (item: Obj, only?: readonly string[]): Obj => {
    const out: Obj = {}
    for (const { field, decoder, fallback } of fields) {
      if (only && !only.includes(field)) continue
      const value = own(item, field)
      out[field] = value === undefined ? fallback : decoder ? decoder(value) : value
    }
    return out
  }
  return { validator, explainer: new Explainer(validator), decode, key, finish: finish as (fields: Obj) => unknown }
}

const READERS = Object.fromEntries(Object.keys(SECTIONS).map((name) => [name, reader(name as SectionName)])) as {
  [K in SectionName]: ReturnType<typeof reader>
}

function readSection(name: SectionName, raw: unknown, issues: Issues): unknown[] {
  if (raw === undefined) return []
  if (!Array.isArray(raw)) {
    issues.add(name, 'must be an array')
    return []
  }
  const { validator, explainer, decode, key, finish } = READERS[name]
  const items: unknown[] = []
  const seen = new Map<string, number>()
  raw.forEach((item: unknown, index) => {
    const path = `${name}[${index}]`
    let value = item
    let problems: Problem[] = []
    // Most items are valid and null-free: checked as they are, without a copy.
    if (!validator.Check(value)) {
      value = withoutNulls(item)
      if (!validator.Check(value)) problems = explainer.explain(value)
    }
    for (const p of problems) issues.add(p.at.reduce(fieldPath, path), p.message)
    if (!isObject(value) || problems.some((p) => p.at.length === 0 || key.includes(p.at[0] as never))) return

    // Only items whose key fields are sound; ids cannot hold \0, so the joined key is unambiguous.
    const fields = decode(value, problems.length > 0 ? key : undefined)
    const id = key.map((k) => fields[k] ?? '').join('\0')
    const first = seen.get(id)
    if (first === undefined) seen.set(id, index)
    else if (key.length === 1) issues.add(fieldPath(path, key[0] ?? ''), `duplicate of ${name}[${first}]`)
    else issues.add(path, `duplicate of ${name}[${first}] (same ${listed(key)})`)

    if (problems.length === 0 && first === undefined) items.push(finish(fields))
  })
  return items
}

/** ['a', 'b', 'c'] → "a, b and c" */
function listed(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}

export function parseDataset(raw: unknown): Dataset {
  if (!isObject(raw)) throw new DatasetError(['dataset: must be a JSON object'])
  const issues = new Issues()
  for (const key of Object.keys(raw)) {
    if (!Object.hasOwn(SECTIONS, key)) issues.add(fieldPath('', key), 'unknown section')
  }
  const names = Object.keys(SECTIONS) as SectionName[]
  const dataset = Object.fromEntries(names.map((name) => [name, readSection(name, own(raw, name), issues)]))
  issues.throwIfAny()
  return dataset as Dataset
}

/** A dataset file's text (`source` names it in messages) as a Dataset; see parseDataset. */
export function parseDatasetText(text: string, source: string): Dataset {
  let raw: unknown
  try {
    raw = parseJsonStrict(text)
  } catch (err) {
    if (err instanceof DuplicateKeyError) throw new DatasetError([err.message])
    throw new DatasetError([`${source}: not valid JSON: ${(err as Error).message}`])
  }
  return parseDataset(raw)
}
