// Streaming readers for Amazon Attribution report files. A file is never held whole: records
// come out in batches as the bytes arrive. Formats, told apart by the first non-blank byte:
//   `{"reports": [...], "cursorId": ...}` pages (one or several, concatenated), a plain JSON
//   array of rows, one JSON row per line (NDJSON), or CSV with the same column names.
import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { parse as parseCsv } from 'csv-parse'

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

async function* readCsv(file: string): AsyncGenerator<RawRecord[]> {
  const parser = createReadStream(file).pipe(
    parseCsv({ columns: true, bom: true, skip_empty_lines: true, trim: true, relax_column_count: false }),
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
    throw new IngestFileError(`${file}: not a readable CSV report: ${(err as Error).message}`)
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

/**
 * Finds the row objects in a stream of JSON text and parses each on its own: top-level objects
 * (NDJSON, concatenated rows), elements of a top-level array, and elements of the `reports`
 * array of a top-level page object. Only one row's text is ever kept.
 */
/** How many backslashes stand right before position `end`. */
function backslashesBefore(text: string, end: number): number {
  let k = 0
  while (end - k - 1 >= 0 && text.charCodeAt(end - k - 1) === BACKSLASH) k++
  return k
}

export class JsonRowScanner {
  private carry = ''
  private depth = 0
  private inString = false
  private escape = false
  /** Depth of the array whose elements are rows; 0: top-level values are rows. */
  private rowsDepth = 0
  /** Start of the object being captured in `carry + chunk`, or -1. */
  private start = -1
  /** The capture is a top-level object that may turn out to be a page. */
  private maybePage = false
  private rowNo = 0
  private sawValue = false

  constructor(private readonly file: string) {}

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
      if (c === QUOTE) {
        this.inString = true
      } else if (c === OPEN_OBJ) {
        if (this.depth === this.rowsDepth && this.start < 0) {
          this.start = i
          this.maybePage = this.depth === 0
        }
        this.depth++
        this.sawValue = true
      } else if (c === OPEN_ARR) {
        if (this.depth === 0) {
          this.rowsDepth = 1
        } else if (
          this.maybePage &&
          this.depth === 1 &&
          this.start >= 0 &&
          /"reports"\s*:\s*$/.test(text.slice(Math.max(this.start, i - 64), i))
        ) {
          // A page: its `reports` elements are the rows; the page object itself is not kept.
          this.rowsDepth = 2
          this.start = -1
          this.maybePage = false
        }
        this.depth++
        this.sawValue = true
      } else if (c === CLOSE_OBJ || c === CLOSE_ARR) {
        this.depth--
        if (this.depth < 0)
          throw new IngestFileError(`${this.file}: not valid JSON: unexpected "${String.fromCharCode(c)}"`)
        if (c === CLOSE_ARR && this.depth + 1 === this.rowsDepth) this.rowsDepth = 0
        else if (c === CLOSE_OBJ && this.start >= 0 && this.depth === this.rowsDepth) {
          out.push(this.parseRow(text.slice(this.start, i + 1)))
          this.start = -1
          this.maybePage = false
        }
      } else if (this.depth === 0 && c > 32 && c !== 44) {
        throw new IngestFileError(
          `${this.file}: not valid JSON report rows: unexpected "${String.fromCharCode(c)}" outside an object or array`,
        )
      }
    }
    this.carry = this.start >= 0 ? text.slice(this.start) : ''
    if (this.start >= 0) this.start = 0
    return out
  }

  end(): void {
    if (this.depth !== 0 || this.inString)
      throw new IngestFileError(`${this.file}: not valid JSON: the file ends inside a value`)
    if (!this.sawValue) throw new IngestFileError(`${this.file}: empty file`)
  }

  private parseRow(json: string): RawRecord {
    this.rowNo++
    try {
      const value = JSON.parse(quoteAdGroupId(json)) as unknown
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object')
      return value as RawRecord
    } catch (err) {
      throw new IngestFileError(`${this.file} row ${this.rowNo}: not valid JSON: ${(err as Error).message}`)
    }
  }
}
