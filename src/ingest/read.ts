// Streaming readers for Amazon Attribution report files. A file is never held whole: records
// come out in batches as the bytes arrive. Formats, told apart by the first non-blank byte:
//   `{"reports": [...], "cursorId": ...}` pages (one or several, concatenated), a plain JSON
//   array of rows, one JSON row per line (NDJSON), or CSV with the same column names.
import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { parse as parseCsv } from 'csv-parse'
import { countKeys, DuplicateKeyError, findDuplicateKey, formatJsonPath, parseJsonStrict } from '../domain/json.js'

export type RawRecord = Record<string, unknown>

/** A file that cannot be read as a report: the run is refused whole. */
export class IngestFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'IngestFileError'
  }
}

export type Format = 'json' | 'csv'

const BATCH = 2000

/** JSON when the first non-blank character opens an object or array, else CSV. */
export async function sniffFormat(file: string): Promise<Format> {
  const fh = await open(file, 'r')
  try {
    const buf = Buffer.alloc(4096)
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0)
    const head = buf
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart()
    if (head === '') throw new IngestFileError(`${file}: empty file`)
    return head.startsWith('{') || head.startsWith('[') ? 'json' : 'csv'
  } finally {
    await fh.close()
  }
}

/** The file's rows in order, in batches. Row numbers (1-based) are the position among rows. */
export async function* readBatches(file: string): AsyncGenerator<RawRecord[]> {
  const format = await sniffFormat(file)
  yield* format === 'json' ? readJson(file) : readCsv(file)
}

/** The header's names as the rows' keys; a name given twice would leave one column unread. */
function csvHeader(names: string[]): string[] {
  const seen = new Set<string>()
  for (const name of names) {
    if (seen.has(name)) throw new Error(`the header names the column "${name}" twice`)
    seen.add(name)
  }
  return names
}

async function* readCsv(file: string): AsyncGenerator<RawRecord[]> {
  const parser = createReadStream(file).pipe(
    parseCsv({
      columns: csvHeader,
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: false,
      // as a JSON row is bounded: a quote left open, or a field of megabytes, is not held in memory
      max_record_size: MAX_VALUE_CHARS,
    }),
  )
  let batch: RawRecord[] = []
  try {
    for await (const record of parser) {
      batch.push(record as RawRecord)
      if (batch.length >= BATCH) {
        yield batch
        batch = []
      }
    }
  } catch (err) {
    const e = err as Error & { code?: string; lines?: number }
    if (e.code === 'CSV_MAX_RECORD_SIZE')
      throw new IngestFileError(
        `${file}: not a readable CSV report: the record on line ${e.lines ?? '?'} runs past ` +
          `${MAX_VALUE_CHARS >> 20} MiB (a report row is a few hundred bytes: is a quote missing?)`,
      )
    throw new IngestFileError(`${file}: not a readable CSV report: ${e.message}`)
  }
  if (batch.length > 0) yield batch
}

// Amazon's ids are long integers; a JSON number beyond 2^53 would silently lose digits, so
// the ad group id is turned into a string before JSON.parse sees it.
const AD_GROUP_KEY = '"adGroupId"'
export function quoteAdGroupId(json: string): string {
  const k = json.indexOf(AD_GROUP_KEY)
  if (k < 0) return json
  let i = k + AD_GROUP_KEY.length
  while (i < json.length && (json.charCodeAt(i) <= 32 || json.charCodeAt(i) === 58)) i++ // blanks and ':'
  const start = i
  while (i < json.length && json.charCodeAt(i) >= 48 && json.charCodeAt(i) <= 57) i++
  return i === start ? json : `${json.slice(0, start)}"${json.slice(start, i)}"${json.slice(i)}`
}

async function* readJson(file: string): AsyncGenerator<RawRecord[]> {
  const scanner = new JsonRowScanner(file)
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 18 })
  for await (const chunk of stream) {
    const rows = scanner.push(chunk as string)
    for (let i = 0; i < rows.length; i += BATCH) yield rows.slice(i, i + BATCH)
  }
  scanner.end()
}

const QUOTE = 34
const BACKSLASH = 92
const OPEN_OBJ = 123
const CLOSE_OBJ = 125
const OPEN_ARR = 91
const CLOSE_ARR = 93
const NEWLINE = 10
const COMMA = 44
const COLON = 58

/** A report row is a few hundred bytes: a value still open after this many characters was left unclosed. */
export const MAX_VALUE_CHARS = 1 << 20

/** How many backslashes stand right before position `end`. */
function backslashesBefore(text: string, end: number): number {
  let k = 0
  while (end - k - 1 >= 0 && text.charCodeAt(end - k - 1) === BACKSLASH) k++
  return k
}

