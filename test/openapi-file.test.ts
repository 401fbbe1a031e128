// openapi.json in the repository is the document the app serves, redocly finds no error in it,
// and src/client/openapi-types.ts is what openapi-typescript generates from it.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { OPENAPI_FILE, TYPES_FILE, documentText, servedDocument, typesText } from '../scripts/openapi.js'

const root = fileURLToPath(new URL('..', import.meta.url))

// one app build (on an in-memory PGlite database) for both checks
let served: Promise<Record<string, unknown>> | undefined
const document = () => (served ??= servedDocument())

test('openapi.json equals the served document (npm run openapi:export rewrites it)', async () => {
  const served = await document()
  const file = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'))
  assert.deepEqual(file, served, 'openapi.json is stale: run npm run openapi:export and commit it')
  assert.equal(readFileSync(OPENAPI_FILE, 'utf8'), documentText(served), 'openapi.json is not in its canonical format: run npm run openapi:export')
})

test('redocly lint reports no error in openapi.json', async () => {
  const bin = fileURLToPath(new URL('../node_modules/.bin/redocly', import.meta.url))
  const run = promisify(execFile)
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' }
  try {
    const { stdout, stderr } = await run(bin, ['lint', 'openapi.json', '--config', 'redocly.yaml', '--format', 'stylish'], { cwd: root, env })
    assert.match(stdout + stderr, /valid/)
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string }
    assert.fail(`redocly lint failed (exit ${e.code}):\n${e.stdout ?? ''}${e.stderr ?? ''}`)
  }
})

test('the committed client types match the served document (npm run client:types regenerates them)', async () => {
  const expected = await typesText(await document())
  assert.ok(expected.includes('listCreatorReports') && expected.includes('listSellerProducts'))
  assert.equal(readFileSync(TYPES_FILE, 'utf8'), expected, 'src/client/openapi-types.ts is stale: run npm run client:types and commit it')
})
