// A page's JSON written by the server from the columns of a PGlite reply (src/db/reply.ts), in
// the same bytes as the SQL of src/http/json-sql.ts writes: the plan comes from the same walk of
// the schema. On PGlite the statement runs in WASM on the database's thread, which bounds its
// throughput; building the JSON there took over a third of the products page's statement
// (0.638 ms against 0.406, docs/performance.md). Here the event loop writes it from the bytes,
// without decoding a field to a string: decoding them one by one cost more than the JSON did.
import { DATE, INT8, NUMERIC } from '../db/parsers.js'
import {
  BOOL,
  BPCHAR,
  CHAR,
  columnIndex,
  FLOAT4,
  FLOAT8,
  INT2,
  INT4,
  intOf,
  JSON_OID,
  JSONB,
  NAME,
  readReply,
  TEXT,
  UNKNOWN,
  VARCHAR,
  valueOf,
  type Reply,
} from '../db/reply.js'
import type { PageStatement, Plan } from './json-sql.js'
import type { SqlPage } from './page.js'

/** How a to_json value of a column's type is written. */
const As = { String: 0, Number: 1, Boolean: 2, Json: 3, Date: 4 } as const
type As = (typeof As)[keyof typeof As]

function asOf(type: number, name: string): As {
  switch (type) {
    case TEXT:
    case VARCHAR:
    case BPCHAR:
    case NAME:
    case CHAR:
    case UNKNOWN:
      return As.String
    case INT2:
    case INT4:
    case INT8:
    case NUMERIC:
    case FLOAT4:
    case FLOAT8:
      return As.Number
    case BOOL:
      return As.Boolean
    case JSON_OID:
    case JSONB:
      return As.Json
    case DATE:
      return As.Date
    default:
      // timestamps among them: to_json writes them in a form of its own (schema.ts timestampSql)
      throw new Error(`column ${name}: to_json of type ${type} is not written by the server`)
  }
}

/** A growing byte buffer. */
class Out {
  buf: Uint8Array
  n = 0
  constructor(size: number) {
    this.buf = new Uint8Array(size)
  }
  room(more: number): void {
    if (this.n + more <= this.buf.length) return
    const bigger = new Uint8Array(Math.max(2 * this.buf.length, this.n + more))
    bigger.set(this.buf.subarray(0, this.n))
    this.buf = bigger
  }
  bytes(b: Uint8Array, start = 0, end = b.length): void {
    this.room(end - start)
    // fields are short: a loop costs less than a subarray and a set
    if (end - start > 64) this.buf.set(b.subarray(start, end), this.n)
    else for (let i = start, n = this.n; i < end; i++, n++) this.buf[n] = b[i]!
    this.n += end - start
  }
  byte(b: number): void {
    this.room(1)
    this.buf[this.n++] = b
  }
}

const NULL = new TextEncoder().encode('null')
const TRUE = new TextEncoder().encode('true')
const FALSE = new TextEncoder().encode('false')
const HEX = new TextEncoder().encode('0123456789abcdef')
// the letter of a byte escaped by name (\b \t \n \f \r), 0 for those written as \u00xx
const NAMED = new Uint8Array(32)
NAMED[0x08] = 0x62
NAMED[0x09] = 0x74
NAMED[0x0a] = 0x6e
NAMED[0x0c] = 0x66
NAMED[0x0d] = 0x72

/**
 * A string as PostgreSQL's escape_json writes it: `"` and `\` escaped, \b \f \n \r \t by name,
 * other bytes below 0x20 as \u00xx; everything else, UTF-8 included, as it is.
 */
function writeString(out: Out, b: Uint8Array, start: number, end: number): void {
  out.room(6 * (end - start) + 2)
  const o = out.buf
  let n = out.n
  o[n++] = 0x22
  for (let i = start; i < end; i++) {
    const c = b[i]!
    if (c >= 0x20) {
      if (c === 0x22 || c === 0x5c) o[n++] = 0x5c
      o[n++] = c
    } else if (NAMED[c] !== 0) {
      o[n++] = 0x5c
      o[n++] = NAMED[c]!
    } else {
      o[n++] = 0x5c
      o[n++] = 0x75
      o[n++] = 0x30
      o[n++] = 0x30
      o[n++] = HEX[c >> 4]!
      o[n++] = HEX[c & 15]!
    }
  }
  o[n++] = 0x22
  out.n = n
}

const isDigit = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39

/** The row's fields and each to_json leaf's way of writing. */
interface RowCtx {
  b: Uint8Array
  fields: Int32Array
  /** Where leaf 0 of the row is in `fields`. */
  first: number
  as: As[]
}

