// The layering rule of docs/architecture.md, checked on the import graph of src/: every import
// points down (or stays in its own folder), and the client stands alone.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const SRC = fileURLToPath(new URL('../../src/', import.meta.url))

/** What each layer may import, besides itself. Lower layers never import higher ones. */
export const ALLOWED: Record<string, string[]> = {
  bin: ['cli'],
  cli: [
    'http',
    'ingest',
    'dataset',
    'demo',
    'sandbox',
    'settlement',
    'webhooks',
    'tokens',
    'events',
    'db',
    'domain',
    'config',
    'client',
  ],
  demo: ['dataset', 'ingest', 'settlement', 'tokens', 'db', 'domain', 'config'],
  // the sandbox's clock runs the real ingestion and settlement, for the one request that moves it
  sandbox: ['demo', 'dataset', 'ingest', 'settlement', 'tokens', 'events', 'db', 'domain', 'config'],
  http: ['sandbox', 'webhooks', 'tokens', 'events', 'db', 'domain', 'config'],
  webhooks: ['events', 'db', 'domain', 'config'],
  ingest: ['events', 'db', 'domain', 'config'],
  dataset: ['tokens', 'events', 'db', 'domain', 'config'],
  settlement: ['events', 'db', 'domain', 'config'],
  tokens: ['db', 'domain', 'config'],
  events: ['db', 'domain', 'config'],
  db: ['domain', 'config'],
  config: ['domain'],
  domain: [],
  client: [],
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : []
  })
}

const layerOf = (file: string) => {
  const rel = relative(SRC, file)
  return rel.includes('/') ? rel.split('/')[0]! : rel.replace(/\.[jt]s$/, '')
}

test('every import of src/ points down the layers (docs/architecture.md)', () => {
  const wrong: string[] = []
  const edges = new Map<string, Set<string>>()
  for (const file of files(SRC)) {
    const from = layerOf(file)
    assert.ok(from in ALLOWED, `${relative(SRC, file)}: layer ${from} is not in the rule`)
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]/g)) {
      const target = normalize(join(dirname(file), m[1]!))
      const to = layerOf(target)
      if (to === from) continue
      if (!edges.has(from)) edges.set(from, new Set())
      edges.get(from)!.add(to)
      if (!ALLOWED[from]!.includes(to))
        wrong.push(`${relative(SRC, file)} → ${relative(SRC, target)} (${from} → ${to})`)
    }
  }
  assert.deepEqual(wrong, [], 'imports that point up or sideways')
  assert.ok(edges.get('http')?.has('db') && edges.get('cli')?.has('http'), 'the check saw the graph')
})

test('the client imports nothing outside src/client, so it ships alone', () => {
  for (const file of files(join(SRC, 'client'))) {
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)) {
      assert.ok(m[1]!.startsWith('./'), `${relative(SRC, file)} imports ${m[1]}`)
    }
  }
})
