// The operator's CLI, run as a real process against a real database (a PGlite directory, or
// a throwaway PostgreSQL database when TEST_DATABASE_URL is set).
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createTestDatabase, CURSOR_SECRET, type TestDatabase } from '../support/helpers.js'
import { tempDir } from '../support/temp-dir.js'
import { fixture, TOKENS } from '../support/fixture.js'
import { openDb } from '../../src/db/index.js'
import { buildApp } from '../../src/http/app.js'

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

let t: TestDatabase
before(async () => {
  t = await createTestDatabase()
})
after(() => t.drop())

function csapi(args: string[], input?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/bin.ts', ...args], {
      env: { ...process.env, DATABASE_URL: t.url, LOG_LEVEL: 'silent' },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
    child.stdin.end(input ?? '')
  })
}

/** Runs fn on the test database while no CLI process holds it (PGlite allows one process). */
async function withDb<T>(fn: (db: Awaited<ReturnType<typeof openDb>>) => Promise<T>): Promise<T> {
  const db = await openDb(t.url)
  try {
    return await fn(db)
  } finally {
    await db.close()
  }
}

const files = tempDir('csapi-cli-')
function file(name: string, content: unknown): string {
  const path = join(files, `${name}.json`)
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content))
  return path
}

const counts = (db: Awaited<ReturnType<typeof openDb>>) =>
  db.query<{ n: number }>(
    `select (select count(*) from accounts) + (select count(*) from products) + (select ` +
      `count(*) from report_rows) as n`,
  )

describe('csapi import', () => {
  test('a bad file is refused whole, naming section, index and field; nothing is written', async () => {
    await csapi(['migrate'])
    const ds = fixture()
    ;(ds.products[12] as Record<string, unknown>).status = 'live'
    const r = await csapi(['import', file('bad', ds)])
    assert.equal(r.code, 1)
    assert.match(r.stderr, /refused whole; nothing was imported/)
    assert.match(r.stderr, /products\[12\]\.status: must be one of active, inactive, archived/)
    assert.equal((await withDb(counts))[0]!.n, 0)
  })

  test('a reference that resolves nowhere refuses the file whole', async () => {
    const ds = fixture()
    ds.report_rows.push({ ...ds.report_rows[0]!, link_id: 'l_missing' })
    const r = await csapi(['import', file('ref', ds)])
    assert.equal(r.code, 1)
    assert.match(
      r.stderr,
      new RegExp(`report_rows\\[${ds.report_rows.length - 1}\\]\\.link_id: unknown link "l_missing"`),
    )
    assert.equal((await withDb(counts))[0]!.n, 0)
  })

  test('invalid JSON and a missing file are refused with a clear message', async () => {
    const bad = await csapi(['import', file('json', '{"accounts": [')])
    assert.equal(bad.code, 1)
    assert.match(bad.stderr, /not valid JSON/)
    const missing = await csapi(['import', '/nonexistent/file.json'])
    assert.equal(missing.code, 2)
    assert.match(missing.stderr, /cannot read \/nonexistent\/file.json: ENOENT/)
  })

  test('a UTF-8 file with a byte order mark is read; one not in UTF-8 is refused, not stored with U+FFFD', async () => {
    const bom = await csapi([
      'import',
      file('bom', `\uFEFF${JSON.stringify({ brands: [{ id: 'b_bom', name: 'Café', status: 'active' }] })}`),
    ])
    assert.equal(bom.code, 0, bom.stderr)
    const latin1 = join(files, 'latin1.json')
    writeFileSync(
      latin1,
      Buffer.from(JSON.stringify({ brands: [{ id: 'b_latin1', name: 'Café', status: 'active' }] }), 'latin1'),
    )
    const r = await csapi(['import', latin1])
    assert.equal(r.code, 1, r.stderr)
    assert.match(r.stderr, /not UTF-8/)
    assert.deepEqual(await withDb((db) => db.query(`select id, name from brands where id in ('b_bom', 'b_latin1')`)), [
      { id: 'b_bom', name: 'Café' },
    ])
  })

  test('a good file is imported; importing it again changes nothing', async () => {
    const path = file('good', fixture())
    const first = await csapi(['import', path])
    assert.equal(first.code, 0, first.stderr)
    assert.match(first.stdout, /report_rows\s+\d+ inserted\s+0 updated\s+0 unchanged/)
    const before = await withDb((db) => db.query(`select id, updated_at from products order by id`))
    const second = await csapi(['import', path])
    assert.equal(second.code, 0)
    for (const line of second.stdout.trim().split('\n').slice(1))
      assert.match(line, /\s0 inserted\s+0 updated\s+\d+ unchanged/)
    assert.deepEqual(await withDb((db) => db.query(`select id, updated_at from products order by id`)), before)
  })

  test('standard input with -, and an update is counted as updated', async () => {
    const r = await csapi(
      ['import', '-'],
      JSON.stringify({ brands: [{ id: 'b_active', name: 'Renamed Brand', status: 'active' }] }),
    )
    assert.equal(r.code, 0, r.stderr)
    assert.match(r.stdout, /brands\s+0 inserted\s+1 updated\s+0 unchanged/)
  })
})

