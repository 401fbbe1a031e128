// Seller product sync: mirror the products of your brands into a local catalogue file and print
// what changed since the last run (added, changed, removed), as a shop or PIM import would.
//
//   CSAPI_TOKEN=<seller token> npx tsx examples/seller-sync.ts --brand-id B1 [--brand-id B2] \
//     [--catalog catalog.json] [--json]
//
// In your own project: import { Client } from 'csapi/client'
import { readFile, rename, writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { Client, PermissionError, type Product } from '../src/client/index.js'

export interface SyncResult {
  added: string[]
  changed: string[]
  removed: string[]
  unchanged: number
  /** Brands the token may not read (403), skipped. */
  forbidden: string[]
}

type Catalog = Record<string, Product>

export async function sync(
  client: Client,
  brandIds: string[],
  previous: Catalog,
): Promise<{ catalog: Catalog; result: SyncResult }> {
  const catalog: Catalog = {}
  const result: SyncResult = { added: [], changed: [], removed: [], unchanged: 0, forbidden: [] }
  const synced = new Set<string>()
  for (const brandId of brandIds) {
    try {
      for await (const p of client.seller.products.list({ brand_id: brandId, limit: 100 })) catalog[p.id] = p
      synced.add(brandId)
    } catch (err) {
      if (!(err instanceof PermissionError)) throw err
      result.forbidden.push(brandId)
    }
  }
  for (const [id, p] of Object.entries(catalog)) {
    const old = previous[id]
    if (!old) result.added.push(id)
    else if (JSON.stringify(old) !== JSON.stringify(p)) result.changed.push(id)
    else result.unchanged++
  }
  for (const [id, p] of Object.entries(previous)) {
    // a product of a brand that could not be read is kept, not reported as removed
    if (!(id in catalog) && synced.has(p.brand_id)) result.removed.push(id)
    else if (!(id in catalog)) catalog[id] = p
  }
  return { catalog, result }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      'brand-id': { type: 'string', multiple: true },
      catalog: { type: 'string', default: 'catalog.json' },
      json: { type: 'boolean', default: false },
    },
  })
  const brandIds = values['brand-id'] ?? []
  if (brandIds.length === 0 || !process.env.CSAPI_TOKEN) {
    process.stderr.write(
      'usage: CSAPI_TOKEN=<seller token> [CSAPI_BASE_URL=…] npx tsx examples/seller-sync.ts ' +
        '--brand-id ID [--brand-id ID…] [--catalog FILE] [--json]\n',
    )
    process.exit(2)
  }
  const file = values.catalog!
  const previous: Catalog = await readFile(file, 'utf8').then(
    (t) => JSON.parse(t) as Catalog,
    () => ({}),
  )
  const client = new Client({
    token: process.env.CSAPI_TOKEN,
    baseUrl: process.env.CSAPI_BASE_URL ?? 'http://127.0.0.1:3000',
  })
  const { catalog, result } = await sync(client, brandIds, previous)
  await writeFile(file + '.tmp', JSON.stringify(catalog, null, 2) + '\n')
  await rename(file + '.tmp', file)
  process.stdout.write(
    values.json
      ? JSON.stringify(result) + '\n'
      : `${file}: ${result.added.length} added, ${result.changed.length} changed, ` +
          `${result.removed.length} removed, ${result.unchanged} unchanged` +
          (result.forbidden.length ? `; not granted: ${result.forbidden.join(', ')}` : '') +
          '\n',
  )
}
