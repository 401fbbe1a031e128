// The served OpenAPI document and the client types generated from it, shared by the export
// scripts and by the tests that fail when openapi.json or src/client/openapi-types.ts drift.
import { fileURLToPath } from 'node:url'
import openapiTS, { astToString } from 'openapi-typescript'
import { buildApp } from '../src/http/app.js'
import { openDb } from '../src/db/index.js'

export const OPENAPI_FILE = fileURLToPath(new URL('../openapi.json', import.meta.url))
export const TYPES_FILE = fileURLToPath(new URL('../src/client/openapi-types.ts', import.meta.url))

/** The document the app serves at /openapi.json, built on a throwaway in-memory database. */
export async function servedDocument(): Promise<Record<string, unknown>> {
  const db = await openDb('memory:')
  const app = await buildApp({ db, cursorSecrets: ['openapi-export-only-0123456789abcdef'] })
  try {
    await app.ready()
    // a deep copy, so that callers never hold the app's own object
    return JSON.parse(JSON.stringify(app.swagger())) as Record<string, unknown>
  } finally {
    await app.close()
    await db.close()
  }
}

/** openapi.json's exact text: two-space indent and a final newline. */
export const documentText = (doc: unknown) => JSON.stringify(doc, null, 2) + '\n'

const HEADER = `// Generated from the served /openapi.json by openapi-typescript (npm run client:types).
// Do not edit: test/api/openapi-file.test.ts fails when this file and the document drift.
`

/** src/client/openapi-types.ts's exact text for a document. */
export async function typesText(doc: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0], {
    alphabetize: false,
    exportType: false,
    // each schema also as a type of its own name (Brand, ReportRow, …), which the client exports
    rootTypes: true,
    rootTypesNoSchemaPrefix: true,
    // a field with a default is optional to send (a request's overlap_seconds), not always present
    defaultNonNullable: false,
  })
  return HEADER + astToString(ast)
}