/** The number of keys of a parsed object, without building their list. */
function ownKeys(value: object): number {
  let n = 0
  for (const _ in value) n++
  return n
}

/** What a JSON value that starts with this character is, for messages. */
function kindOf(c: number): string {
  if (c === QUOTE) return 'a string'
  if (c === OPEN_ARR) return 'an array'
  if (c === 116 || c === 102) return 'a boolean' // t, f
  if (c === 110) return 'null' // n
  if (c === 45 || (c >= 48 && c <= 57)) return 'a number'
  return `"${String.fromCharCode(c)}"`
}

/**
 * Finds the row objects in a stream of JSON text and parses each on its own: top-level objects
 * (NDJSON, concatenated rows), elements of a top-level array, and elements of the `reports`
 * array of a top-level page object. Only one row's text is ever kept (and a page's own fields).
 * Anything else where a row belongs is refused with its position, an unclosed value with the
 * line it starts on, and a key given twice in one object with its path.
 */
export class JsonRowScanner {
  private carry = ''
  private depth = 0
  private inString = false
  private escape = false
  /** Depth of the array whose elements are rows; 0: top-level values are rows. */
  private rowsDepth = 0
  /** Start of the value being captured in `carry + chunk` (a row, or a page's fields), or -1. */
  private start = -1
  /** The capture is a top-level object that may turn out to be a page. */
  private maybePage = false
  private rowNo = 0
  private sawValue = false
  /** The closing bracket each open one expects, innermost last. */
  private readonly closers: number[] = []
  /** Line of the character being read, and the line the capture started on. */
  private line = 1
  private captureLine = 1
  /** Colons outside strings in the capture: the members of its objects. */
  private colons = 0
  /** Brackets opened inside the capture: 0 for a flat row. */
  private nested = 0
  /** Elements seen so far in the array of rows. */
  private item = 0
  /** Pages seen; the current page's line and its fields before `reports` (null: not in a page). */
  private page = 0
  private pageLine = 1
  private pageHead: string | null = null
  /** The capture holds the page's fields after its `reports` array. */
  private pageTail = false
  /** Line of the top-level value being read. */
  private topLine = 1

  constructor(private readonly file: string) {}

  private fail(line: number, message: string): never {
    throw new IngestFileError(`${this.file} line ${line}: ${message}`)
  }

  /** Where the element being read sits: `reports[2] of page 1`, or `[2]` of a top-level array. */
  private position(): string {
    return this.rowsDepth === 2 ? `reports[${this.item}] of page ${this.page}` : `[${this.item}]`
  }

