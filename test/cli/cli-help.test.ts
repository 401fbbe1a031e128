// The help of `csapi` is generated from the command tree: every command and subcommand answers
// --help with exit 0, its usage line, its options, arguments and subcommands; and a usage
// mistake in any of them takes the one usage path (exit 2, the message, the usage line and the
// command to run for help). All in process, through main().
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { commandsOf, main, pathOf, program } from '../../src/cli/main.js'

async function csapi(...argv: string[]) {
  let out = ''
  let err = ''
  const stdout = new Writable({ write: (c, _e, done) => done(void (out += c)) })
  const stderr = new Writable({ write: (c, _e, done) => done(void (err += c)) })
  const code = await main(argv, { stdout, stderr, env: {} })
  return { code, out, err }
}

const quiet = new Writable({ write: (_c, _e, done) => done() })
const tree = commandsOf(program({ stdout: quiet, stderr: quiet, env: {} }))
const words = (path: string) => path.split(' ').slice(1) // without "csapi"
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

test(
  'the tree has every command, and the subcommands of tokens, ingest, commissions, payouts, ' +
    'export, webhooks and sandbox',
  () => {
    assert.deepEqual(tree.map(pathOf), [
      'csapi',
      'csapi serve',
      'csapi migrate',
      'csapi import',
      'csapi tokens',
      'csapi tokens create',
      'csapi tokens list',
      'csapi tokens revoke',
      'csapi demo',
      'csapi ingest',
      'csapi ingest amazon-attribution',
      'csapi commissions',
      'csapi commissions approve',
      'csapi commissions pay',
      'csapi payouts',
      'csapi payouts list',
      'csapi payouts show',
      'csapi export',
      'csapi export reports',
      'csapi export seller-reports',
      'csapi export products',
      'csapi export payouts',
      'csapi webhooks',
      'csapi webhooks add',
      'csapi webhooks list',
      'csapi webhooks remove',
      'csapi webhooks enable',
      'csapi webhooks rotate-secret',
      'csapi webhooks test',
      'csapi webhooks deliveries',
      'csapi webhooks replay',
      'csapi sandbox',
      'csapi sandbox create',
      'csapi sandbox list',
      'csapi sandbox delete',
    ])
  },
)

for (const cmd of tree) {
  const path = pathOf(cmd)
  test(`${path} --help: exit 0, the usage line, every option, argument and subcommand`, async () => {
    const r = await csapi(...words(path), '--help')
    assert.equal(r.code, 0, r.err)
    assert.equal(r.err, '')
    assert.match(r.out, new RegExp(`^Usage: ${escape(path)}( |$)`, 'm'))
    assert.ok(cmd.description().length > 0, 'it says what it does')
    assert.ok(r.out.includes(cmd.description().slice(0, 40)), r.out)
    for (const option of cmd.options) assert.ok(r.out.includes(option.flags), `${option.flags} in\n${r.out}`)
    for (const arg of cmd.registeredArguments) assert.ok(r.out.includes(arg.name()), `${arg.name()} in\n${r.out}`)
    for (const sub of cmd.commands) assert.match(r.out, new RegExp(`^  ${escape(sub.name())}\\b`, 'm'))
    assert.ok(r.out.includes('-h, --help'))
  })

  test(`${path} with an unknown option: exit 2 through the one usage path`, async () => {
    const r = await csapi(...words(path), '--no-such-option')
    assert.equal(r.code, 2)
    assert.equal(r.out, '')
    const [message, usage, hint] = r.err
      .trimEnd()
      .split('\n')
      .filter((l) => !l.startsWith('(Did you mean'))
    // options are checked in commander's order: a required option or argument may be missing first
    assert.match(message!, /^csapi: (unknown option '--no-such-option'|required option '.+' not specified)$/)
    assert.match(usage!, new RegExp(`^usage: ${escape(path)} `))
    assert.equal(hint, `Run "${path} --help" for details.`)
  })
}

test('csapi alone prints the help and exits 2; csapi help and csapi help COMMAND exit 0', async () => {
  const bare = await csapi()
  assert.equal(bare.code, 2)
  assert.match(bare.err, /^Usage: csapi \[options\] \[command\]/m)
  for (const argv of [['help'], ['--help'], ['-h']]) {
    const r = await csapi(...argv)
    assert.equal(r.code, 0, argv.join(' '))
    assert.match(r.out, /^Usage: csapi \[options\] \[command\]/m)
    assert.match(r.out, /every variable is in docs\/operations\.md/)
  }
  const sub = await csapi('help', 'tokens')
  assert.equal(sub.code, 0)
  assert.match(sub.out, /^Usage: csapi tokens /m)
})

test('a command with subcommands but none given prints its help and exits 2', async () => {
  for (const path of ['tokens', 'ingest', 'commissions', 'payouts', 'export']) {
    const r = await csapi(path)
    assert.equal(r.code, 2, path)
    assert.match(r.err, new RegExp(`^Usage: csapi ${path} `, 'm'))
  }
})

test('bad values are usage errors that say what the option takes', async () => {
  const cases: [string[], RegExp][] = [
    [['serve', '--port', '70000'], /--port must be a number from 0 to 65535/],
    [['serve', '--workers', 'two'], /--workers must be a number from 1 to 999/],
    [['tokens', 'create', '--account', 'a', '--expires-in', '3w'], /--expires-in must look like 90d, 12h or 30m/],
    [['demo', '--size', 'huge'], /Allowed choices are small, medium, large/],
    [['commissions', 'approve', '--through', '2026-13-01'], /--through must be a day YYYY-MM-DD/],
    [['export', 'products', '--brand-id', 'b', '--limit', '101'], /--limit must be a number from 1 to 100/],
    [['export', 'reports', '--start', 'x', '--end', 'y', '--format', 'xml'], /Allowed choices are csv, ndjson/],
    [['import', 'a.json', 'b.json'], /too many arguments for 'import'/],
  ]
  for (const [argv, message] of cases) {
    const r = await csapi(...argv)
    assert.equal(r.code, 2, argv.join(' '))
    assert.match(r.err, message)
    assert.match(r.err, /\nusage: csapi /)
  }
})
