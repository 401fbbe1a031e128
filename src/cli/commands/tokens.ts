// `csapi tokens create|list|revoke`: API tokens. A token is printed once; only its SHA-256 is
// stored, so list never shows one.
import { Command, InvalidArgumentError } from 'commander'
import { createToken, listTokens, revokeToken, type TokenInfo } from '../../tokens/tokens.js'
import { namedAccount, withDb } from '../db.js'
import { UsageError } from '../errors.js'
import { println, type Io } from '../io.js'
import { duration } from '../options.js'
import { SCOPES, withRead, type Scope } from '../../domain/scopes.js'

/** `--scope webhooks:write`, repeated or comma-separated; each one known. */
function scopeList(value: string, previous: Scope[]): Scope[] {
  const asked = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  try {
    withRead(asked)
  } catch (err) {
    // commander's own error: it is reported with this command's usage, not the root's
    throw new InvalidArgumentError((err as Error).message)
  }
  return [...previous, ...(asked as Scope[])]
}

export function tokensCommand(io: Io): Command {
  const tokens = new Command('tokens').description('issue, list and revoke API tokens')
  tokens
    .command('create')
    .description('issue a token for an account; it is printed this once')
    .requiredOption('--account <id>', 'the account the token acts for')
    .option('--name <name>', 'a label to recognise it by')
    .option('--expires-in <duration>', 'lifetime such as 90d, 12h or 30m (default: never expires)', duration)
    .option(
      '--scope <scope...>',
      `what it may do besides reading: ${SCOPES.filter((s) => s !== 'read').join(', ')} (read is always given; ` +
        'default: read alone, or every scope for a sandbox account)',
      scopeList,
      [],
    )
    .action((opts: { account: string; name?: string; expiresIn?: number; scope: Scope[] }) =>
      withDb(io, async (db) => {
        const role = await namedAccount(db, opts.account, undefined, ': import it first (csapi import FILE)')
        const expiresAt = opts.expiresIn === undefined ? null : new Date(Date.now() + opts.expiresIn)
        // no --scope: createToken's default, which gives a sandbox account's test token webhooks:write too
        const asked = opts.scope.length > 0 ? withRead(opts.scope) : undefined
        const t = await createToken(db, { accountId: opts.account, name: opts.name ?? '', expiresAt, scopes: asked })
        const scopes = t.scopes
        const expires = expiresAt ? `, expires ${expiresAt.toISOString()}` : ''
        println(
          io.stdout,
          `token ${t.id} for ${role} account ${opts.account}${expires}, scopes ${scopes.join(' ')}.\n` +
            `It is shown this once; store it now:\n${t.token}`,
        )
      }),
    )
  tokens
    .command('list')
    .description(
      'list tokens: id, account, name, prefix, created, expires, revoked, last used, scopes; never a token itself',
    )
    .option('--account <id>', "only this account's tokens")
    .action((opts: { account?: string }) =>
      withDb(io, async (db) => {
        if (opts.account !== undefined) await namedAccount(db, opts.account)
        const rows = await listTokens(db, opts.account)
        println(io.stdout, table(rows))
        if (rows.length === 0) println(io.stdout, '(no tokens)')
      }),
    )
  tokens
    .command('revoke')
    .description('revoke a token at once')
    .argument('<token-id>', 'the ID that tokens list shows (tok_…)')
    .action((id: string) =>
      withDb(io, async (db) => {
        if (!(await revokeToken(db, id))) throw new UsageError(`no token "${id}" (see csapi tokens list)`)
        println(io.stdout, `token ${id} revoked`)
      }),
    )
  return tokens
}

function table(rows: TokenInfo[]): string {
  const iso = (d: Date | null) => (d ? d.toISOString().replace(/\.\d{3}Z$/, 'Z') : '-')
  const cells = [['ID', 'ACCOUNT', 'NAME', 'PREFIX', 'CREATED', 'EXPIRES', 'REVOKED', 'LAST USED', 'SCOPES']].concat(
    rows.map((t) => [
      t.id,
      t.account_id,
      t.name || '-',
      `${t.prefix}…`,
      iso(t.created_at),
      iso(t.expires_at),
      iso(t.revoked_at),
      iso(t.last_used_at),
      t.scopes.join(','),
    ]),
  )
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)))
  return cells
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}
