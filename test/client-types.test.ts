// src/client/openapi-types.ts is what openapi-typescript generates from the served document.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { TYPES_FILE, servedDocument, typesText } from '../scripts/openapi.js'

test('the committed client types match the served document (npm run client:types regenerates them)', async () => {
  const expected = await typesText(await servedDocument())
  assert.ok(expected.includes('listCreatorReports') && expected.includes('listSellerProducts'))
  assert.equal(readFileSync(TYPES_FILE, 'utf8'), expected, 'src/client/openapi-types.ts is stale: run npm run client:types and commit it')
})
