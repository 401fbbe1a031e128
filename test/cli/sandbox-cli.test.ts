// `csapi sandbox create|list|delete` as a real process against a real database: a world made,
// its test tokens working against the app, listed, and deleted with them.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { createTestDatabase, CURSOR_SECRET, type TestDatabase } from '../support/helpers.js'
import { openDb } from '../../src/db/index.js'
import { buildApp } from '../../src/http/app.js'

let t: TestDatabase
before(async () => {
  t = await createTestDatabase({ migrated: true })
})
after(() => t.drop())

function csapi(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/bin.ts', ...args], {
    env: { ...process.env, DATABASE_URL: t.url, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 120_000,
  })
  return { code: r.status, out: r.stdout, err: r.stderr }
}

/** The app on the test database while no CLI process holds it (PGlite allows one process). */
async function get(path: string, token: string) {
  const db = await openDb(t.url)
  const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET] })
  try {
    const res = await app.inject({ url: path, headers: { authorization: `Bearer ${token}` } })
    return { status: res.statusCode, body: res.json() }
  } finally {
    await app.close()
    await db.close()
  }
}

test('create prints the world and its test tokens; list shows it; delete removes it and its tokens', async () => {
  const made = csapi('sandbox', 'create', '--name', 'ci', '--seed', '5')
  assert.equal(made.code, 0, made.err)
  const id = /sandbox (sbx_[0-9a-f]{12}) \(ci\): seed 5, date 2026-01-15/.exec(made.out)?.[1]
  assert.ok(id, made.out)
  const token = /SANDBOX_CREATOR_TOKEN=(csapi_test_\S+)/.exec(made.out)?.[1]
  assert.ok(token, made.out)
  assert.match(made.out, /SANDBOX_SELLER_TOKEN=csapi_test_/)

  const world = await get('/api/v1/sandbox', token)
  assert.equal(world.status, 200)
  assert.equal(world.body.id, id)

  const listed = csapi('sandbox', 'list')
  assert.equal(listed.code, 0, listed.err)
  assert.match(listed.out, new RegExp(`^${id}\\s+ci\\s+5\\s+2026-01-15\\s+cr_`, 'm'))

  const tokens = csapi('tokens', 'list')
  assert.match(tokens.out, /csapi_test_/, 'an operator tells test tokens by their prefix')

  // another token for the world's creator: a test token with read and webhooks:write by default
  const creator = world.body.accounts.creator as string
  const more = csapi('tokens', 'create', '--account', creator, '--name', 'ci more')
  assert.equal(more.code, 0, more.err)
  assert.match(more.out, /scopes read webhooks:write\./)
  const extra = more.out.trim().split('\n').pop()!
  assert.match(extra, /^csapi_test_/)
  const me = await get('/api/v1/me', extra)
  assert.deepEqual(me.body.token.scopes, ['read', 'webhooks:write'])
  assert.equal(me.body.account.sandbox, true)
  // asked for read alone, read alone
  const readOnly = csapi('tokens', 'create', '--account', creator, '--scope', 'read')
  assert.match(readOnly.out, /scopes read\./)

  const gone = csapi('sandbox', 'delete', id)
  assert.equal(gone.code, 0, gone.err)
  assert.equal((await get('/api/v1/sandbox', token)).status, 401)
  assert.equal(csapi('sandbox', 'list').out.trim(), '(no sandbox worlds)')
})
