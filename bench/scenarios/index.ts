// The scenario groups, in the order they are measured. A new group is a file exporting a Group
// (its scenarios by name, each with its own request, ceiling SQL and peers) added here.
import { brands } from './brands.js'
import { changes } from './changes.js'
import { payouts } from './payouts.js'
import { products } from './products.js'
import { reports } from './reports.js'
import type { Context, Group, Scenario } from './types.js'

export type { Bases, Context, Group, Scenario } from './types.js'
export { validate } from './validate.js'

export const GROUPS: Group[] = [brands, products, reports, changes, payouts]

/** Builds the scenarios whose name contains `only` (all without it), against running servers. */
export async function buildScenarios(ctx: Context, only?: string): Promise<Scenario[]> {
  const out: Scenario[] = []
  for (const group of GROUPS) {
    for (const entry of group.entries(ctx)) {
      if (only === undefined || entry.name.includes(only)) out.push(await entry.build())
    }
  }
  return out
}
