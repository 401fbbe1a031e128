// Regenerates src/client/openapi-types.ts from the served document; with --check, fails when
// the committed file differs. Run: npm run client:types [-- --check]
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { TYPES_FILE, servedDocument, typesText } from './openapi.js'

const text = await typesText(await servedDocument())
if (process.argv.includes('--check')) {
  let current = ''
  try {
    current = readFileSync(TYPES_FILE, 'utf8')
  } catch {
    // missing counts as different
  }
  if (current !== text) {
    process.stderr.write('src/client/openapi-types.ts differs from the served document: run npm run client:types\n')
    process.exit(1)
  }
  process.stdout.write('src/client/openapi-types.ts matches the served document\n')
} else {
  mkdirSync(dirname(TYPES_FILE), { recursive: true })
  writeFileSync(TYPES_FILE, text)
  process.stdout.write(`wrote ${TYPES_FILE}\n`)
}
