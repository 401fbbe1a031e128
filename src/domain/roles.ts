// Who an account is: every token acts with its account's one role (API-DECISIONS.md).
export const ROLES = ['creator', 'seller', 'operator'] as const
export type Role = (typeof ROLES)[number]
