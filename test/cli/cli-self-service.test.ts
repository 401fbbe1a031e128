// The operator's CLI beside the self-service API, as real processes on one database: tokens
// issued with scopes (shown by /me and `csapi tokens list`), and `csapi webhooks` working on the
// endpoints an integrator made through the API (it sees every account's).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { createTestDatabase, CURSOR_SECRET, load, type TestDatabase } from '../support/helpers.js'
import { openDb, type Db } from '../../src/db/index.js'
import { buildApp } from '../../src/http/app.js'

let t: TestDatabase
before(async () => {
  t = await createTestDatabase({ migrated: true })
  await withDb(async (db) => {
    await load(db, {
      accounts: [
        { id: 'cr_s', role: 'creator', name: 'S' },
        { id: 'cr_o', role: 'creator', name: 'O' },
      ],
    })
  })
})
after(() => t.drop())

async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDb(t.url)
  try {
    return await fn(db)
  } finally {
    await db.close()
  }
}

function csapi(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/bin.ts', ...args], {
      env: { ...process.env, DATABASE_URL: t.url, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** Requests to the app on the database (closed after, so the CLI can open a PGlite directory). */
async function api(token: string, requests: { method: string; url: string; body?: unknown }[]) {
  return withDb(async (db) => {
    const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET] })
    const out = []
    for (const r of requests) {
      const res = await app.inject({
        method: r.method as 'GET',
        url: r.url,
        headers: {
          authorization: `Bearer ${token}`,
          ...(r.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(r.body === undefined ? {} : { payload: JSON.stringify(r.body) }),
      })
      out.push({ status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined })
    }
    await app.close()
    return out
  })
}

test('tokens create --scope: shown by /me and tokens list; read alone by default; a bad scope is exit 2', async () => {
  const created = await csapi(['tokens', 'create', '--account', 'cr_s', '--scope', 'webhooks:write'])
  assert.equal(created.code, 0, created.stderr)
  assert.match(created.stdout, /scopes read webhooks:write/)
  const token = created.stdout.trim().split('\n').pop()!
  const plain = (await csapi(['tokens', 'create', '--account', 'cr_o'])).stdout.trim().split('\n').pop()!
  const [me] = await api(token, [{ method: 'GET', url: '/api/v1/me' }])
  assert.deepEqual(me!.body.token.scopes, ['read', 'webhooks:write'])
  const [mine] = await api(plain, [{ method: 'GET', url: '/api/v1/me' }])
  assert.deepEqual(mine!.body.token.scopes, ['read'])
  const list = await csapi(['tokens', 'list'])
  assert.match(list.stdout, /LAST USED\s+SCOPES\n/)
  assert.match(list.stdout, new RegExp(`${me!.body.token.id}\\s+cr_s\\s.*\\sread,webhooks:write\\n`))
  assert.match(list.stdout, new RegExp(`${mine!.body.token.id}\\s+cr_o\\s.*\\sread(\\n|$)`))
  const bad = await csapi(['tokens', 'create', '--account', 'cr_s', '--scope', 'admin'])
  assert.equal(bad.code, 2)
  assert.match(bad.stderr, /unknown scope admin: one of read, webhooks:write/)
  assert.match(bad.stderr, /usage: csapi tokens create \[options\]\nRun "csapi tokens create --help"/, 'its own usage')
})

test('csapi webhooks sees and manages the endpoints made through the API', async () => {
  const token = (await csapi(['tokens', 'create', '--account', 'cr_s', '--scope', 'webhooks:write'])).stdout
    .trim()
    .split('\n')
    .pop()!
  const [made, off] = await api(token, [
    { method: 'POST', url: '/api/creator/v1/webhook-endpoints', body: { url: 'https://hooks.example/s' } },
    { method: 'POST', url: '/api/creator/v1/webhook-endpoints', body: { url: 'https://hooks.example/off' } },
  ])
  const id = made!.body.id as string
  await api(token, [
    { method: 'PATCH', url: `/api/creator/v1/webhook-endpoints/${off!.body.id}`, body: { enabled: false } },
  ])
  const list = await csapi(['webhooks', 'list'])
  assert.equal(list.code, 0, list.stderr)
  assert.match(list.stdout, new RegExp(`${id}\\s+cr_s\\s+https://hooks.example/s\\s+events: all\\s+enabled`))
  assert.match(list.stdout, new RegExp(`${off!.body.id}\\s+cr_s\\s.*DISABLED since .*: disabled by its account`))
  assert.equal((await csapi(['webhooks', 'enable', off!.body.id])).code, 0)
  const rotated = await csapi(['webhooks', 'rotate-secret', id, '--overlap', '1h'])
  assert.equal(rotated.code, 0, rotated.stderr)
  const [after] = await api(token, [{ method: 'GET', url: `/api/creator/v1/webhook-endpoints/${off!.body.id}` }])
  assert.deepEqual([after!.body.enabled, after!.body.disabled], [true, undefined])
  const [shown] = await api(token, [{ method: 'GET', url: `/api/creator/v1/webhook-endpoints/${id}` }])
  assert.ok(shown!.body.previous_secret_expires_at, 'the rotation the operator made shows')
  // the operator's rules are the API's: a loopback name is refused (exit 2)
  const local = await csapi(['webhooks', 'add', '--account', 'cr_o', '--url', 'https://localhost/x'])
  assert.equal(local.code, 2)
  assert.match(local.stderr, /loopback name/)
  assert.equal((await csapi(['webhooks', 'remove', id])).code, 0)
  const [gone] = await api(token, [{ method: 'GET', url: `/api/creator/v1/webhook-endpoints/${id}` }])
  assert.equal(gone!.status, 404)
})
