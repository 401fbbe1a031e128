// The cursor's wire format: its signature is HMAC-SHA256 of scope and payload, truncated to
// 128 bits, so cursors issued by an earlier release still verify; a second secret verifies what
// the first signed before a rotation.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { CursorCodec } from '../../src/http/cursor.js'

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
  // a cursor signed with a secret no longer configured is refused
  assert.equal(new CursorCodec(['new-secret']).decode('scope', cursor), null)
})

test('cursors: an altered last character of the signature is refused, even one that decodes to the same bytes', () => {
  const codec = new CursorCodec(['bench-cursor-secret-0123456789abcdef0123456789'])
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
  for (const key of [['br_0001'], ['2026-10-01', 1670], [42], ['x']]) {
    const cursor = codec.encode('scope', key)
    assert.deepEqual(codec.decode('scope', cursor), key)
    // 16 bytes are 22 base64url characters: the last holds 2 bits and 4 unused ones, so 3 other
    // characters decode to the same signature; each is another cursor, and is refused
    for (const c of alphabet) {
      const altered = cursor.slice(0, -1) + c
      if (altered !== cursor) assert.equal(codec.decode('scope', altered), null, altered)
    }
  }
})