describe('csapi tokens', () => {
  test('create prints the token once; only its SHA-256 is stored; it authenticates; revoke ends it', async () => {
    const created = await csapi(['tokens', 'create', '--account', 'cr_b', '--name', 'ci', '--expires-in', '30d'])
    assert.equal(created.code, 0, created.stderr)
    const token = created.stdout.trim().split('\n').pop()!
    assert.match(token, /^csapi_[A-Za-z0-9_-]{43}$/)
    const id = /token (tok_[0-9a-f]+)/.exec(created.stdout)![1]!
    const row = await withDb(
      async (db) => (await db.query<Record<string, unknown>>(`select * from api_tokens where id = $1`, [id]))[0]!,
    )
    assert.deepEqual(Buffer.from(row.token_hash as Uint8Array), createHash('sha256').update(token).digest())
    assert.ok(!JSON.stringify(row).includes(token.slice(6)), 'the token itself is not stored')
    const days = (new Date(row.expires_at as string).getTime() - Date.now()) / 86_400_000
    assert.ok(days > 29.9 && days <= 30)

    const list = await csapi(['tokens', 'list', '--account', 'cr_b'])
    assert.equal(list.code, 0)
    assert.match(list.stdout, /^ID\s+ACCOUNT\s+NAME\s+PREFIX\s+CREATED\s+EXPIRES\s+REVOKED\s+LAST USED/)
    assert.match(list.stdout, new RegExp(`${id}\\s+cr_b\\s+ci\\s+${token.slice(0, 10)}…`))
    assert.ok(!list.stdout.includes(token))

    const status = async () =>
      withDb(async (db) => {
        const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET] })
        const res = await app.inject({ url: '/api/creator/v1/brands', headers: { authorization: `Bearer ${token}` } })
        await app.close()
        return res.statusCode
      })
    assert.equal(await status(), 200)
    const revoked = await csapi(['tokens', 'revoke', id])
    assert.equal(revoked.code, 0)
    const line = (await csapi(['tokens', 'list'])).stdout.split('\n').find((l) => l.startsWith(id))!
    assert.match(line.split(/ {2,}/)[6]!, /^\d{4}-\d\d-\d\dT[\d:]+Z$/, 'the REVOKED column shows when')
    assert.equal(await status(), 401)
  })

  test('imported revoked and expired tokens get 401; re-importing never un-revokes', async () => {
    const ds = fixture()
    const unrevoked = { ...ds, api_tokens: ds.api_tokens.map((t) => ({ ...t, revoked: false })) }
    assert.equal((await csapi(['import', file('unrevoke', unrevoked)])).code, 0)
    const codes = await withDb(async (db) => {
      const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET] })
      const get = async (token: string) =>
        (await app.inject({ url: '/api/creator/v1/brands', headers: { authorization: `Bearer ${token}` } })).statusCode
      const result = [await get(TOKENS.revoked), await get(TOKENS.expired), await get(TOKENS.cr_a)]
      await app.close()
      return result
    })
    assert.deepEqual(codes, [401, 401, 200])
  })

  test('mistakes exit non-zero with a message that says what to do', async () => {
    const cases: [string[], number, RegExp][] = [
      [['tokens', 'create'], 2, /required option '--account <id>' not specified/],
      [['tokens', 'create', '--account', 'nobody'], 2, /no account "nobody": import it first/],
      [
        ['tokens', 'create', '--account', 'cr_a', '--expires-in', '3 weeks'],
        2,
        /--expires-in must look like 90d, 12h or 30m/,
      ],
      [['tokens', 'revoke', 'tok_nope'], 2, /no token "tok_nope" \(see csapi tokens list\)/],
      [['tokens', 'frobnicate'], 2, /unknown command 'frobnicate'[\s\S]*csapi tokens --help/],
      [['serve', '--prot', '1'], 2, /unknown option '--prot'/],
      [['launch'], 2, /unknown command 'launch'/],
    ]
    for (const [args, code, message] of cases) {
      const r = await csapi(args)
      assert.equal(r.code, code, args.join(' '))
      assert.match(r.stderr, message)
    }
  })
})