function writeLeaf(out: Out, x: RowCtx, leaf: number, raw: boolean, nullable: boolean): boolean {
  const f = x.first + 2 * leaf
  const length = x.fields[f + 1]!
  if (length < 0) {
    if (!nullable) return false
    out.bytes(NULL)
    return true
  }
  const start = x.fields[f]!
  const end = start + length
  if (raw) {
    out.bytes(x.b, start, end)
    return true
  }
  switch (x.as[leaf]!) {
    case As.String:
      writeString(out, x.b, start, end)
      break
    case As.Number:
      // Every number PostgreSQL prints is a JSON number but NaN, Infinity and -Infinity, which
      // to_json quotes: those are the ones that do not end in a digit.
      if (isDigit(x.b[end - 1])) out.bytes(x.b, start, end)
      else writeString(out, x.b, start, end)
      break
    case As.Boolean:
      out.bytes(x.b[start] === 0x74 ? TRUE : FALSE)
      break
    case As.Json:
      out.bytes(x.b, start, end)
      break
    case As.Date:
      // to_json writes YYYY-MM-DD whatever the DateStyle; the text is that only under ISO
      if (length !== 10 || x.b[start + 4] !== 0x2d || x.b[start + 7] !== 0x2d)
        throw new Error('a date column is not in ISO form: the session DateStyle must be ISO')
      writeString(out, x.b, start, end)
      break
  }
  return true
}

/** Writes a value; false where the SQL gives NULL (a required value missing). */
function writePlan(out: Out, x: RowCtx, plan: Plan): boolean {
  if (plan.kind === 'leaf') return writeLeaf(out, x, plan.leaf, plan.raw, plan.nullable)
  if (plan.present !== null) {
    // `case when present then … else 'null' end`: NULL and false are both not present
    const f = x.first + 2 * plan.present
    if (x.fields[f + 1] !== 1 || x.b[x.fields[f]!] !== 0x74) {
      out.bytes(NULL)
      return true
    }
  }
  for (const m of plan.members) {
    const mark = out.n
    out.bytes(m.prefix)
    if (writePlan(out, x, m.plan)) continue
    if (!m.optional) return false
    out.n = mark
  }
  out.byte(0x7d)
  return true
}

// One buffer for every page: a page is written and decoded to a string before the next starts.
const KEPT = 64 * 1024
const MAX_KEPT = 4 * 1024 * 1024
let OUT = new Out(KEPT)

/**
 * The page of a `columns` reply (json-sql.ts pageOf) as pageSql would give it: rows found, the
 * first `limit` objects' JSON joined by commas, how many objects were NULL, the snapshot's WAL
 * position, the extra columns and the key of the `limit`-th row (or of the page's last row).
 */
export function writePage(page: PageStatement, bytes: Uint8Array, params: readonly unknown[]): SqlPage {
  const reply: Reply = readReply(bytes)
  const limit = Number(params[page.limitParam])
  const first = columnIndex(reply, '_j0')
  const last = first + page.row.leaves - 1
  if (reply.columns[last]?.name !== `_j${page.row.leaves - 1}`) throw new Error('the reply does not hold every leaf')
  const as = reply.columns.slice(first, last + 1).map((c) => asOf(c.type, c.name))
  const n = columnIndex(reply, 'n')
  const keys = page.keyColumns.map((k) => columnIndex(reply, k))
  const out = OUT
  out.n = 0
  let found = 0
  let broken = 0
  let written = 0
  let keyRow = -1 // the row whose key is the page's last_<column>s
  const width = 2 * reply.columns.length
  const x: RowCtx = { b: bytes, fields: reply.fields, first: 0, as }
  for (let r = 0; r < reply.count; r++) {
    if (reply.fields[r * width + 2 * n + 1]! < 0) continue // the page's own row, when nothing was found
    found++
    const at = intOf(reply, r, n)!
    // rows come in n order: the limit-th row, or with lastOfPage the page's last one
    if (page.lastOfPage ? at <= limit : at === limit) keyRow = r
    const mark = out.n
    if (written > 0) out.byte(0x2c)
    x.first = r * width + 2 * first
    if (!writePlan(out, x, page.row.plan)) {
      broken++
      out.n = mark
    } else if (at > limit) {
      // the row after the page: read to know that more follow, and whether it is broken
      out.n = mark
    } else {
      written++
    }
  }
  const result: Record<string, unknown> = {
    found,
    rows: Buffer.from(out.buf.buffer, out.buf.byteOffset, out.n).toString('utf8'),
    broken,
    lsn: valueOf(reply, 0, columnIndex(reply, 'lsn')),
  }
  // a buffer grown by a very large page is not kept
  if (out.buf.length > MAX_KEPT) OUT = new Out(KEPT)
  for (const e of page.extras) result[e] = valueOf(reply, 0, columnIndex(reply, e))
  page.keyColumns.forEach((k, i) => (result[`last_${k}`] = keyRow < 0 ? null : valueOf(reply, keyRow, keys[i]!)))
  return result as unknown as SqlPage
}