  push(chunk: string): RawRecord[] {
    if (!this.sawValue && this.carry === '' && chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1) // byte order mark
    const text = this.carry + chunk
    const out: RawRecord[] = []
    let i = this.carry.length
    if (this.start < 0) i = 0
    const n = text.length
    for (; i < n; i++) {
      if (this.inString) {
        // Jump to the next quote; it ends the string unless an odd number of backslashes precede it.
        if (this.escape) {
          this.escape = false
          continue
        }
        const q = text.indexOf('"', i)
        if (q < 0) {
          this.escape = text.charCodeAt(n - 1) === BACKSLASH && backslashesBefore(text, n) % 2 === 1
          break
        }
        if (backslashesBefore(text, q) % 2 === 0) this.inString = false
        i = q
        continue
      }
      const c = text.charCodeAt(i)
      if (c <= 32) {
        if (c === NEWLINE) this.line++
        continue
      }
      if (c === COMMA) continue
      if (c === COLON) {
        this.colons++
        continue
      }
      // A value where a row belongs (top level, or an element of the rows array) must be an object.
      const rowPlace = this.depth === this.rowsDepth && this.start < 0
      if (c === OPEN_OBJ) {
        if (rowPlace) {
          this.start = i
          this.captureLine = this.line
          this.colons = 0
          this.nested = -1
          this.maybePage = this.depth === 0
          if (this.depth === 0) this.topLine = this.line
          else this.item++
        }
        this.closers.push(CLOSE_OBJ)
        this.nested++
        this.depth++
        this.sawValue = true
      } else if (c === OPEN_ARR) {
        if (this.depth === 0) {
          this.rowsDepth = 1
          this.item = 0
          this.topLine = this.line
        } else if (rowPlace) {
          this.fail(this.line, `${this.position()}: a report row must be a JSON object, not an array`)
        } else if (
          this.maybePage &&
          this.depth === 1 &&
          this.start >= 0 &&
          /"reports"\s*:\s*$/.test(text.slice(Math.max(this.start, i - 64), i))
        ) {
          // A page: its `reports` elements are the rows; its other fields are kept to be checked.
          this.pageHead = text.slice(this.start, i)
          this.pageLine = this.captureLine
          this.page++
          this.rowsDepth = 2
          this.item = 0
          this.start = -1
          this.maybePage = false
        }
        this.closers.push(CLOSE_ARR)
        this.nested++
        this.depth++
        this.sawValue = true
      } else if (c === CLOSE_OBJ || c === CLOSE_ARR) {
        const expected = this.closers.pop()
        if (expected !== c) {
          const what = expected === undefined ? 'nothing is open' : `"${String.fromCharCode(expected)}" closes here`
          this.fail(this.line, `not valid JSON: unexpected "${String.fromCharCode(c)}" (${what})`)
        }
        this.depth--
        if (c === CLOSE_ARR && this.depth + 1 === this.rowsDepth) {
          this.rowsDepth = 0
          if (this.pageHead !== null) {
            // the page's fields after `reports`, up to its closing brace
            this.start = i + 1
            this.pageTail = true
            this.colons = 0
          }
        } else if (c === CLOSE_OBJ && this.start >= 0 && this.depth === this.rowsDepth) {
          if (this.pageTail) this.checkPage(text.slice(this.start, i + 1))
          else out.push(this.parseRow(text.slice(this.start, i + 1)))
          this.start = -1
          this.maybePage = false
        }
      } else if (this.depth === 0) {
        this.fail(this.line, `not valid JSON report rows: ${kindOf(c)} outside any object or array`)
      } else if (rowPlace) {
        this.fail(this.line, `${this.position()}: a report row must be a JSON object, not ${kindOf(c)}`)
      } else if (c === QUOTE) {
        this.inString = true
      }
    }
    this.carry = this.start >= 0 ? text.slice(this.start) : ''
    if (this.start >= 0) this.start = 0
    if (this.carry.length > MAX_VALUE_CHARS) {
      this.fail(
        this.captureLine,
        `not valid JSON: the value that starts on this line runs past ${MAX_VALUE_CHARS >> 20} MiB ` +
          'without closing (a report row is a few hundred bytes: is a brace or a quote missing?)',
      )
    }
    return out
  }

  end(): void {
    if (this.depth !== 0 || this.inString) {
      if (this.start >= 0 && !this.pageTail)
        this.fail(
          this.captureLine,
          'not valid JSON: the value that starts on this line is never closed (the file ends inside it)',
        )
      if (this.pageHead !== null)
        this.fail(this.pageLine, `not valid JSON: the file ends inside page ${this.page}, which starts on this line`)
      this.fail(this.topLine, 'not valid JSON: the file ends inside the array that starts on this line')
    }
    if (!this.sawValue) throw new IngestFileError(`${this.file}: empty file`)
  }

  private parseRow(json: string): RawRecord {
    this.rowNo++
    const where = `${this.file} row ${this.rowNo} (line ${this.captureLine})`
    let value: unknown
    try {
      value = JSON.parse(quoteAdGroupId(json)) as unknown
    } catch (err) {
      throw new IngestFileError(`${where}: not valid JSON: ${(err as Error).message}`)
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new IngestFileError(`${where}: a report row must be a JSON object`)
    // Counting is cheap (a flat row's keys, most rows); the visitor that names the key runs only
    // when the counts differ. Both recurse: a row nested thousands deep would overflow the stack.
    let keys: number
    let dup: ReturnType<typeof findDuplicateKey> = null
    try {
      keys = this.nested === 0 ? ownKeys(value) : countKeys(value)
      if (keys !== this.colons) dup = findDuplicateKey(json)
    } catch (err) {
      if (err instanceof RangeError) throw new IngestFileError(`${where}: values nested too deeply for a report row`)
      throw err
    }
    if (dup) {
      throw new IngestFileError(
        `${this.file} row ${this.rowNo} (line ${this.captureLine + dup.line - 1}): ` +
          `${formatJsonPath(dup.path)}: key given twice in the same object`,
      )
    }
    return value as RawRecord
  }

  /** A page's own fields (`reports` emptied), read strictly: a second `reports`, say, is refused. */
  private checkPage(tail: string): void {
    const head = this.pageHead!
    this.pageHead = null
    this.pageTail = false
    try {
      parseJsonStrict(`${head}[]${tail}`)
    } catch (err) {
      const what = err instanceof DuplicateKeyError ? err.message : `not valid JSON: ${(err as Error).message}`
      this.fail(this.pageLine, `page ${this.page}: ${what}`)
    }
  }
}
