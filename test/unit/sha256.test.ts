// src/tokens/sha256.ts gives the same bytes as createHash and createHmac, on the one-shot path and on
// the fallback for a Node without crypto.hash: keys shorter than, as long as and longer than
// SHA-256's 64-byte block, empty and non-ASCII messages. Cursors and token hashes stay valid
// across the change.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { HmacSha256, sha256 } from '../../src/tokens/sha256.js'
import { CursorCodec } from '../../src/http/cursor.js'
import { hashToken } from '../../src/tokens/tokens.js'

const KEY_LENGTHS = [0, 1, 32, 63, 64, 65, 128, 300]
const MESSAGES = ['', 'a', '["creator.brands","cr_00149"]\nWzEsImJyXzAwMDEiXQ', 'é—✓ 𝄞', 'x'.repeat(10_000)]

test('sha256: the bytes of createHash, for strings (UTF-8) and buffers', () => {
  for (const m of MESSAGES) {
    assert.deepEqual(sha256(m), createHash('sha256').update(m, 'utf8').digest())
    const b = randomBytes(m.length)
    assert.deepEqual(sha256(b), createHash('sha256').update(b).digest())
  }
  assert.deepEqual(hashToken('csapi_token'), createHash('sha256').update('csapi_token').digest())
})

test('HmacSha256: the bytes of createHmac, on the one-shot path and on the fallback', () => {
  for (const n of KEY_LENGTHS) {
    const key = randomBytes(n)
    for (const fast of [true, false]) {
      const mac = new HmacSha256(key, fast)
      for (const m of MESSAGES) {
        assert.deepEqual(mac.digest(m), createHmac('sha256', key).update(m, 'utf8').digest(), `key ${n} B, ${fast}`)
      }
    }
  }
})

test('cursors: the signature is HMAC-SHA256 of scope and payload, as before', () => {
  const secret = 'bench-cursor-secret-0123456789abcdef0123456789'
  const codec = new CursorCodec([secret])
  const cursor = codec.encode('scope', ['br_0001'])
  const [payload, sig] = cursor.split('.')
  const expected = createHmac('sha256', secret).update('scope').update('\n').update(payload!).digest().subarray(0, 16)
  assert.equal(sig, expected.toString('base64url'))
  assert.deepEqual(codec.decode('scope', cursor), ['br_0001'])
  assert.equal(codec.decode('other scope', cursor), null)
  // a second secret verifies what the first one signed before a rotation
  assert.deepEqual(new CursorCodec(['new-secret', secret]).decode('scope', cursor), ['br_0001'])
})
