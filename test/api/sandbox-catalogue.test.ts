// The catalogue and /me across worlds: a creator's products are those of a brand on its brands
// list, and that list never crosses between live data and a sandbox world, or between worlds.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { startServer, walk, type TestServer } from '../support/helpers.js'
import { fixture, TOKENS } from '../support/fixture.js'
import { createSandbox, type CreatedSandbox } from '../../src/sandbox/sandbox.js'

let s: TestServer
let a: CreatedSandbox
let b: CreatedSandbox
before(async () => {
  s = await startServer(fixture())
  a = await createSandbox(s.db, { seed: 21, name: 'a' })
  b = await createSandbox(s.db, { seed: 22, name: 'b' })
})
after(() => s.close())

test("a creator reads the products of its own world's brands only: every other brand is 403", async () => {
  const worlds = { live: TOKENS.cr_a, a: a.tokens.creator, b: b.tokens.creator }
  const brands: Record<string, string[]> = {}
  for (const [w, token] of Object.entries(worlds))
    brands[w] = (await walk(s, '/api/creator/v1/brands', token, 'brands', 100)).map((x: { id: string }) => x.id)
  for (const [w, token] of Object.entries(worlds)) {
    assert.ok(brands[w]!.length > 0, `${w} sees some brands`)
    for (const [other, ids] of Object.entries(brands)) {
      for (const id of ids) {
        const res = await s.get(`/api/creator/v1/products?brand_id=${encodeURIComponent(id)}`, token)
        if (other === w) assert.equal(res.status, 200, `${w}: its own brand ${id}`)
        else {
          assert.equal(res.status, 403, `${w} reached the products of ${other}'s brand ${id}`)
          assert.equal(res.body.error.code, 'forbidden_resource')
        }
      }
    }
  }
})

test('/me says whether the account is a sandbox account; test tokens may read and manage webhooks', async () => {
  const live = await s.get('/api/v1/me', TOKENS.cr_a)
  assert.equal(live.status, 200)
  assert.equal(live.body.account.sandbox, false)
  for (const token of [a.tokens.creator, a.tokens.seller]) {
    assert.match(token, /^csapi_test_/)
    const me = await s.get('/api/v1/me', token)
    assert.equal(me.status, 200)
    assert.equal(me.body.account.sandbox, true)
    assert.deepEqual(me.body.token.scopes, ['read', 'webhooks:write'])
  }
})
