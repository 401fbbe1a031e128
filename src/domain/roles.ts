// Who an account is: every token acts with its account's one role (API-DECISIONS.md).
export const ROLES = ['creator', 'seller', 'operator'] as const
export type Role = (typeof ROLES)[number]

/** "a creator", "an operator": a role as a message names it. */
export const aRole = (role: string) => `${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}`
