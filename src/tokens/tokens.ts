// SQL for API tokens. Only SHA-256 hashes are stored; the plaintext exists once, when issued.
import { createHash, randomBytes } from 'node:crypto'
import type { Queryable } from '../db/index.js'
import type { Role } from '../domain/roles.js'
import { SCOPES, withRead, type Scope } from '../domain/scopes.js'

/** Recognisable by secret scanners; followed by 32 random bytes in base64url. */
export const TOKEN_PREFIX = 'csapi_'
/** A sandbox account's token (a test token): a scanner and a human tell it from a live one. */
export const TEST_TOKEN_PREFIX = 'csapi_test_'

export function generateToken(test = false): string {
  return (test ? TEST_TOKEN_PREFIX : TOKEN_PREFIX) + randomBytes(32).toString('base64url')
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest()
}

/** Stable id derived from the hash, so that importing the same token twice is one row. */
export function tokenId(hash: Buffer): string {
  return 'tok_' + hash.subarray(0, 8).toString('hex')
}

/** What an operator sees of a token: enough to recognise it, never enough to use it. */
export function tokenPrefix(token: string): string {
  return token.slice(0, (token.startsWith(TEST_TOKEN_PREFIX) ? TEST_TOKEN_PREFIX : TOKEN_PREFIX).length + 4)
}

export interface TokenOwner {
  tokenId: string
  accountId: string
  role: Role
  /** Always holds read (domain/scopes.ts). */
  scopes: Scope[]
  /** The sandbox world the account belongs to; '' for a live account. */
  sandboxId: string
}

/** The owner of a token (by its hash) that is known, unrevoked and unexpired; null otherwise. */
export async function findTokenOwner(db: Queryable, hash: Buffer): Promise<TokenOwner | null> {
  const rows = await db.query<TokenOwner>(
    `select t.id as "tokenId", a.id as "accountId", a.role, t.scopes, a.sandbox_id as "sandboxId"
       from api_tokens t join accounts a on a.id = t.account_id
      where t.token_hash = $1 and t.revoked_at is null and (t.expires_at is null or t.expires_at > now())`,
    [hash],
  )
  return rows[0] ?? null
}

export interface NewToken {
  accountId: string
  name: string
  expiresAt: Date | null
  /** Default: read alone for a live account; every scope for a sandbox account (what an integrator tests). */
  scopes?: Scope[]
}

/** A token for the account: a test token (csapi_test_) when the account is a sandbox account. */
export async function createToken(db: Queryable, t: NewToken): Promise<{ id: string; token: string; scopes: Scope[] }> {
  const [account] = await db.query<{ sandbox_id: string }>('select sandbox_id from accounts where id = $1', [
    t.accountId,
  ])
  const sandbox = (account?.sandbox_id ?? '') !== ''
  const token = generateToken(sandbox)
  const scopes = withRead(t.scopes ?? (sandbox ? SCOPES : []))
  const hash = hashToken(token)
  const id = tokenId(hash)
  await db.query(
    `insert into api_tokens (id, account_id, name, token_hash, prefix, expires_at, scopes)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [id, t.accountId, t.name, hash, tokenPrefix(token), t.expiresAt, scopes],
  )
  return { id, token, scopes }
}

export interface TokenInfo {
  id: string
  account_id: string
  name: string
  prefix: string
  created_at: Date
  expires_at: Date | null
  revoked_at: Date | null
  last_used_at: Date | null
  scopes: Scope[]
}

export async function listTokens(db: Queryable, accountId?: string): Promise<TokenInfo[]> {
  return db.query<TokenInfo>(
    `select id, account_id, name, prefix, created_at, expires_at, revoked_at, last_used_at, scopes
       from api_tokens where ($1::text is null or account_id = $1) order by account_id, created_at, id`,
    [accountId ?? null],
  )
}

/** Revokes a token; false when no such token exists. Revoking twice keeps the first time. */
export async function revokeToken(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query(
    `update api_tokens set revoked_at = coalesce(revoked_at, now()) where id = $1 returning id`,
    [id],
  )
  return rows.length > 0
}

export async function accountRole(db: Queryable, accountId: string): Promise<Role | null> {
  const rows = await db.query<{ role: Role }>('select role from accounts where id = $1', [accountId])
  return rows[0]?.role ?? null
}

/** Sets last_used_at to now, unless it was set less than a minute ago (by any instance). */
export async function touchTokens(db: Queryable, ids: string[]): Promise<void> {
  await db.query(
    `update api_tokens set last_used_at = now()
      where id = any($1::text[]) and (last_used_at is null or last_used_at < now() - interval '1 minute')`,
    [ids],
  )
}
