// The Node.js versions csapi supports are one decision, said in three places that must agree:
// package.json's engines, the README, and .ci/run, which runs on each. And every package `npm ci`
// installs accepts every supported version, down to the first release of each line that engines
// allows, so that npm ci does not warn EBADENGINE on any of them.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import semver from 'semver'

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>
}
const range = pkg.engines.node
/** The first release of each supported line: ^20.19.0 || ^22.13.0 || ^24.0.0 → 20.19.0, 22.13.0, 24.0.0. */
const FIRST = [...range.matchAll(/\^(\d+\.\d+\.\d+)/g)].map((m) => m[1]!)

test('engines names the lines 20, 22 and 24 (each from a release), and no other', () => {
  assert.deepEqual(
    FIRST.map((v) => semver.major(v)),
    [20, 22, 24],
  )
  assert.equal(range, FIRST.map((v) => `^${v}`).join(' || '))
  for (const v of ['18.20.0', '21.7.3', '23.11.0', '25.0.0']) assert.ok(!semver.satisfies(v, range), v)
  for (const v of FIRST) assert.ok(semver.satisfies(v, range), v)
})

test('every package in package-lock.json accepts the first release of each supported line', () => {
  const refused: string[] = []
  for (const [path, entry] of Object.entries(lock.packages)) {
    const wants = Array.isArray(entry.engines) ? undefined : entry.engines?.node
    if (!path || !wants) continue
    for (const v of FIRST)
      if (!semver.satisfies(v, wants)) refused.push(`${path}@${entry.version} wants node ${wants}: not ${v}`)
  }
  assert.deepEqual(refused, [])
})

test('the README states the supported versions, and .ci/run runs on each line besides the default', () => {
  const readme = readFileSync('README.md', 'utf8')
  const [a, b, c] = FIRST.map((v) => semver.parse(v)!)
  const from = (v: semver.SemVer) => `${v.major} (${v.major}.${v.minor} or later)`
  const said = `Node.js ${from(a!)}, ${from(b!)} or ${c!.major}`
  assert.ok(readme.includes(said), `the README says: ${said}`)
  const ci = readFileSync('.ci/run', 'utf8')
  for (const major of [b!.major, c!.major]) assert.match(ci, new RegExp(`^for v in .*\\b${major}\\b`, 'm'))
})
