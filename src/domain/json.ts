// JSON as the service reads files: JSON.parse keeps the last of two equal keys without a word,
// so `{"role": "creator", …, "role": "operator"}` would be taken as an operator. A text is read
// by the native parser, and refused when its objects have fewer keys than the text has members;
// then jsonc-parser's visitor names the key given twice, with its path and line.
import { visit } from 'jsonc-parser'

export type JsonPath = (string | number)[]

export interface DuplicateKey {
  /** The key's path from the text's root: `['accounts', 0, 'role']`. */
  path: JsonPath
  /** 1-based line of the second occurrence, within the text. */
  line: number
}

/** `accounts[0].role`; a key that is not a plain name is quoted: `brands[0]["odd key"]`. */
export function formatJsonPath(path: JsonPath): string {
  return path.reduce<string>((out, p) => {
    if (typeof p === 'number') return `${out}[${p}]`
    if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(p)) return out === '' ? p : `${out}.${p}`
    const shown = JSON.stringify(p.length > 64 ? `${p.slice(0, 64)}…` : p)
    return `${out}[${shown}]`
  }, '')
}

/** The number of keys of every object in a parsed JSON value. */
export function countKeys(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0
  const values: unknown[] = Array.isArray(value) ? value : Object.values(value)
  let n = Array.isArray(value) ? 0 : values.length
  for (const v of values) if (typeof v === 'object' && v !== null) n += countKeys(v)
  return n
}

const BACKSLASH = 92
const COLON = 58

/** The members (`"key": value`) of every object in a valid JSON text: its colons outside strings. */
export function countMembers(text: string): number {
  let n = 0
  let i = 0
  for (;;) {
    const q = text.indexOf('"', i)
    const end = q < 0 ? text.length : q
    for (; i < end; i++) if (text.charCodeAt(i) === COLON) n++
    if (q < 0) return n
    // the closing quote: the next one not escaped by an odd number of backslashes
    let k = q
    for (;;) {
      k = text.indexOf('"', k + 1)
      if (k < 0) return n
      let b = 0
      while (text.charCodeAt(k - 1 - b) === BACKSLASH) b++
      if (b % 2 === 0) break
    }
    i = k + 1
  }
}

/** The first key given twice in one object of a JSON text, or null. */
export function findDuplicateKey(text: string): DuplicateKey | null {
  const objects: Set<string>[] = []
  let found: DuplicateKey | null = null
  visit(text, {
    onObjectBegin: () => {
      objects.push(new Set())
    },
    onObjectEnd: () => {
      objects.pop()
    },
    onObjectProperty: (key, _offset, _length, startLine, _startCharacter, pathSupplier) => {
      const keys = objects.at(-1)
      if (found || !keys) return
      if (keys.has(key)) found = { path: [...pathSupplier(), key], line: startLine + 1 }
      else keys.add(key)
    },
  })
  return found
}

export class DuplicateKeyError extends Error {
  constructor(readonly duplicate: DuplicateKey) {
    super(`${formatJsonPath(duplicate.path)}: key given twice in the same object (line ${duplicate.line})`)
    this.name = 'DuplicateKeyError'
  }
}

/** JSON.parse that refuses a key given twice in one object (DuplicateKeyError); a syntax error is JSON.parse's. */
export function parseJsonStrict(text: string): unknown {
  const value = JSON.parse(text) as unknown
  // Counting is cheap; the visitor, which is not, runs only when the counts differ.
  if (countKeys(value) !== countMembers(text)) {
    const duplicate = findDuplicateKey(text)
    if (duplicate) throw new DuplicateKeyError(duplicate)
  }
  return value
}
