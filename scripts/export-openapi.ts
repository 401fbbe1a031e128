// Writes the served OpenAPI document to openapi.json; with --check, fails when they differ.
// Run: npm run openapi:export [-- --check]
import { readFileSync, writeFileSync } from 'node:fs'
import { OPENAPI_FILE, documentText, servedDocument } from './openapi.js'

const text = documentText(await servedDocument())
if (process.argv.includes('--check')) {
  let current = ''
  try {
    current = readFileSync(OPENAPI_FILE, 'utf8')
  } catch {
    // missing counts as different
  }
  if (current !== text) {
    process.stderr.write('openapi.json differs from the served document: run npm run openapi:export\n')
    process.exit(1)
  }
  process.stdout.write('openapi.json matches the served document\n')
} else {
  writeFileSync(OPENAPI_FILE, text)
  process.stdout.write(`wrote ${OPENAPI_FILE}\n`)
}
