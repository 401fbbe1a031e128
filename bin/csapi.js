#!/usr/bin/env node
// The package's command. It runs the compiled code in dist/ (built by `npm ci` through the
// prepare script); from a source checkout without dist/, run `npm run build` first.
import { existsSync } from 'node:fs'

const entry = new URL('../dist/bin.js', import.meta.url)
if (!existsSync(entry)) {
  process.stderr.write('csapi: dist/ is missing: run "npm run build" (npm ci does it for you)\n')
  process.exit(1)
}
await import(entry.href)