describe('csapi migrate', () => {
  test('running it again changes nothing', async () => {
    const r = await csapi(['migrate'])
    assert.equal(r.code, 0)
    assert.match(r.stdout, /is up to date/)
  })

  test(
    'a database migrated by a newer release: migrate and serve refuse to start, saying why; ' + 'nothing is changed',
    async () => {
      const db = await openDb(t.url)
      await db.query(`insert into schema_migrations (version, name) values (999, 'from_the_future')`)
      const before = await db.query('select version from schema_migrations order by version')
      await db.close()
      try {
        for (const args of [['migrate'], ['serve', '--port', '0']]) {
          const r = await csapi(args)
          assert.equal(r.code, 1, `${args[0]}: ${r.stdout}${r.stderr}`)
          assert.match(
            r.stderr,
            /schema version 999, newer than this release knows \(\d+\): it was migrated by a newer csapi/,
            args[0],
          )
        }
        const after = await openDb(t.url)
        assert.deepEqual(await after.query('select version from schema_migrations order by version'), before)
        await after.close()
      } finally {
        const db2 = await openDb(t.url)
        await db2.query('delete from schema_migrations where version = 999')
        await db2.close()
      }
    },
  )

  test('a bad DATABASE_URL is a configuration error', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/bin.ts', 'migrate'], {
      env: { ...process.env, DATABASE_URL: 'mysql://x' },
    })
    let stderr = ''
    child.stderr.on('data', (d) => (stderr += d))
    const code = await new Promise((resolve) => child.on('close', resolve))
    assert.equal(code, 1)
    assert.match(stderr, /DATABASE_URL must start with postgres:\/\/, postgresql:\/\/, file: or memory:/)
  })
})

describe('csapi serve without DATABASE_URL', () => {
  const cwd = tempDir('csapi-nourl-')

  /** Starts the built command in `cwd` with no DATABASE_URL; resolves to its log once it serves, then stops it. */
  async function serveOnce(cwd: string): Promise<Record<string, unknown>[]> {
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info' }
    delete env.DATABASE_URL
    const child = spawn(process.execPath, [join(process.cwd(), 'bin/csapi.js'), 'serve', '--port', '0'], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let log = ''
    child.stdout.on('data', (d) => (log += d))
    child.stderr.on('data', (d) => (log += d))
    const exited = new Promise((resolve) => child.on('exit', resolve))
    try {
      for (let i = 0; i < 1200 && !/"msg":"serving"/.test(log); i++) await new Promise((r) => setTimeout(r, 100))
      await new Promise((r) => setTimeout(r, 200)) // the lines logged right after "serving"
      assert.match(log, /"msg":"serving"/, log)
    } finally {
      child.kill('SIGTERM')
      await exited
    }
    return log
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
  }

  test('says in one log line that it uses ./data: a warning when it created it empty', async () => {
    const path = join(cwd, 'data')
    const about = (lines: Record<string, unknown>[]) =>
      lines.filter((l) => String(l.msg).startsWith('DATABASE_URL is not set'))
    const first = about(await serveOnce(cwd))
    assert.equal(first.length, 1, JSON.stringify(first))
    assert.equal(first[0]!.level, 40)
    assert.equal(first[0]!.database, path)
    assert.match(String(first[0]!.msg), /created an empty embedded PGlite database in .*data \(set DATABASE_URL/)
    const again = about(await serveOnce(cwd))
    assert.equal(again.length, 1, JSON.stringify(again))
    assert.equal(again[0]!.level, 30)
    assert.equal(again[0]!.msg, `DATABASE_URL is not set: serving the embedded PGlite database in ${path}`)
  })
})
