// Test harness: a throwaway database per test file (PGlite in memory by default, a fresh
// PostgreSQL database when TEST_DATABASE_URL is set), the real app listening on port 0, and a
// client that checks every response body against the served OpenAPI document.
import { Redis } from 'ioredis'
import { createHash, randomBytes } from 'node:crypto'
import { spawn } from 'node:child_process'
import { EventEmitter, once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import assert from 'node:assert/strict'
import pg from 'pg'
import { PGlite } from '@electric-sql/pglite'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import type { FastifyInstance } from 'fastify'
import { openDb, type Db } from '../../src/db/index.js'
import { openPglite } from '../../src/db/pglite.js'
import { loadMigrations, migrate } from '../../src/db/migrate.js'
import { buildApp, type AppOptions } from '../../src/http/app.js'
import { parseDataset } from '../../src/dataset/parse.js'
import { importDataset } from '../../src/dataset/import.js'

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

export interface TestDatabase {
  /** A DATABASE_URL that another process (the CLI) can open. */
  url: string
  /** Removes the database; call after every connection to it is closed. */
  drop(): Promise<void>
}

/** Where the migrated PGlite template of this PGlite version and these migrations is kept. */
function templatePath(): string {
  const pglite = readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8')
  const version = (JSON.parse(pglite) as { version: string }).version
  const key = createHash('sha256')
    .update(JSON.stringify([version, loadMigrations()]))
    .digest('hex')
    .slice(0, 16)
  return join(tmpdir(), `csapi-test-pglite-${key}`)
}

/**
 * A migrated PGlite directory, made once per set of migrations and copied for each test database
 * on disk: a new one spends seconds in PGlite's initdb and the migrations, a copy little.
 */
async function pgliteTemplate(): Promise<string> {
  const dir = templatePath()
  if (existsSync(dir)) return dir
  const work = mkdtempSync(join(tmpdir(), 'csapi-test-pglite-new-'))
  const db = await openDb(`file:${work}`)
  await migrate(db)
  await db.close()
  // atomic: a test file sees the whole directory or none; one made meanwhile by another wins
  try {
    renameSync(work, dir)
  } catch {
    rmSync(work, { recursive: true, force: true })
  }
  return dir
}

/** The template dumped as PGlite's tarball, for in-memory databases: loading it skips initdb too. */
async function pgliteImage(): Promise<Blob> {
  const file = `${templatePath()}.tar`
  if (!existsSync(file)) {
    // dumped from a copy of its own: another test file may be opening or copying the template
    const work = mkdtempSync(join(tmpdir(), 'csapi-test-pglite-image-'))
    cpSync(await pgliteTemplate(), work, { recursive: true })
    const pg = await PGlite.create({ dataDir: work })
    const image = await pg.dumpDataDir('none')
    await pg.close()
    writeFileSync(`${work}.tar`, Buffer.from(await image.arrayBuffer()))
    renameSync(`${work}.tar`, file)
    rmSync(work, { recursive: true, force: true })
  }
  return new Blob([readFileSync(file)])
}

/**
 * A new database: a PostgreSQL database on TEST_DATABASE_URL's server, or a PGlite dir. Empty, or
 * with `{ migrated: true }` already migrated (on PGlite a copy of a migrated one). `icuLocale`:
 * PostgreSQL only.
 */
export async function createTestDatabase(
  opts: { migrated?: boolean; icuLocale?: 'en-US' } = {},
): Promise<TestDatabase> {
  const admin = process.env.TEST_DATABASE_URL
  if (!admin) {
    const dir = mkdtempSync(join(tmpdir(), 'csapi-test-'))
    if (opts.migrated) cpSync(await pgliteTemplate(), dir, { recursive: true })
    return { url: `file:${dir}`, drop: async () => rmSync(dir, { recursive: true, force: true }) }
  }
  const name = `csapi_t_${randomBytes(6).toString('hex')}`
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  // an ICU default collation, as a cluster made with a language's locale has (test clusters use C)
  const collation = opts.icuLocale
    ? ` template template0 locale_provider icu icu_locale '${opts.icuLocale}' locale 'C'`
    : ''
  await client.query(`create database ${name}${collation}`)
  await client.end()
  const url = new URL(admin)
  url.pathname = `/${name}`
  if (opts.migrated) {
    const db = await openDb(url.toString())
    await migrate(db).finally(() => db.close())
  }
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

/** An open, migrated database for this test file: in-memory PGlite or throwaway PostgreSQL. */
export async function openTestDb(): Promise<{ db: Db; url?: string; close(): Promise<void> }> {
  if (!onPostgres) {
    const db = await openPglite(undefined, { image: await pgliteImage() })
    return { db, close: () => db.close() }
  }
  const t = await createTestDatabase({ migrated: true })
  const db = await openDb(t.url, { poolSize: 4 })
  return {
    db,
    url: t.url,
    async close() {
      await db.close()
      await t.drop()
    },
  }
}

export async function load(db: Db, raw: unknown) {
  return importDataset(db, parseDataset(JSON.parse(JSON.stringify(raw))))
}

export interface ApiResponse {
  status: number
  headers: Headers
  body: any
}

export interface TestServer {
  base: string
  db: Db
  /** PostgreSQL: the database's URL, for other processes (the CLI); PGlite in memory: none. */
  url?: string
  app: FastifyInstance
  /** GET with a bearer token; the body is checked against /openapi.json. */
  get(path: string, token?: string, headers?: Record<string, string>): Promise<ApiResponse>
  request(method: string, path: string, headers?: Record<string, string>, body?: unknown): Promise<ApiResponse>
  /** POST of a JSON body with a bearer token; the answer is checked against /openapi.json. */
  post(path: string, token: string | undefined, body: unknown): Promise<ApiResponse>
  close(): Promise<void>
}

export const CURSOR_SECRET = 'test-cursor-secret-0123456789abcdef0123456789'

/** The real app on a fresh database with `dataset` loaded, listening on 127.0.0.1:0. */
export async function startServer(
  dataset?: unknown,
  opts: { cursorSecrets?: string[]; app?: Partial<AppOptions> } = {},
): Promise<TestServer> {
  const { db, url, close } = await openTestDb()
  if (dataset) await load(db, dataset)
  // Client and server share this event loop, which PGlite blocks for seconds at a time: a server
  // keep-alive timer firing after such a block would close the socket the next fetch just took.
  const server = { keepAliveTimeoutMs: 60_000, ...opts.app?.server }
  const app = await buildApp({ ...opts.app, server, db, cursorSecrets: opts.cursorSecrets ?? [CURSOR_SECRET] })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  const validator = await openApiValidator(base)
  const request = async (method: string, path: string, headers: Record<string, string> = {}, sent?: unknown) => {
    const res = await fetch(base + path, {
      method,
      headers: sent === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: sent === undefined ? undefined : JSON.stringify(sent),
    })
    const text = await res.text()
    const body = text === '' ? undefined : JSON.parse(text)
    if ((method === 'GET' || method === 'POST') && res.headers.get('content-type')?.includes('json'))
      validator(path, res.status, body, method)
    return { status: res.status, headers: res.headers, body }
  }
  return {
    base,
    db,
    url,
    app,
    request,
    get: (path, token, headers = {}) =>
      request('GET', path, token === undefined ? headers : { ...headers, authorization: `Bearer ${token}` }),
    post: (path, token, body) =>
      request('POST', path, token === undefined ? {} : { authorization: `Bearer ${token}` }, body),
    async close() {
      await app.close()
      await close()
    },
  }
}

/** Checks a body against the response schema that /openapi.json gives for its path and status. */
async function openApiValidator(base: string) {
  const doc = (await (await fetch(`${base}/openapi.json`)).json()) as {
    paths: Record<
      string,
      Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> } | undefined>
    >
  }
  const ajv = openApiAjv(doc)
  const cache = new Map<string, ReturnType<typeof ajv.compile>>()
  const genericError = ajv.compile({
    type: 'object',
    required: ['error'],
    additionalProperties: false,
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        additionalProperties: false,
        properties: { code: { type: 'string' }, message: { type: 'string' } },
      },
    },
  })
  return (path: string, status: number, body: unknown, method = 'GET') => {
    const route = documentedPath(Object.keys(doc.paths), path.split('?')[0]!)
    const op = doc.paths[route]?.[method.toLowerCase()]
    if (!op && status < 400) return // not an API operation (the document itself, /docs)
    if (!op) {
      assert.ok(
        genericError(body),
        `${route} ${status}: error body ${JSON.stringify(body)} is not { error: { code, message } }`,
      )
      return
    }
    const key = `${method} ${route} ${status}`
    let validate = cache.get(key)
    if (!validate) {
      assert.ok(
        op.responses[String(status)]?.content?.['application/json']?.schema,
        `${route} answered ${status}, which /openapi.json does not document`,
      )
      validate = ajv.compile({ $ref: responseSchemaRef(route, status, method) })
      cache.set(key, validate)
    }
    assert.ok(
      validate(body),
      `${key} body does not match /openapi.json: ` +
        `${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
    )
    // additionalProperties is not set in our response schemas, so check no undocumented field leaks.
    const schema = resolveSchema(doc, op.responses[String(status)]!.content!['application/json']!.schema) as {
      properties?: Record<string, unknown>
    }
    if (status === 200 && schema.properties) {
      for (const k of Object.keys(body as object)) assert.ok(k in schema.properties, `${key}: undocumented field ${k}`)
    }
  }
}

/** The document's path for a request path: itself, or the template it fills (/payouts/{payout_id}/lines). */
export function documentedPath(paths: string[], route: string): string {
  if (paths.includes(route)) return route
  const parts = route.split('/')
  const template = paths.find((p) => {
    const t = p.split('/')
    return (
      t.length === parts.length &&
      t.every((seg, i) => (seg.startsWith('{') && seg.endsWith('}') ? parts[i] !== '' : seg === parts[i]))
    )
  })
  return template ?? route
}

/** An Ajv that knows the whole document, so that its $refs to components/schemas resolve. */
export function openApiAjv(doc: object): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema(doc, OPENAPI_ID)
  return ajv
}
const OPENAPI_ID = 'openapi.json'

/** A $ref (for openApiAjv) to the JSON body schema of a path's GET response. */
export function responseSchemaRef(route: string, status: number, method = 'GET'): string {
  const pointer = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1')
  const op = method.toLowerCase()
  const json = pointer('application/json')
  return `${OPENAPI_ID}#/paths/${pointer(route)}/${op}/responses/${status}/content/${json}/schema`
}

/** A schema with its top-level $ref to components/schemas followed. */
export function resolveSchema(doc: object, schema: unknown): unknown {
  const ref = (schema as { $ref?: string }).$ref
  if (!ref?.startsWith('#/components/schemas/')) return schema
  return (doc as { components: { schemas: Record<string, unknown> } }).components.schemas[
    ref.slice('#/components/schemas/'.length)
  ]
}

/** Every item of a list endpoint, page by page; asserts page sizes and the cursor contract. */
export async function walk(
  server: TestServer,
  path: string,
  token: string,
  key: 'brands' | 'products' | 'reports' | 'payouts' | 'lines' | 'adjustments' | 'freshness',
  limit: number,
  between?: (page: number) => Promise<void>,
): Promise<any[]> {
  const items: any[] = []
  let cursor: string | null = null
  for (let page = 0; page < 10_000; page++) {
    const sep = path.includes('?') ? '&' : '?'
    const url: string = `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`
    const res = await server.get(url, token)
    assert.equal(res.status, 200, `${url}: ${JSON.stringify(res.body)}`)
    const pageItems = res.body[key] as unknown[]
    assert.ok(pageItems.length <= limit)
    items.push(...pageItems)
    cursor = res.body.next_cursor
    if (cursor === null) return items
    assert.equal(pageItems.length, limit, 'a page before the last is full')
    assert.ok(cursor.length <= 512 && /^[A-Za-z0-9_.-]+$/.test(cursor), 'cursor is URL-safe and at most 512 chars')
    if (between) await between(page)
  }
  throw new Error('walk did not end')
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** The real `csapi` as a child process on a database, without a statement timeout (long loads). */
export function cliProcess(url: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/bin.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: url, CSAPI_STATEMENT_TIMEOUT_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  const seen = new EventEmitter()
  const add = (c: Buffer) => {
    out += c
    seen.emit('output')
  }
  child.stdout.on('data', add)
  child.stderr.on('data', add)
  const exit = once(child, 'exit') as Promise<[number | null, string | null]>
  /** The match of `pattern` in the output, as soon as it is written; rejects if the process exits first. */
  const waitFor = (pattern: RegExp, timeoutMs = 60_000): Promise<RegExpExecArray> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const m = pattern.exec(out)
        if (!m) return
        done()
        resolve(m)
      }
      const exited = () => {
        done()
        reject(new Error(`exited before writing ${pattern}:\n${out}`))
      }
      const timer = setTimeout(() => {
        done()
        reject(new Error(`${pattern} not written within ${timeoutMs} ms:\n${out}`))
      }, timeoutMs)
      const done = () => {
        clearTimeout(timer)
        seen.off('output', check)
        child.off('exit', exited)
      }
      seen.on('output', check)
      child.once('exit', exited)
      check()
    })
  return { child, exit, output: () => out, waitFor }
}

/** The Redis the tests use (TEST_REDIS_URL, default the local one). */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

/** Whether a Redis answers at url within a second; tests that need one skip without it. */
export async function redisReachable(url: string): Promise<boolean> {
  const r = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    enableOfflineQueue: false,
  })
  r.on('error', () => {})
  try {
    await r.connect()
    await r.ping()
    return true
  } catch {
    return false
  } finally {
    r.disconnect()
  }
}

/** The value of one sample of the exposition text, or 0 when absent. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`)
  for (const line of text.split('\n')) {
    if (!line.startsWith(name + '{') && !line.startsWith(name + ' ')) continue
    const inner = /\{(.*)\}/.exec(line)?.[1] ?? ''
    if (want.every((w) => inner.split(',').includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1))
  }
  return 0
}
