// A statement's reply as PostgreSQL's protocol bytes (RowDescription, DataRows, …), read
// without decoding its fields: PGlite's thread hands pages over this way (src/db/pglite.ts
// queryReply) and the server writes their JSON from the bytes (src/http/json-sql.ts). The
// thread has already turned an ErrorResponse into an error, so a reply here holds rows only.
import { DATE, INT8, NUMERIC, parseInt8 } from './parsers.js'

export const BOOL = 16
export const INT2 = 21
export const INT4 = 23
export const TEXT = 25
export const VARCHAR = 1043
export const BPCHAR = 1042
export const NAME = 19
export const CHAR = 18
export const FLOAT4 = 700
export const FLOAT8 = 701
export const UNKNOWN = 705
export const JSON_OID = 114
export const JSONB = 3802

export interface ReplyColumn {
  name: string
  /** The column's type oid. */
  type: number
}

export interface Reply {
  bytes: Uint8Array
  columns: ReplyColumn[]
  /** How many rows. */
  count: number
  /**
   * Per row, per column: the field's start in `bytes` and its length (-1: NULL); row r's
   * column c at `2 * (r * columns.length + c)`. One array for the reply: an array per row cost
   * more than reading it.
   */
  fields: Int32Array
}

const utf8 = new TextDecoder()

export function readReply(bytes: Uint8Array): Reply {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const columns: ReplyColumn[] = []
  let fields = new Int32Array(0)
  let count = 0
  let at2 = 0
  for (let at = 0; at + 5 <= bytes.length; at += 1 + view.getUint32(at + 1)) {
    const kind = bytes[at]
    let p = at + 5
    if (kind === 0x54) {
      // RowDescription: per column its name, then table oid, column number, type oid, size,
      // modifier and format (18 bytes)
      columns.length = 0
      const n = view.getInt16(p)
      p += 2
      for (let i = 0; i < n; i++) {
        const end = bytes.indexOf(0, p)
        columns.push({ name: utf8.decode(bytes.subarray(p, end)), type: view.getInt32(end + 7) })
        p = end + 19
      }
    } else if (kind === 0x44) {
      // DataRow: per column a length (-1 for NULL) and that many bytes of text
      const n = view.getInt16(p)
      p += 2
      if (n !== columns.length) throw new Error('a DataRow does not match its RowDescription')
      if (at2 + 2 * n > fields.length) {
        const bigger = new Int32Array(Math.max(2 * fields.length, 256 * n))
        bigger.set(fields)
        fields = bigger
      }
      for (let i = 0; i < n; i++) {
        const length = view.getInt32(p)
        p += 4
        fields[at2++] = p
        fields[at2++] = length
        if (length > 0) p += length
      }
      count++
    } else if (kind === 0x45) {
      throw new Error('a reply holding an error reached the reader')
    }
  }
  return { bytes, columns, count, fields }
}

/** The index of the column named `name`; throws when the reply has none. */
export function columnIndex(reply: Reply, name: string): number {
  const i = reply.columns.findIndex((c) => c.name === name)
  if (i < 0) throw new Error(`the reply has no column ${name}`)
  return i
}

/** A field's text, or null. */
export function textOf(reply: Reply, row: number, column: number): string | null {
  const f = 2 * (row * reply.columns.length + column)
  const length = reply.fields[f + 1]!
  if (length < 0) return null
  const start = reply.fields[f]!
  return utf8.decode(reply.bytes.subarray(start, start + length))
}

/** A field of an integer type (int2, int4, int8 below 2^53) read from its digits; null for NULL. */
export function intOf(reply: Reply, row: number, column: number): number | null {
  const f = 2 * (row * reply.columns.length + column)
  const length = reply.fields[f + 1]!
  if (length < 0) return null
  const b = reply.bytes
  let at = reply.fields[f]!
  const end = at + length
  const negative = b[at] === 0x2d
  if (negative) at++
  let n = 0
  for (; at < end; at++) n = n * 10 + (b[at]! - 0x30)
  return negative ? -n : n
}

/**
 * A field's value, parsed as both drivers parse it (src/db/parsers.ts): text types and dates
 * and numerics as text, int2/int4 and int8 as numbers, booleans. Other types are refused: a
 * caller reading one needs its parser added here first.
 */
export function valueOf(reply: Reply, row: number, column: number): string | number | boolean | null {
  const text = textOf(reply, row, column)
  if (text === null) return null
  switch (reply.columns[column]!.type) {
    case TEXT:
    case VARCHAR:
    case BPCHAR:
    case NAME:
    case DATE:
    case NUMERIC:
      return text
    case INT2:
    case INT4:
      return Number(text)
    case INT8:
      return parseInt8(text)
    case BOOL:
      return text === 't'
    default:
      throw new Error(`column ${reply.columns[column]!.name}: type ${reply.columns[column]!.type} has no parser here`)
  }
}
