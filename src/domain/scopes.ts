// What a token may do besides reading (API-DECISIONS.md, migrations/017_self_service.sql). Every
// token has `read`; each kind of write has a scope of its own, so that a leaked read token
// changes nothing.
export const SCOPES = ['read', 'webhooks:write'] as const
export type Scope = (typeof SCOPES)[number]

/** The scopes a token is issued with: `read` always, then the others asked for, once each, in SCOPES' order. */
export function withRead(asked: readonly string[]): Scope[] {
  for (const s of asked)
    if (!(SCOPES as readonly string[]).includes(s))
      throw new RangeError(`unknown scope ${s}: one of ${SCOPES.join(', ')}`)
  return SCOPES.filter((s) => s === 'read' || asked.includes(s))
}
