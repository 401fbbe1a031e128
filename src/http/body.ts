// Request bodies of the API's writes: JSON only, read strictly (a key given twice, nesting deeper
// than any schema has, or a body over 64 KB is refused before it is validated), and the
// messages of body errors, each naming the field and the rule it breaks.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { DuplicateKeyError, formatJsonPath, parseJsonStrict } from '../domain/json.js'
import { invalidRequest } from './errors.js'
import { COMPONENT, RULE } from './schema.js'
import { Ajv } from 'ajv'
import type { AjvError } from './query.js'

/** The largest body a write takes. */
export const BODY_LIMIT = 65_536
/** No schema nests deeper; a deeper text is refused before it is parsed. */
const MAX_DEPTH = 16

/** How deep a JSON text's arrays and objects nest, brackets inside strings not counted. */
export function jsonDepth(text: string): number {
  let depth = 0
  let max = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92)
        i++ // a backslash escapes the next character
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 123 || c === 91) max = Math.max(max, ++depth)
    else if (c === 125 || c === 93) depth--
  }
  return max
}

/** Fastify's own refusals of a body, in the API's words. */
export const BODY_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: `the body is larger than ${BODY_LIMIT} bytes`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'the body must be JSON, sent with Content-Type: application/json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'the body is empty: send a JSON object, or no Content-Type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'the body is not valid JSON',
}

/** `url must be …`, `events[2] must be one of …`, `unknown field "x"`: the body error a developer reads. */
export function describeBodyError(e: AjvError): string {
  const path = e.instancePath
    .split('/')
    .slice(1)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p.replace(/~1/g, '/').replace(/~0/g, '~')))
  const where = path.length === 0 ? 'the body' : formatJsonPath(path)
  const field = (name: string) => formatJsonPath([...path, name])
  if (e.keyword === 'additionalProperties')
    return `unknown field ${field(String(e.params.additionalProperty)).slice(0, 80)}`
  if (e.keyword === 'required') return `${field(String(e.params.missingProperty))} is required`
  const rule = e.parentSchema?.[RULE]
  // a string's rule describes its text: a value that is no string is told so
  const notString = e.keyword === 'type' && e.params.type === 'string'
  if (typeof rule === 'string' && !notString) return `${where} ${rule}`
  switch (e.keyword) {
    case 'type':
      return `${where} must be ${String(e.params.type).replace(',', ' or ')}`
    case 'maxLength':
      return `${where} must be at most ${String(e.params.limit)} characters`
    case 'minLength':
      return `${where} must not be empty`
    case 'maxItems':
      return `${where} must have at most ${String(e.params.limit)} items`
    case 'uniqueItems':
      return `${where} must not name an item twice`
    case 'minProperties':
      return `${where} must name at least one field`
    default:
      return `${where} ${e.message ?? 'is invalid'}`
  }
}

/** A JSON value with its object keys sorted: equal for two bodies that differ only in key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  return JSON.stringify(value) ?? 'null'
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
const LONE_SURROGATE = /\p{Cs}/u

/** A string or key holding a lone surrogate (`"\ud800"`), which no UTF-8 text can store. */
const halfCharacter = (v: unknown): boolean =>
  typeof v === 'string'
    ? LONE_SURROGATE.test(v)
    : typeof v === 'object' &&
      v !== null &&
      Object.entries(v).some(([k, x]) => LONE_SURROGATE.test(k) || halfCharacter(x))

/** The JSON parser of every route: strict, shallow, and within BODY_LIMIT (routes that take a body say so). */
export default fp(
  async (app: FastifyInstance) => {
    // JSON only: another type is 415 from Fastify, answered as invalid_request (BODY_ERRORS)
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, bytes, done) => {
      // JSON is UTF-8 (RFC 8259), whatever charset the header names: bytes that are not are
      // refused, where a lenient decoding would store U+FFFD in their place
      let body: string
      try {
        body = utf8.decode(bytes as Buffer)
      } catch {
        return done(invalidRequest(`${BODY_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY!}: it is not UTF-8`), undefined)
      }
      if (body.trim() === '') return done(invalidRequest(BODY_ERRORS.FST_ERR_CTP_EMPTY_JSON_BODY!), undefined)
      if (jsonDepth(body) > MAX_DEPTH)
        return done(invalidRequest(`the body nests deeper than ${MAX_DEPTH} levels`), undefined)
      try {
        const value = parseJsonStrict(body)
        if (halfCharacter(value))
          return done(invalidRequest('the body is not valid JSON: a \\u escape is half a character (a lone surrogate)'))
        done(null, value)
      } catch (err) {
        if (err instanceof DuplicateKeyError)
          return done(invalidRequest(`the body gives ${formatJsonPath(err.duplicate.path)} twice`), undefined)
        done(invalidRequest(`the body is not valid JSON: ${(err as Error).message.slice(0, 120)}`), undefined)
      }
    })
  },
  { name: 'csapi-body' },
)

/**
 * The validator of the writes: as the queries' (app.ts), but a body's types are never coerced
 * (`{"url": 5}` is refused, not read as "5"); no part of a write needs coercion.
 */
const strict = new Ajv({
  removeAdditional: false,
  coerceTypes: false,
  useDefaults: true,
  allErrors: false,
  verbose: true,
  strict: false,
})
  .addKeyword({ keyword: RULE, schemaType: 'string' })
  .addKeyword({ keyword: COMPONENT, schemaType: 'string' })

export const strictValidator = ({ schema }: { schema: object }) => strict.compile(schema)
