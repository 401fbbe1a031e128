// domain/json.ts: the native parser's value, refused only when a key is given twice in one object.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { countMembers, DuplicateKeyError, findDuplicateKey, parseJsonStrict } from '../../src/domain/json.js'

test('property: any JSON text without a repeated key reads as JSON.parse reads it', () => {
  fc.assert(
    fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => {
      const text = JSON.stringify(value, null, pretty ? 2 : undefined)
      assert.deepEqual(parseJsonStrict(text), JSON.parse(text))
      assert.equal(findDuplicateKey(text), null)
    }),
    { numRuns: 500 },
  )
})

test('property: a key given again in any object is found, with its path', () => {
  const object = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1 })
  fc.assert(
    fc.property(object, fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }), (inner, outerKeys) => {
      // the inner object's first key again at its end, the whole nested under outerKeys
      const [key] = Object.keys(inner)
      let text = JSON.stringify(inner).slice(0, -1) + `,${JSON.stringify(key)}:null}`
      for (const k of [...outerKeys].reverse()) text = `{${JSON.stringify(k)}:${text}}`
      assert.throws(() => parseJsonStrict(text), DuplicateKeyError)
      assert.deepEqual(findDuplicateKey(text)?.path, [...outerKeys, key])
    }),
    { numRuns: 300 },
  )
})

test('members are the colons outside strings, escapes included', () => {
  assert.equal(countMembers('{"a:":"b\\":","c\\\\":{"d":[":"]}}'), 3)
  assert.equal(countMembers('[1, "x", {}]'), 0)
})
